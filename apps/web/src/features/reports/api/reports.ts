import type { FileIdData, PageWithTotals } from '@lodestar/contract/common';
import type { PayOrderFilters, PayOrderListInput, PayOrderRow, PayOrderTotals } from '@lodestar/contract/payments';
import type {
  NewStoppedInput,
  NewStoppedReport,
  RenewalFeeFilterInput,
  RenewalFeeListInput,
  RenewalFeeRow,
  RenewalTotals,
} from '@lodestar/contract/reports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export const renewalFeeRoot = ['reports', 'renewalFees'] as const;
export const payOrderRoot = ['reports', 'payOrders'] as const;

export const getRenewalFeeList = (q: RenewalFeeListInput) =>
  api.post<PageWithTotals<RenewalFeeRow, RenewalTotals>>('Report/GetRenewalFeeList', q);

/** The payments module's list, with its totals. */
export const getPayOrderList = (q: PayOrderListInput) =>
  api.post<PageWithTotals<PayOrderRow, PayOrderTotals>>('Payment/GetPayOrderList', q);

export function useNewStopped(filters: NewStoppedInput) {
  return useQuery({
    queryKey: ['reports', 'newStopped', filters],
    queryFn: () => api.post<NewStoppedReport>('Report/GetNewStoppedCards', filters),
  });
}

/** An export prepares its file in the download centre; the centre's list refreshes. */
function useExport<F>(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (filters: F) => api.post<FileIdData>(path, filters),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['download', 'list'] }),
  });
}
export const useExportRenewalFees = () => useExport<RenewalFeeFilterInput>('Report/ExportRenewalFeeList');
export const useExportNewStopped = () => useExport<NewStoppedInput>('Report/ExportNewStoppedCards');
export const useExportPayOrders = () => useExport<PayOrderFilters>('Payment/ExportPayOrderList');
