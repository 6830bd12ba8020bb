import type { BillExportBody, LineExportBody } from '@lodestar/contract/reconciliation';
import { addMonths, type Language } from '@lodestar/domain';
import type { Type } from 'typebox';
import { badRequest, outsideHold } from '../../lib/errors.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { formatInZone, parseInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { BillRepository, BillRowData, BillScope, MonthSpan } from './bill-repository.ts';
import { BILL_STATE_TEXT, LINE_KIND_TEXT, textOf } from './texts.ts';

type BillFilterInput = Type.Static<typeof BillExportBody>;
type LineFilterInput = Type.Static<typeof LineExportBody>;

/** The month's first instant and the next month's, in the caller's time zone. */
export function monthSpan(month: string, timeZone: string): MonthSpan {
  const next = addMonths(`${month}-01`, 1);
  return {
    month,
    from: parseInZone(`${month}-01 00:00:00`, timeZone)!,
    to: parseInZone(`${next} 00:00:00`, timeZone)!,
  };
}

/** Customer bills (fn 22): the customers strictly below the caller's hold. */
export class BillService {
  constructor(
    private readonly repo: BillRepository,
    private readonly holds: HoldScope,
  ) {}

  /** The caller's reach, or a chosen customer's subtree inside it (another hold's id: outsideHold). */
  private async scope(auth: AuthContext, holdId: number | undefined): Promise<BillScope> {
    if (!holdId) return { path: auth.holdPath, callerHoldId: auth.holdId };
    const hold = await this.holds.inReach(auth, holdId);
    return { path: hold.path, callerHoldId: auth.holdId };
  }

  async generate(auth: AuthContext, body: { Month: string; HoldID?: number | undefined }) {
    if (body.HoldID === auth.holdId) throw badRequest('billOwnHold');
    const scope = await this.scope(auth, body.HoldID);
    const count = await this.repo.generate(scope, monthSpan(body.Month, auth.timeZone), {
      userId: auth.userId,
      holdId: auth.holdId,
      ip: auth.ip,
    });
    return { Count: count };
  }

  private view(b: BillRowData, auth: AuthContext, lang: Language) {
    return {
      BillID: b.id,
      HoldID: b.holdId,
      HoldName: b.holdName,
      Month: b.month,
      SimCount: b.simCount,
      RenewalCount: b.renewalCount,
      RenewalFen: b.renewalFen,
      SmsPackFen: b.smsPackFen,
      SmsSent: b.smsSent,
      TotalFen: b.totalFen,
      PaidFen: b.paidFen,
      DueFen: b.dueFen,
      State: b.state,
      StateText: textOf(BILL_STATE_TEXT, b.state, lang),
      PaidTime: b.paidAt ? formatInZone(b.paidAt, auth.timeZone) : '',
      UpdateTime: formatInZone(b.updatedAt, auth.timeZone),
    };
  }

  async list(auth: AuthContext, lang: Language, f: BillFilterInput, pageIndex: number, pageSize: number) {
    const scope = await this.scope(auth, f.HoldID);
    const page = await this.repo.list(
      { ...scope, month: f.Month || undefined, state: f.State },
      { column: f.SortColumn || undefined, desc: f.SortType === 'desc' },
      (pageIndex - 1) * pageSize,
      pageSize,
    );
    return { rows: page.rows.map((b) => this.view(b, auth, lang)), total: page.total, Totals: page.totals };
  }

  private async bill(auth: AuthContext, id: number) {
    const bill = await this.repo.findInScope(id, { path: auth.holdPath, callerHoldId: auth.holdId });
    if (!bill) throw outsideHold();
    return bill;
  }

  async lines(auth: AuthContext, lang: Language, f: LineFilterInput, pageIndex: number, pageSize: number) {
    await this.bill(auth, f.BillID);
    const page = await this.repo.lines(f.BillID, f.Kind, (pageIndex - 1) * pageSize, pageSize);
    return {
      rows: page.rows.map((l) => ({
        Kind: l.kind,
        KindText: textOf(LINE_KIND_TEXT, l.kind, lang),
        ICCID: l.iccid,
        MSISDN: l.msisdn,
        Description: l.description,
        AmountFen: l.amountFen,
        Paid: l.paid,
        Ref: l.ref,
        OccurredTime: l.occurredAt ? formatInZone(l.occurredAt, auth.timeZone) : '',
      })),
      total: page.total,
      Totals: {
        Count: page.totals.count,
        AmountFen: page.totals.amountFen,
        PaidFen: page.totals.paidFen,
        DueFen: page.totals.amountFen - page.totals.paidFen,
      },
    };
  }

  async setPaid(auth: AuthContext, lang: Language, id: number) {
    const bill = await this.bill(auth, id);
    await this.repo.setPaid(id, {
      userId: auth.userId,
      holdId: auth.holdId,
      ip: auth.ip,
      detail: `${bill.holdName} ${bill.month}`,
    });
    return this.view((await this.bill(auth, id))!, auth, lang);
  }
}
