/**
 * Invoices (spec section 2 "invoice management", function 85): a hold asks for an invoice over its paid payment
 * orders; the provider above it issues the invoice and attaches the PDF it issued.
 */

/** Ordinary (普通发票) or special VAT invoice (增值税专用发票). */
export const INVOICE_TYPES = ['ordinary', 'special'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

export const INVOICE_STATUSES = ['requested', 'issued'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_RULES = {
  titleMax: 100,
  /** Unified social credit codes are 18 characters; older tax numbers 15 to 20. */
  taxNoPattern: '^[0-9A-Z]{15,20}$',
  emailMax: 100,
  invoiceNoMax: 40,
  /** Orders one request may cover. */
  ordersMax: 200,
  /** The issued PDF: a real e-invoice is 50–300 KB. */
  pdfMaxBytes: 5 * 1024 * 1024,
} as const;

export const INVOICE_SORT_COLUMNS = ['CreateTime', 'AmountFen', 'Status', 'IssueTime'] as const;
