/**
 * A device's engine over a period from the ACC (ignition) state its fixes report, and when it stood still: the ACC
 * report's on/off intervals and the idling report's engine-on-while-still intervals. Pure: the repository reads the
 * changes (EngineTimeline), this pairs them.
 */

/** What the repository reads of one device's period (times in ms). */
export interface EngineTimeline {
  /** The ACC state of the device's last ACC-bearing fix before the period (a day back at most); null: none. */
  before: boolean | null;
  /** Each ACC-bearing fix in the period whose state differs from the previous one's (the first always), in order. */
  acc: { t: number; on: boolean }[];
  /** Each valid fix in the period whose moving (speed ≥ TRIP_MOVING_KMH) differs from the previous one's, in order. */
  moving: { t: number; moving: boolean }[];
  /** The latest fix in the period: what the device said goes no further. */
  last: number | null;
}

/** ACC on from `on` (null: already before the period) to `off` (null: still on at the latest fix). */
export interface AccInterval {
  on: number | null;
  off: number | null;
  start: number;
  end: number;
}

/** The device reported an ACC state in the period or just before it: without one there is no data, not "off". */
export const hasAcc = (tl: EngineTimeline) => tl.before !== null || tl.acc.length > 0;

/** The ACC-on intervals of the period, each clipped to the period and to the latest fix. */
export function accIntervals(tl: EngineTimeline, from: number): AccInterval[] {
  const out: AccInterval[] = [];
  let since: number | null | undefined = tl.before === true ? null : undefined;
  for (const { t, on } of tl.acc) {
    if (on && since === undefined) since = t;
    else if (!on && since !== undefined) {
      out.push({ on: since, off: t, start: since ?? from, end: t });
      since = undefined;
    }
  }
  if (since !== undefined && tl.last !== null && tl.last >= (since ?? from))
    out.push({ on: since, off: null, start: since ?? from, end: tl.last });
  return out;
}

/**
 * Idling: the stretches with ACC on and the vehicle not moving, at least `minMs` long. Until the period's first valid
 * fix it is not known whether the vehicle moved, so no idling is counted there.
 */
export function idleIntervals(tl: EngineTimeline, from: number, minMs: number): { start: number; end: number }[] {
  if (tl.last === null) return [];
  const still: [number, number][] = [];
  tl.moving.forEach((m, i) => {
    if (!m.moving) still.push([m.t, tl.moving[i + 1]?.t ?? tl.last!]);
  });
  const out: { start: number; end: number }[] = [];
  for (const a of accIntervals(tl, from))
    for (const [s, e] of still) {
      const start = Math.max(a.start, s);
      const end = Math.min(a.end, e);
      if (end - start >= minMs) out.push({ start, end });
    }
  return out;
}
