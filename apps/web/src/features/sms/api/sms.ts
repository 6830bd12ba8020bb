import type { FileIdData } from '@lodestar/contract/common';
import type { OrderView, PayOrderList } from '@lodestar/contract/payments';
import type {
  BuySmsPackInput,
  SendSmsInput,
  SendSmsResult,
  SmsBalance,
  SmsFilterInput,
  SmsList,
  SmsPack,
} from '@lodestar/contract/sms';
import { PayKind } from '@lodestar/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import type { PageQuery } from '../../../components/table/use-server-list.ts';

/** Every SMS list query key starts with this, so a send refreshes them all. */
export const smsListRoot = ['sms', 'list'] as const;
export const smsBalanceKey = ['sms', 'balance'] as const;
export const smsOrdersRoot = ['sms', 'orders'] as const;

/** SortColumn is one of CreateTime, MSISDN, State. */
export const getSmsList = (q: SmsFilterInput & PageQuery) => api.post<SmsList>('Sms/GetSmsList', q);
export const exportSmsList = (filters: SmsFilterInput) => api.post<FileIdData>('Sms/ExportSmsList', filters);
export const sendSms = (body: SendSmsInput) => api.post<SendSmsResult>('Sms/SendSms', body);

export function useSmsBalance() {
  return useQuery({ queryKey: smsBalanceKey, queryFn: () => api.post<SmsBalance>('Sms/GetSmsBalance', {}) });
}

export function useSmsPacks() {
  return useQuery({
    queryKey: ['sms', 'packs'],
    queryFn: () => api.post<SmsPack[]>('Sms/GetSmsPacks', {}),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSendSms() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendSms,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: smsListRoot });
      void qc.invalidateQueries({ queryKey: smsBalanceKey });
    },
  });
}

export const buySmsPack = (body: BuySmsPackInput) => api.post<OrderView>('Sms/BuySmsPack', body);

/** The hold's SMS pack orders (Payment/GetPayOrderList, Kind 2). */
export const getSmsPackOrders = (q: PageQuery) =>
  api.post<PayOrderList>('Payment/GetPayOrderList', {
    ...q,
    Kind: PayKind.SmsPack,
    Method: 0,
    Status: -1,
  });
