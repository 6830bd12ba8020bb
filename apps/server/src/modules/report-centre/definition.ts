import type { ReportType } from '@lodestar/domain';
import type { Texts } from '../../lib/list-export.ts';
import type { Segments } from '../trips/select.ts';
import type { TripService } from '../trips/service.ts';
import type { ColumnKey } from './columns.ts';
import type { ReportCentreRepository, ScopeDevice } from './repository.ts';

export type Cell = string | number | null;
export type Row = Record<string, Cell>;

export interface ReportParams {
  MinStopSeconds?: number | undefined;
  MinIdleSeconds?: number | undefined;
  OfflineSeconds?: number | undefined;
  Days?: number | undefined;
}

/** What a report's rows are made from: the devices in scope (already checked), the period, the caller's zone. */
export interface RunContext {
  devices: ScopeDevice[];
  from: Date;
  to: Date;
  zone: string;
  now: Date;
  params: ReportParams;
  repo: ReportCentreRepository;
  /** TripService.segmentsOf: History/GetTrips' own reading, so a report and the replay agree. */
  segmentsOf: (devicePk: number, from: Date, to: Date, minStopSeconds?: number) => Promise<Segments>;
  /** TripService.partsOf: trips cut at midnights and the period's edges by their fixes (History/GetSummary's own). */
  partsOf: TripService['partsOf'];
  /** Reported as rows are made, 0..1, for a background export's progress. */
  progress: (fraction: number) => Promise<void>;
}

export interface ParamDef {
  name: keyof ReportParams;
  title: Texts;
  choices: readonly number[];
  default: number;
}

export interface ReportDef {
  type: ReportType;
  name: Texts;
  /** Takes StartTime and EndTime (else it describes the devices as they are now). */
  period: boolean;
  columns: readonly ColumnKey[];
  params?: readonly ParamDef[];
  /** A chart of `y` (summed per `x`) where one helps. */
  chart?: { kind: 'bar' | 'line' | 'pie'; x: ColumnKey; y: ColumnKey };
  sort: [ColumnKey, 'asc' | 'desc'];
  vipOnly?: boolean;
  /**
   * Read device by device (History's own reading): past REPORT_LIMITS.backgroundDeviceDays, Report/Run writes it to
   * the download centre instead of answering. The others are one aggregate query and answer at any size.
   */
  background?: true;
  rows: (ctx: RunContext) => Promise<Row[]>;
}

/** The columns every per-device row starts with. */
export const deviceCells = (d: ScopeDevice): Row => ({
  DeviceID: d.deviceId,
  DeviceName: d.name,
  HoldName: d.holdName,
});

export const round1 = (n: number) => Math.round(n * 10) / 10;
export const round6 = (n: number | null) => (n === null ? null : Math.round(n * 1e6) / 1e6);

/** Runs `work` over the devices a few at a time (a report over many devices must not hold the whole pool). */
export async function perDevice<T>(
  ctx: RunContext,
  work: (d: ScopeDevice) => Promise<T[]>,
  concurrency = 4,
): Promise<T[]> {
  const out: T[][] = new Array(ctx.devices.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < ctx.devices.length) {
      const i = next++;
      out[i] = await work(ctx.devices[i]!);
      if (++done % 50 === 0) await ctx.progress(done / ctx.devices.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, ctx.devices.length) }, worker));
  return out.flat();
}
