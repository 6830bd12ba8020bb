import type { FileIdData } from '@lodestar/contract/common';
import type {
  OrderDetail,
  OrderView,
  PayOrderFilters,
  PayOrderList,
  PayOrderListInput,
  PayOrderSortColumn,
} from '@lodestar/contract/payments';
import { PayStatus } from '@lodestar/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

/** Every payment-order list key starts with this, so a payment refreshes them all. */
export const payOrderListRoot = ['payments', 'orders'] as const;
export const orderKey = (orderId: number) => ['payments', 'order', orderId] as const;

export const getOrder = (OrderID: number) => api.post<OrderDetail>('Payment/GetOrder', { OrderID });
export const closeOrder = (OrderID: number) => api.post<OrderView>('Payment/CloseOrder', { OrderID });
export const sandboxPay = (OrderID: number, Outcome: 'paid' | 'failed') =>
  api.post<OrderView>('Payment/SandboxPay', { OrderID, Outcome });

export type { PayOrderSortColumn };

/** Kind is forced by the caller's functions. */
export const getPayOrderList = (q: PayOrderListInput) => api.post<PayOrderList>('Payment/GetPayOrderList', q);
export const exportPayOrderList = (f: PayOrderFilters) => api.post<FileIdData>('Payment/ExportPayOrderList', f);

export const POLL_MS = 2_000;

/** The order, polled every 2 s while it waits for the payer. */
export function useOrder(orderId: number | undefined) {
  return useQuery({
    queryKey: orderKey(orderId ?? 0),
    queryFn: () => getOrder(orderId!),
    enabled: orderId !== undefined,
    refetchInterval: (q) => (q.state.data && q.state.data.Status !== PayStatus.Pending ? false : POLL_MS),
  });
}

/** Close order and the sandbox buttons: each answers the order as it now is. */
export function useOrderActions(orderId: number | undefined) {
  const qc = useQueryClient();
  const settle = (o: OrderView) => {
    qc.setQueryData<OrderDetail>(orderKey(o.OrderID), (old) => (old ? { ...old, ...o } : old));
    void qc.invalidateQueries({ queryKey: orderKey(o.OrderID) });
    void qc.invalidateQueries({ queryKey: payOrderListRoot });
  };
  return {
    close: useMutation({ mutationFn: () => closeOrder(orderId!), onSuccess: settle }),
    pay: useMutation({ mutationFn: (outcome: 'paid' | 'failed') => sandboxPay(orderId!, outcome), onSuccess: settle }),
  };
}

export function useExportPayOrderList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: exportPayOrderList,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['download', 'list'] }),
  });
}
