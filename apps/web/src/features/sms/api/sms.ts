import type { FileIdData } from '@lodestar/contract/common';
import type { OrderView, PayOrderList, PayOrderListInput } from '@lodestar/contract/payments';
import type {
  BuySmsPackInput,
  SendSmsInput,
  SendSmsResult,
  SmsBalance,
  SmsFilterInput,
  SmsList,
  SmsListInput,
  SmsPack,
} from '@lodestar/contract/sms';
import { PayKind } from '@lodestar/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

/** Every SMS list query key starts with this, so a send refreshes them all. */
export const smsListRoot = ['sms', 'list'] as const;
export const smsBalanceKey = ['sms', 'balance'] as const;
export const smsOrdersRoot = ['sms', 'orders'] as const;

export const getSmsList = (q: SmsListInput) => api.post<SmsList>('Sms/GetSmsList', q);
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
export const getSmsPackOrders = (q: Pick<PayOrderListInput, 'PageIndex' | 'PageSize' | 'SortColumn' | 'SortType'>) =>
  api.post<PayOrderList>('Payment/GetPayOrderList', {
    ...q,
    Kind: PayKind.SmsPack,
    Method: 0,
    Status: -1,
  });
