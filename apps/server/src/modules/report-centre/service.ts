import type {
  ReportChart,
  ReportExportInput,
  ReportResult,
  ReportRunInput,
  ReportTypeRow,
} from '@lodestar/contract/report-centre';
import { formatInZone, type Language, REPORT_LIMITS, REPORT_TYPES, type ReportExportFormat } from '@lodestar/domain';
import { badRequest, outsideHold } from '../../lib/errors.ts';
import type { Exporter } from '../../lib/exporter.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { requireExport, stampedFileName } from '../../lib/list-export.ts';
import { inSubtree } from '../../lib/tenancy.ts';
import { parseInZone } from '../../lib/time.ts';
import { splitByVip, vipExpiredError } from '../../lib/vip-gate.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { Segments } from '../trips/select.ts';
import type { TripService } from '../trips/service.ts';
import { CELL_NAMES, COLUMNS, type ColumnKey } from './columns.ts';
import type { ReportDef, Row, RunContext } from './definition.ts';
import { type ReportSheet, writeCsv, writePdf, writeXlsx } from './files.ts';
import { REPORTS } from './reports.ts';
import type { ReportCentreRepository, ScopeDevice } from './repository.ts';

const DAY_MS = 86_400_000;
type Query = Omit<ReportRunInput, 'PageIndex' | 'PageSize'>;
type Sorted = { def: ReportDef; rows: Row[]; totals: Row; ctx: RunContext };

const UNITS: Partial<Record<string, Record<Language, string>>> = {
  distance: { zh: '(米)', en: ' (m)', fr: ' (m)' },
  duration: { zh: '(秒)', en: ' (s)', fr: ' (s)' },
  speed: { zh: '(km/h)', en: ' (km/h)', fr: ' (km/h)' },
  percent: { zh: '(%)', en: ' (%)', fr: ' (%)' },
  volume: { zh: '(升)', en: ' (L)', fr: ' (L)' },
};

/**
 * The report centre (issue #21): a report type's rows over the devices in the caller's reach, sorted, totalled,
 * charted and paged; or written to the download centre as .xlsx, .csv or .pdf. A report too long to answer in a
 * request (REPORT_LIMITS.backgroundDeviceDays) is written there in the background instead.
 */
export class ReportCentreService {
  constructor(
    private readonly repo: ReportCentreRepository,
    private readonly holds: HoldScope,
    private readonly exporter: Exporter,
    private readonly segmentsOf: (pk: number, from: Date, to: Date, minStop?: number) => Promise<Segments>,
    private readonly partsOf: TripService['partsOf'],
    private readonly now: () => Date = () => new Date(),
  ) {}

  types(lang: Language): ReportTypeRow[] {
    return REPORT_TYPES.map((type) => {
      const def = REPORTS[type];
      return {
        Type: type,
        Name: def.name[lang],
        Period: def.period,
        Columns: def.columns.map((k) => {
          const [kind, title, total] = COLUMNS[k] as readonly [string, Record<Language, string>, true?];
          return { Key: k, Title: title[lang], Kind: kind as ReportTypeRow['Columns'][number]['Kind'], Total: !!total };
        }),
        Params: (def.params ?? []).map((p) => ({
          Name: p.name,
          Title: p.title[lang],
          Choices: [...p.choices],
          Default: p.default,
        })),
        ...(def.chart ? { Chart: def.chart.kind } : {}),
        VipOnly: !!def.vipOnly,
        DefaultSort: `${def.sort[0]} ${def.sort[1]}`,
      };
    });
  }

  async run(auth: AuthContext, lang: Language, input: ReportRunInput): Promise<ReportResult> {
    const ctx = await this.prepare(auth, input);
    const days = Math.ceil((ctx.ctx.to.getTime() - ctx.ctx.from.getTime()) / DAY_MS);
    if (ctx.def.background && ctx.ctx.devices.length * days > REPORT_LIMITS.backgroundDeviceDays) {
      const { FileID } = await this.startExport(auth, lang, { ...input, Format: 'xlsx' }, ctx);
      return { rows: [], total: 0, Totals: {}, FileID };
    }
    const { def, rows, totals } = await this.sorted(ctx, input);
    const start = (input.PageIndex - 1) * input.PageSize;
    const chart = chartOf(def, rows, lang);
    return {
      rows: rows.slice(start, start + input.PageSize),
      total: rows.length,
      Totals: totals as Record<string, number>,
      ...(chart ? { Chart: chart } : {}),
    };
  }

  async export(auth: AuthContext, lang: Language, input: ReportExportInput): Promise<{ FileID: number }> {
    requireExport(auth);
    return this.startExport(auth, lang, input, await this.prepare(auth, input));
  }

  /** Checked before the download-centre entry exists, so a refused report answers the call, not a failed file. */
  private async startExport(
    auth: AuthContext,
    lang: Language,
    input: Query & { Format: ReportExportFormat },
    prepared: { def: ReportDef; ctx: RunContext },
  ): Promise<{ FileID: number }> {
    const { def } = prepared;
    const stem = stampedFileName(def.name[lang], auth.timeZone).replace(/\.xlsx$/, '');
    const FileID = await this.exporter.startFile({
      userId: auth.userId,
      fileName: `${stem}.${input.Format}`,
      write: async (target, progress) => {
        const { rows, totals } = await this.sorted({ def, ctx: { ...prepared.ctx, progress } }, input);
        await progress(0.9);
        const sheet = sheetOf(def, rows, totals, lang, prepared.ctx);
        if (input.Format === 'csv') await writeCsv(target, sheet);
        else if (input.Format === 'pdf') await writePdf(target, sheet);
        else await writeXlsx(target, sheet);
      },
    });
    return { FileID };
  }

  private async sorted(prepared: { def: ReportDef; ctx: RunContext }, input: Query): Promise<Sorted> {
    const { def, ctx } = prepared;
    const rows = await def.rows(ctx);
    const [column, dir] = input.SortColumn ? [input.SortColumn, input.SortType ?? 'asc'] : def.sort;
    const sign = dir === 'desc' ? -1 : 1;
    rows.sort((a, b) => {
      const x = a[column] ?? null;
      const y = b[column] ?? null;
      if (x === y) return 0;
      if (x === null) return 1;
      if (y === null) return -1;
      return (x < y ? -1 : 1) * sign;
    });
    const totals: Row = {};
    for (const k of def.columns) {
      if (!(COLUMNS[k] as readonly unknown[])[2]) continue;
      totals[k] = rows.reduce((n, r) => n + (Number(r[k]) || 0), 0);
    }
    return { def, rows, totals, ctx };
  }

  /** The type, its period and params, and the devices: the caller's subtree, a unit of it, or named devices. */
  private async prepare(auth: AuthContext, input: Query): Promise<{ def: ReportDef; ctx: RunContext }> {
    const def = REPORTS[input.Type];
    if (input.SortColumn && !def.columns.includes(input.SortColumn as ColumnKey)) {
      throw badRequest('invalidField', 'SortColumn');
    }
    const now = this.now();
    let from = now;
    let to = now;
    if (def.period) {
      if (!input.StartTime) throw badRequest('invalidField', 'StartTime');
      if (!input.EndTime) throw badRequest('invalidField', 'EndTime');
      const f = parseInZone(input.StartTime, auth.timeZone);
      const t = parseInZone(input.EndTime, auth.timeZone);
      if (!f) throw badRequest('invalidField', 'StartTime');
      if (!t) throw badRequest('invalidField', 'EndTime');
      if (f >= t) throw badRequest('invalidField', 'StartTime < EndTime');
      if (t.getTime() - f.getTime() > REPORT_LIMITS.maxDays * DAY_MS) throw badRequest('reportRangeTooLong', 'EndTime');
      from = f;
      to = t;
    }
    let devices = await this.devicesOf(auth, input);
    if (def.vipOnly) {
      // VIP-only (spec section 6: oil report), through the one gate: named devices without a live VIP are refused,
      // a unit's are left out.
      const { running, lapsed } = splitByVip(devices, auth.timeZone, now);
      if (input.DeviceIDs?.length && lapsed.length) throw vipExpiredError(lapsed);
      devices = running;
    }
    const ctx: RunContext = {
      devices,
      from,
      to,
      zone: auth.timeZone,
      now,
      params: input.Params ?? {},
      repo: this.repo,
      segmentsOf: this.segmentsOf,
      partsOf: this.partsOf,
      progress: async () => {},
    };
    return { def, ctx };
  }

  private async devicesOf(auth: AuthContext, input: Query): Promise<ScopeDevice[]> {
    if (input.DeviceIDs?.length) {
      const ids = [...new Set(input.DeviceIDs)];
      const found = await this.repo.devicesById(ids);
      // Another hold's device answers exactly as a missing one.
      if (found.length !== ids.length || found.some((d) => !inSubtree(auth.holdPath, d.holdPath))) throw outsideHold();
      return found;
    }
    return this.repo.devicesIn(await this.holds.pathOf(auth, input.HoldID));
  }
}

function chartOf(def: ReportDef, rows: Row[], lang: Language): ReportChart | undefined {
  if (!def.chart) return undefined;
  const { x, y } = def.chart;
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(String(r[x] ?? ''), (sums.get(String(r[x] ?? '')) ?? 0) + (Number(r[y]) || 0));
  const keys = [...sums.keys()].sort();
  return {
    X: keys,
    Series: [
      {
        Name: (COLUMNS[y] as readonly [string, Record<Language, string>])[1][lang],
        Data: keys.map((k) => sums.get(k)!),
      },
    ],
  };
}

function sheetOf(def: ReportDef, rows: Row[], totals: Row, lang: Language, ctx: RunContext): ReportSheet {
  const headers = def.columns.map((k) => {
    const [kind, title] = COLUMNS[k] as readonly [string, Record<Language, string>];
    return `${title[lang]}${UNITS[kind]?.[lang] ?? ''}`;
  });
  const totalWord = { zh: '合计', en: 'Total', fr: 'Total' }[lang];
  const hasTotals = Object.keys(totals).length > 0;
  const first = def.columns.find((k) => !(k in totals));
  const period = def.period
    ? `${formatInZone(ctx.from, ctx.zone)} – ${formatInZone(ctx.to, ctx.zone)}`
    : formatInZone(ctx.now, ctx.zone);
  const named = def.columns.filter((k) => CELL_NAMES[k]);
  const inWords = named.length
    ? rows.map((r) => {
        const out = { ...r };
        for (const k of named) if (typeof r[k] === 'string' && r[k]) out[k] = CELL_NAMES[k]!(r[k] as string, lang);
        return out;
      })
    : rows;
  return {
    title: def.name[lang],
    subtitle: `${period} (${ctx.zone}) · ${rows.length}`,
    headers,
    keys: [...def.columns],
    rows: inWords,
    totals: hasTotals ? { ...totals, ...(first ? { [first]: totalWord } : {}) } : null,
  };
}
