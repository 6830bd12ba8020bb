import type {
  NewStoppedInput,
  NewStoppedMonth,
  RenewalFeeFilterInput,
  RenewalFeeRow,
  RenewalSortColumn,
} from '@lodestar/contract/reports';
import { type Language, lastMonths, monthRange } from '@lodestar/domain';
import { outsideHold } from '../../lib/errors.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { formatInZone, parseInZone } from '../../lib/time.ts';
import { parseTimeRange } from '../../lib/time-range.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { sourceText, TOTAL_TEXT } from './report-export.ts';
import type { RenewalFilter, RenewalRow, ReportRepository } from './repository.ts';

/** The half-year report's months (docs/SIM-API-2.md: the last six including this one). */
export const REPORT_MONTHS = 6;

/** The caller's calendar date: months turn over at the caller's midnight. */
const todayIn = (timeZone: string) => formatInZone(new Date(), timeZone).slice(0, 10);

function toRenewalRow(r: RenewalRow, lang: Language, timeZone: string): RenewalFeeRow {
  return {
    RenewalID: r.id,
    ICCID: r.iccid,
    MSISDN: r.msisdn,
    HoldName: r.holdName,
    OperatorName: r.operatorName ?? '',
    PackageName: r.packageName ?? '',
    Months: r.months,
    FeeFen: r.feeFen,
    Source: r.source,
    SourceText: sourceText(r.source, lang),
    OrderNo: r.orderNo ?? '',
    WorkID: r.workId,
    ExpiresBefore: r.expiresBefore,
    ExpiresAfter: r.expiresAfter,
    UserName: r.userName ?? '',
    CreateTime: formatInZone(r.createdAt, timeZone),
  };
}

/** The report centre: renewal fees and new/stopped cards, read-only, in the caller's subtree. */
export class ReportService {
  constructor(
    private readonly reports: ReportRepository,
    private readonly holds: HoldScope,
  ) {}

  /** The subtree a HoldID narrows to; another hold's (or a missing) id answers outsideHold. */
  private scope(auth: AuthContext, holdId: number | null | undefined): Promise<string> {
    return this.holds.pathOf(auth, holdId);
  }

  private async checkCatalogue(auth: AuthContext, kind: 'operator' | 'package', id: number | null | undefined) {
    if (id && !(await this.reports.reachable(kind, id, auth.holdPath))) throw outsideHold();
  }

  async renewalFilter(auth: AuthContext, b: RenewalFeeFilterInput): Promise<RenewalFilter> {
    const { from, to } = parseTimeRange(b, auth.timeZone);
    const scopePath = await this.scope(auth, b.HoldID);
    await this.checkCatalogue(auth, 'operator', b.OperatorID);
    await this.checkCatalogue(auth, 'package', b.PackageID);
    return {
      scopePath,
      from,
      to,
      operatorId: b.OperatorID ?? undefined,
      packageId: b.PackageID ?? undefined,
      source: b.Source || undefined,
      iccid: b.ICCID?.trim() || undefined,
    };
  }

  static sort(b: RenewalFeeFilterInput): { sort: RenewalSortColumn; desc: boolean } {
    const sort = b.SortColumn || 'CreateTime';
    return { sort, desc: (b.SortType || (b.SortColumn ? 'asc' : 'desc')) === 'desc' };
  }

  /** One page of the renewal fee report; with `withTotals` the Totals of every filtered row. */
  async renewalFees(auth: AuthContext, lang: Language, b: RenewalFeeFilterInput, pageIndex: number, pageSize: number) {
    const filter = await this.renewalFilter(auth, b);
    const [rows, totals] = await Promise.all([
      this.reports.renewalPage(filter, {
        offset: (pageIndex - 1) * pageSize,
        limit: pageSize,
        ...ReportService.sort(b),
      }),
      this.reports.renewalTotals(filter),
    ]);
    return {
      rows: rows.map((r) => toRenewalRow(r, lang, auth.timeZone)),
      total: totals.count,
      Totals: { Count: totals.count, Months: totals.months, FeeFen: totals.feeFen },
    };
  }

  /** New and stopped cards per month over the last six months in the caller's time zone. */
  async newStopped(auth: AuthContext, b: NewStoppedInput) {
    const scopePath = await this.scope(auth, b.HoldID);
    await this.checkCatalogue(auth, 'operator', b.OperatorID);
    const months = lastMonths(todayIn(auth.timeZone), REPORT_MONTHS);
    // Each month's first instant in the caller's zone, and the end of the last month.
    const bounds = [...months.map((m) => `${m}-01`), monthRange(months.at(-1)!).to].map(
      (day) => parseInZone(`${day} 00:00:00`, auth.timeZone)!,
    );
    const operatorId = b.OperatorID ?? undefined;
    const [created, stopped] = await Promise.all([
      this.reports.newPerMonth(scopePath, operatorId, bounds),
      this.reports.stoppedPerMonth(scopePath, operatorId, bounds),
    ]);
    const Months = months.map(
      (Month, i): NewStoppedMonth => ({ Month, New: created[i] ?? 0, Stopped: stopped[i] ?? 0 }),
    );
    return {
      Months,
      Totals: {
        New: Months.reduce((sum, m) => sum + m.New, 0),
        Stopped: Months.reduce((sum, m) => sum + m.Stopped, 0),
      },
    };
  }

  /** The sheet's rows: the six months, then a totals line. */
  async newStoppedSheet(auth: AuthContext, lang: Language, b: NewStoppedInput) {
    const r = await this.newStopped(auth, b);
    const rows = [...r.Months, { Month: TOTAL_TEXT[lang], ...r.Totals }];
    return { rows, total: rows.length };
  }
}
