import type {
  AddInvoiceInput,
  InvoiceableOrder,
  InvoiceableOrdersInput,
  InvoiceListInput,
  InvoiceRow,
  IssueInvoiceInput,
} from '@lodestar/contract/invoices';
import { AccountType, INVOICE_RULES, type InvoiceType, type Language, PayStatus } from '@lodestar/domain';
import { badRequest, conflict, forbidden, outsideHold } from '../../lib/errors.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import { formatInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { NoticeSink } from '../notices/types.ts';
import { PAY_KIND_TEXT, textOf } from '../payments/texts.ts';
import type { InvoiceRef, InvoiceRepository } from './repository.ts';
import { type InvoiceStore, isPdf } from './store.ts';

/** PostgreSQL's unique_violation: a parallel request took an order between our check and our insert. */
const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION;
};

/**
 * Invoices (/vip/invoice, function 85). A hold asks over its own paid orders (another hold's order answers like a
 * missing one); an order is invoiced once: the orders are locked in the request's transaction and checked, and
 * invoice_orders' unique index refuses whatever slips past. The provider above the hold issues it (a unit cannot
 * issue its own request; super administrators may issue any in their subtree) with the PDF it issued. Those who
 * may issue a request hear of it in the bell, and the requester hears when it is issued, each in the transaction
 * that made the change.
 */
export class InvoiceService {
  constructor(
    private readonly repo: InvoiceRepository,
    private readonly holds: HoldScope,
    private readonly logs: OperationLogRepository,
    private readonly files: InvoiceStore,
    private readonly notices: NoticeSink,
  ) {}

  async invoiceable(auth: AuthContext, lang: Language, input: InvoiceableOrdersInput) {
    const { rows, total } = await this.repo.invoiceable(
      auth.holdId,
      (input.PageIndex - 1) * input.PageSize,
      input.PageSize,
    );
    return {
      rows: rows.map(
        (r): InvoiceableOrder => ({
          OrderID: r.id,
          OrderNo: r.orderNo,
          Kind: r.kind,
          KindText: textOf(PAY_KIND_TEXT, r.kind, lang),
          Subject: r.subject,
          AmountFen: r.amountFen,
          PaidTime: r.paidAt ? formatInZone(r.paidAt, auth.timeZone) : '',
        }),
      ),
      total,
    };
  }

  async add(auth: AuthContext, input: AddInvoiceInput): Promise<{ InvoiceID: number }> {
    const ids = [...new Set(input.OrderIDs)];
    try {
      const id = await this.repo.transaction(async (repo) => {
        const orders = await repo.lockOrders(auth.holdId, ids);
        if (orders.length !== ids.length) throw outsideHold();
        const unpaid = orders.find((o) => o.status !== PayStatus.Paid);
        if (unpaid) throw badRequest('invoiceOrderNotPaid', 'OrderIDs');
        if (orders.some((o) => o.invoiced)) throw conflict('invoiceOrderInvoiced', 'OrderIDs');
        const amountFen = orders.reduce((sum, o) => sum + o.amountFen, 0);
        const invoiceId = await repo.insert(
          {
            holdId: auth.holdId,
            userId: auth.userId,
            type: input.Type,
            title: input.Title,
            taxNo: input.TaxNo,
            email: input.Email,
            amountFen,
          },
          ids,
        );
        const params = {
          InvoiceID: invoiceId,
          Hold: await repo.holdName(auth.holdId),
          Type: input.Type,
          Title: input.Title,
          AmountFen: amountFen,
        };
        await this.notices.add(
          repo.executor,
          (await repo.issuersOf(auth.holdPath, auth.userId)).map((userId) => ({
            userId,
            kind: 'invoiceRequested' as const,
            params,
            dedupeKey: `invoiceRequested:${invoiceId}`,
          })),
        );
        return invoiceId;
      });
      await this.log(auth, auth.holdId, 'addInvoice', `${id}`);
      return { InvoiceID: id };
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('invoiceOrderInvoiced', 'OrderIDs');
      throw err;
    }
  }

  async list(auth: AuthContext, input: InvoiceListInput) {
    const scopePath = await this.holds.pathOf(auth, input.HoldID);
    const { rows, total } = await this.repo.list({
      scopePath,
      status: input.Status,
      sort: input.SortColumn ?? 'CreateTime',
      desc: (input.SortType ?? 'desc') === 'desc',
      offset: (input.PageIndex - 1) * input.PageSize,
      limit: input.PageSize,
    });
    return {
      rows: rows.map(
        (r): InvoiceRow => ({
          InvoiceID: r.id,
          HoldID: r.holdId,
          HoldName: r.holdName,
          UserName: r.userName,
          Type: r.type as InvoiceType,
          Title: r.title,
          TaxNo: r.taxNo,
          Email: r.email,
          AmountFen: r.amountFen,
          OrderNos: r.orderNos,
          Status: r.status === 'issued' ? 'issued' : 'requested',
          InvoiceNo: r.invoiceNo,
          HasFile: r.filePath !== null,
          CreateTime: formatInZone(r.createdAt, auth.timeZone),
          IssueTime: r.issuedAt ? formatInZone(r.issuedAt, auth.timeZone) : null,
          MayIssue: r.status === 'requested' && this.mayIssue(auth, r.holdPath),
        }),
      ),
      total,
    };
  }

  async issue(auth: AuthContext, input: IssueInvoiceInput, bytes: Buffer): Promise<void> {
    const invoice = await this.owned(auth, Number(input.InvoiceID));
    if (!this.mayIssue(auth, invoice.holdPath)) throw forbidden('invoiceIssueAbove');
    if (invoice.status !== 'requested') throw conflict('invoiceAlreadyIssued', `${invoice.invoiceNo ?? ''}`);
    if (!isPdf(bytes)) throw badRequest('invoiceNotPdf', 'file');
    const stored = await this.files.save(invoice.holdId, invoice.id, bytes);
    await this.repo.transaction(async (repo) => {
      if (!(await repo.issue(invoice.id, input.InvoiceNo, stored, bytes.length, auth.userId)))
        throw conflict('invoiceAlreadyIssued');
      if (invoice.userId === null) return;
      await this.notices.add(repo.executor, [
        {
          userId: invoice.userId,
          kind: 'invoiceIssued',
          params: {
            InvoiceID: invoice.id,
            InvoiceNo: input.InvoiceNo,
            Title: invoice.title,
            AmountFen: invoice.amountFen,
          },
          dedupeKey: `invoiceIssued:${invoice.id}`,
        },
      ]);
    });
    await this.log(auth, invoice.holdId, 'issueInvoice', `${invoice.id} ${input.InvoiceNo}`);
  }

  /** The issued PDF's full path and a file name for the download. */
  async file(auth: AuthContext, invoiceId: number): Promise<{ path: string; name: string }> {
    const invoice = await this.owned(auth, invoiceId);
    const full = invoice.filePath ? this.files.resolve(invoice.filePath) : undefined;
    if (!full) throw badRequest('invoiceNoFile', 'InvoiceID');
    return { path: full, name: `invoice-${invoice.invoiceNo ?? invoice.id}.pdf` };
  }

  /** The provider above the requesting unit issues; a super administrator may issue any it sees. */
  private mayIssue(auth: AuthContext, holdPath: string): boolean {
    if (auth.accountType === AccountType.SuperAdmin) return true;
    return holdPath !== auth.holdPath && holdPath.startsWith(auth.holdPath);
  }

  private async owned(auth: AuthContext, id: number): Promise<InvoiceRef> {
    const invoice = await this.repo.find(id);
    assertInSubtree(auth.holdPath, invoice);
    return invoice!;
  }

  private log(auth: AuthContext, holdId: number, action: string, detail: string) {
    return this.logs.operation({ userId: auth.userId, holdId, action, detail, ip: auth.ip });
  }
}

export const INVOICE_PDF_MAX_MB = INVOICE_RULES.pdfMaxBytes / 1024 / 1024;
