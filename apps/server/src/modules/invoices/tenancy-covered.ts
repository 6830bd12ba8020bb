/** Invoice calls whose other-hold ids modules/invoices/routes.test.ts tries (OrderIDs, InvoiceID, HoldID). */
export const INVOICES_TENANCY_PATHS: string[] = [
  'Invoice/AddInvoice',
  'Invoice/GetInvoiceList',
  'Invoice/IssueInvoice',
  'Invoice/GetInvoiceFile',
];
