import { formatInZone, REPORT_IDLE_CHOICES, TRIP_MOVING_KMH } from '@lodestar/domain';
import { deviceCells, perDevice, type ReportDef, type Row, type RunContext } from './definition.ts';
import { accIntervals, type EngineTimeline, hasAcc, idleIntervals } from './engine-timeline.ts';
import type { ScopeDevice } from './repository.ts';

const at = (ms: number | null, zone: string) => (ms === null ? null : formatInZone(new Date(ms), zone));
const seconds = (ms: number) => Math.round(ms / 1000);

/**
 * Each device's engine over the period, off its own fixes, a few devices at a time. A device that reports no ACC
 * state gets one empty row saying so ("no data"), never a guess from its movement.
 */
const perTimeline = (
  ctx: RunContext,
  columns: readonly string[],
  rows: (d: ScopeDevice, tl: EngineTimeline) => Row[],
) =>
  perDevice(ctx, async (d) => {
    const tl = await ctx.repo.engineTimeline(d.pk, ctx.from, ctx.to, TRIP_MOVING_KMH);
    if (hasAcc(tl)) return rows(d, tl);
    return [{ ...Object.fromEntries(columns.map((k) => [k, null])), ...deviceCells(d), Note: 'noAcc' }];
  });

const ACC_COLUMNS = ['DeviceID', 'DeviceName', 'HoldName', 'OnTime', 'OffTime', 'Duration', 'Note'] as const;
const IDLE_COLUMNS = ['DeviceID', 'DeviceName', 'HoldName', 'StartTime', 'EndTime', 'IdleTime', 'Note'] as const;

/**
 * ACC on/off and engine hours: the ignition state the device reports with its fixes (the `acc` or `ignition`
 * attribute), each switch-on paired with the next switch-off. On already when the period began: counted from its
 * start (no ACC on time); still on: counted to the latest fix (no ACC off time). The totals row is the engine hours.
 */
export const acc: ReportDef = {
  type: 'acc',
  name: { zh: 'ACC报表', en: 'ACC on/off and engine hours', fr: 'ACC et heures moteur' },
  period: true,
  background: true,
  columns: ACC_COLUMNS,
  sort: ['OnTime', 'asc'],
  rows: (ctx) =>
    perTimeline(ctx, ACC_COLUMNS, (d, tl) =>
      accIntervals(tl, ctx.from.getTime()).map((i) => ({
        ...deviceCells(d),
        OnTime: at(i.on, ctx.zone),
        OffTime: at(i.off, ctx.zone),
        Duration: seconds(i.end - i.start),
        Note: null,
      })),
    ),
};

/** Idling: ACC on and the vehicle not moving (below TRIP_MOVING_KMH) for at least the chosen time. */
export const idling: ReportDef = {
  type: 'idling',
  name: { zh: '怠速报表', en: 'Idling', fr: 'Ralenti' },
  period: true,
  background: true,
  columns: IDLE_COLUMNS,
  params: [
    {
      name: 'MinIdleSeconds',
      title: { zh: '怠速时长', en: 'Idling at least', fr: 'Ralenti d’au moins' },
      choices: REPORT_IDLE_CHOICES,
      default: 300,
    },
  ],
  sort: ['StartTime', 'asc'],
  rows: (ctx) =>
    perTimeline(ctx, IDLE_COLUMNS, (d, tl) =>
      idleIntervals(tl, ctx.from.getTime(), (ctx.params.MinIdleSeconds ?? 300) * 1000).map((i) => ({
        ...deviceCells(d),
        StartTime: at(i.start, ctx.zone),
        EndTime: at(i.end, ctx.zone),
        IdleTime: seconds(i.end - i.start),
        Note: null,
      })),
    ),
};
