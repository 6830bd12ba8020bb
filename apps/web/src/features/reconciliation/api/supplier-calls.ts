import type { PageWithTotals } from '@lodestar/contract/common';
import type { DetailRow, RecordRow, SupplierSummary, UploadResult } from '@lodestar/contract/reconciliation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import type { PageQuery } from '../../../components/table/use-server-list.ts';

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
    mutationFn: (body: { SupplierID: number; Month: string; FileID: number }) =>
      api.post<UploadResult>('Reconciliation/UploadSupplierBill', body),
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

export interface DetailFilter {
  ReconciliationID: number;
  Match: number;
  ICCID: string;
}
export type DetailTotals = { ExpectedFen: number; BilledFen: number; DifferenceFen: number };
export const getSupplierDetails = (q: DetailFilter & PageQuery) =>
  api.post<PageWithTotals<DetailRow, DetailTotals>>('Reconciliation/GetSupplierDetails', q);
export const exportSupplierDetails = (f: DetailFilter) =>
  api.post<{ FileID: number }>('Reconciliation/ExportSupplierDetails', f);

export interface RecordFilter {
  SupplierID?: number | undefined;
  MonthFrom?: string | undefined;
  MonthTo?: string | undefined;
  State: number;
}
export type RecordTotals = { SimCount: number; ExpectedFen: number; BilledFen: number; DifferenceFen: number };
export const getSupplierRecords = (q: RecordFilter & PageQuery) =>
  api.post<PageWithTotals<RecordRow, RecordTotals>>('Reconciliation/GetSupplierRecordList', q);
export const exportSupplierRecords = (f: RecordFilter) =>
  api.post<{ FileID: number }>('Reconciliation/ExportSupplierRecordList', f);
