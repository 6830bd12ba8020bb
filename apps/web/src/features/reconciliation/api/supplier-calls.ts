import type { FileIdData, PageWithTotals } from '@lodestar/contract/common';
import type {
  DetailExportQuery,
  DetailListQuery,
  DetailRow,
  DetailTotals,
  RecordExportQuery,
  RecordListQuery,
  RecordRow,
  RecordTotals,
  SupplierSummary,
  UploadBillInput,
  UploadResult,
} from '@lodestar/contract/reconciliation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export type { DetailTotals, RecordTotals };
export type DetailFilter = DetailExportQuery;
export type RecordFilter = RecordExportQuery;

export const reconRoot = ['reconciliation', 'supplier'] as const;

export const useSupplierSummary = (supplierId: number | undefined, month: string) =>
  useQuery({
    queryKey: [...reconRoot, 'summary', supplierId, month],
    queryFn: () =>
      api.post<SupplierSummary>('Reconciliation/GetSupplierSummary', { SupplierID: supplierId, Month: month }),
    enabled: supplierId !== undefined,
  });

/** Nothing is saved when a row is bad: the reply then lists every error. */
export function useUploadSupplierBill() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UploadBillInput) => api.post<UploadResult>('Reconciliation/UploadSupplierBill', body),
    onSuccess: (reply) => {
      if (!('Errors' in reply)) void qc.invalidateQueries({ queryKey: reconRoot });
    },
  });
}

export function useConfirmSupplier() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reconciliationId: number) =>
      api.post<SupplierSummary>('Reconciliation/ConfirmSupplier', { ReconciliationID: reconciliationId }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: reconRoot }),
  });
}

export const getSupplierDetails = (q: DetailListQuery) =>
  api.post<PageWithTotals<DetailRow, DetailTotals>>('Reconciliation/GetSupplierDetails', q);
export const exportSupplierDetails = (f: DetailExportQuery) =>
  api.post<FileIdData>('Reconciliation/ExportSupplierDetails', f);

export const getSupplierRecords = (q: RecordListQuery) =>
  api.post<PageWithTotals<RecordRow, RecordTotals>>('Reconciliation/GetSupplierRecordList', q);
export const exportSupplierRecords = (f: RecordExportQuery) =>
  api.post<FileIdData>('Reconciliation/ExportSupplierRecordList', f);
