/**
 * The reconciliation calls whose ids `tenancy.test.ts` in this folder tries with a sibling hold's ids
 * (SupplierID, FileID, ReconciliationID, HoldID, BillID), so the project-wide tenancy test counts them as covered.
 */
export const RECONCILIATION_TENANCY_PATHS: string[] = [
  'Reconciliation/GetSupplierSummary',
  'Reconciliation/UploadSupplierBill',
  'Reconciliation/GetSupplierDetails',
  'Reconciliation/ExportSupplierDetails',
  'Reconciliation/ConfirmSupplier',
  'Reconciliation/GetSupplierRecordList',
  'Reconciliation/ExportSupplierRecordList',
  'Reconciliation/GenerateCustomerBills',
  'Reconciliation/GetCustomerBillList',
  'Reconciliation/ExportCustomerBillList',
  'Reconciliation/GetCustomerBillDetail',
  'Reconciliation/ExportCustomerBillDetail',
  'Reconciliation/SetCustomerBillPaid',
];
