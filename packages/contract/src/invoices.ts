/**
 * Invoices (spec section 2 "invoice management", /vip/invoice, function 85). A hold asks for an invoice over its
 * own paid payment orders (any kind: SIM renewals, SMS packs, wallet top-ups); an order is invoiced once, ever.
 * The provider's staff above it see the request in their subtree, issue it with the invoice number and upload
 * the PDF they issued; the requester downloads it.
 */
import { INVOICE_RULES, INVOICE_SORT_COLUMNS, INVOICE_STATUSES, INVOICE_TYPES } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { Id, Literals, Nullable, PageOf, Paging, ReplyOf, SortOf } from './common.ts';

export const tags = ['invoices'];

export const InvoiceTypeSchema = Literals(INVOICE_TYPES, { description: 'ordinary, or special (VAT)' });
export const InvoiceStatusSchema = Literals(INVOICE_STATUSES);

/** Invoice/GetInvoiceableOrders: the caller's hold's paid orders no invoice covers yet, newest paid first. */
export const InvoiceableOrdersBody = Type.Object({ ...Paging });
export type InvoiceableOrdersInput = Static<typeof InvoiceableOrdersBody>;
export const InvoiceableOrderSchema = Type.Object({
  OrderID: Type.Integer(),
  OrderNo: Type.String(),
  /** PayKind */
  Kind: Type.Integer(),
  KindText: Type.String(),
  Subject: Type.String(),
  AmountFen: Type.Integer(),
  PaidTime: Type.String(),
});
export type InvoiceableOrder = Static<typeof InvoiceableOrderSchema>;
export const InvoiceableOrdersReply = PageOf(InvoiceableOrderSchema);

export const AddInvoiceBody = Type.Object({
  OrderIDs: Type.Array(Id, { minItems: 1, maxItems: INVOICE_RULES.ordersMax, uniqueItems: true }),
  Type: InvoiceTypeSchema,
  Title: Type.String({ minLength: 1, maxLength: INVOICE_RULES.titleMax, description: 'the buyer as printed' }),
  TaxNo: Type.String({ pattern: INVOICE_RULES.taxNoPattern, description: 'unified social credit code, 15–20' }),
  Email: Type.String({ format: 'email', maxLength: INVOICE_RULES.emailMax, description: 'where it is sent' }),
});
export type AddInvoiceInput = Static<typeof AddInvoiceBody>;
export const AddInvoiceReply = ReplyOf(Type.Object({ InvoiceID: Type.Integer() }));

export const InvoiceListBody = Type.Object({
  ...Paging,
  ...SortOf(INVOICE_SORT_COLUMNS),
  Status: Type.Optional(InvoiceStatusSchema),
  /** One unit of the subtree (and below); absent: the whole subtree. */
  HoldID: Type.Optional(Id),
});
export type InvoiceListInput = Static<typeof InvoiceListBody>;
export const InvoiceRowSchema = Type.Object({
  InvoiceID: Type.Integer(),
  HoldID: Type.Integer(),
  HoldName: Type.String(),
  UserName: Nullable(Type.String()),
  Type: InvoiceTypeSchema,
  Title: Type.String(),
  TaxNo: Type.String(),
  Email: Type.String(),
  AmountFen: Type.Integer(),
  OrderNos: Type.Array(Type.String()),
  Status: InvoiceStatusSchema,
  InvoiceNo: Nullable(Type.String()),
  /** The issued PDF is there to download (Invoice/GetInvoiceFile). */
  HasFile: Type.Boolean(),
  CreateTime: Type.String(),
  IssueTime: Nullable(Type.String()),
  /** The caller may issue it: it is a request of a unit below the caller's (super administrators: any). */
  MayIssue: Type.Boolean(),
});
export type InvoiceRow = Static<typeof InvoiceRowSchema>;
export const InvoiceListReply = PageOf(InvoiceRowSchema);

/** Invoice/IssueInvoice: multipart/form-data with the PDF as field `file`; these in the query. */
export const IssueInvoiceQuery = Type.Object({
  InvoiceID: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }),
  InvoiceNo: Type.String({ minLength: 1, maxLength: INVOICE_RULES.invoiceNoMax, pattern: '^[0-9A-Za-z-]+$' }),
});
export type IssueInvoiceInput = Static<typeof IssueInvoiceQuery>;

/** Invoice/GetInvoiceFile (GET, query InvoiceID, the token in the header as Download/GetFile takes it): the PDF. */
export const InvoiceFileQuery = Type.Object({ InvoiceID: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) });
export type InvoiceFileInput = Static<typeof InvoiceFileQuery>;

export type InvoiceSortColumn = (typeof INVOICE_SORT_COLUMNS)[number];
