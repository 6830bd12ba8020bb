import type { FileIdData } from '@lodestar/contract/common';
import type { OrderView } from '@lodestar/contract/payments';
import type {
  Quote,
  RenewalBody,
  RenewalFilters,
  RenewalSimListInput,
  RenewalSimRow,
  RenewalSimSortColumn,
} from '@lodestar/contract/renewal';
import type { Page, PayMethod } from '@lodestar/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import { payOrderListRoot } from '../../payments/api/payments.ts';

export type { RenewalSimSortColumn };

export const renewalListRoot = ['renewal', 'sims'] as const;

export const getRenewalSimList = (q: RenewalSimListInput) =>
  api.post<Page<RenewalSimRow>>('Renewal/GetRenewalSimList', q);
export const exportRenewalSimList = (f: RenewalFilters) => api.post<FileIdData>('Renewal/ExportRenewalSimList', f);
export const getQuote = (body: RenewalBody) => api.post<Quote>('Renewal/Quote', body);
export const createRenewalOrder = (body: RenewalBody & { Method: PayMethod }) =>
  api.post<OrderView>('Renewal/CreateOrder', body);

export function useCreateRenewalOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createRenewalOrder,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: renewalListRoot });
      void qc.invalidateQueries({ queryKey: payOrderListRoot });
    },
  });
}

export function useExportRenewalSimList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: exportRenewalSimList,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['download', 'list'] }),
  });
}
