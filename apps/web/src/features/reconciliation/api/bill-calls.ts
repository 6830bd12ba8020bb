import type { PageWithTotals } from '@lodestar/contract/common';
import type { BillLine, CustomerBill } from '@lodestar/contract/reconciliation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import type { PageQuery } from '../../../components/table/use-server-list.ts';

export const billRoot = ['reconciliation', 'bills'] as const;

export interface BillFilter {
  Month: string;
  HoldID?: number | undefined;
  State: number;
}
export type BillTotals = {
  SimCount: number;
  RenewalCount: number;
  RenewalFen: number;
  SmsPackFen: number;
  SmsSent: number;
  TotalFen: number;
  PaidFen: number;
  DueFen: number;
};
export const getCustomerBills = (q: BillFilter & PageQuery) =>
  api.post<PageWithTotals<CustomerBill, BillTotals>>('Reconciliation/GetCustomerBillList', q);
export const exportCustomerBills = (f: BillFilter) =>
  api.post<{ FileID: number }>('Reconciliation/ExportCustomerBillList', f);

export interface LineFilter {
  BillID: number;
  Kind: number;
}
export type LineTotals = { Count: number; AmountFen: number; PaidFen: number; DueFen: number };
export const getBillLines = (q: LineFilter & PageQuery) =>
  api.post<PageWithTotals<BillLine, LineTotals>>('Reconciliation/GetCustomerBillDetail', q);
export const exportBillLines = (f: LineFilter) =>
  api.post<{ FileID: number }>('Reconciliation/ExportCustomerBillDetail', f);

export function useGenerateBills() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { Month: string; HoldID?: number | undefined }) =>
      api.post<{ Count: number }>('Reconciliation/GenerateCustomerBills', body),
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
