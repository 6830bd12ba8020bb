import type { FileIdData, PageWithTotals } from '@lodestar/contract/common';
import type {
  BillExportQuery,
  BillLine,
  BillListQuery,
  BillSortColumn,
  BillTotals,
  CountData,
  CustomerBill,
  GenerateInput,
  LineExportQuery,
  LineListQuery,
  LineTotals,
} from '@lodestar/contract/reconciliation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export type { BillSortColumn, BillTotals, LineTotals };
/** The bill list's filters: its export query less the order the table owns. */
export type BillFilter = Omit<BillExportQuery, 'SortColumn' | 'SortType'>;
export type LineFilter = LineExportQuery;

export const billRoot = ['reconciliation', 'bills'] as const;

export const getCustomerBills = (q: BillListQuery) =>
  api.post<PageWithTotals<CustomerBill, BillTotals>>('Reconciliation/GetCustomerBillList', q);
export const exportCustomerBills = (f: BillExportQuery) =>
  api.post<FileIdData>('Reconciliation/ExportCustomerBillList', f);

export const getBillLines = (q: LineListQuery) =>
  api.post<PageWithTotals<BillLine, LineTotals>>('Reconciliation/GetCustomerBillDetail', q);
export const exportBillLines = (f: LineExportQuery) =>
  api.post<FileIdData>('Reconciliation/ExportCustomerBillDetail', f);

export function useGenerateBills() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: GenerateInput) => api.post<CountData>('Reconciliation/GenerateCustomerBills', body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: billRoot }),
  });
}

export function useSetBillPaid() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (billId: number) => api.post<CustomerBill>('Reconciliation/SetCustomerBillPaid', { BillID: billId }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: billRoot }),
  });
}
