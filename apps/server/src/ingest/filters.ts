import { distanceKm, type Fix, type LatestState } from './state.ts';

/** Each ingest filter can be turned off by a setting (INGEST_FILTER_*). */
export interface FilterOptions {
  noFix: boolean;
  zeroCoordinates: boolean;
  duplicates: boolean;
  /** Reject fixes further in the future than this (device clocks drift; 0 = off). */
  futureMs: number;
  /** Reject a fix that implies a jump faster than this from the latest one (0 = off). */
  maxJumpKmh: number;
}

export const DEFAULT_FILTERS: FilterOptions = {
  noFix: true,
  zeroCoordinates: true,
  duplicates: true,
  futureMs: 10 * 60_000,
  maxJumpKmh: 500,
};

export type Verdict =
  | { store: true; latest: boolean }
  | { store: false; reason: 'noFix' | 'zeroCoordinates' | 'duplicate' | 'future' | 'jump' };

/**
 * Decides what happens to one fix: dropped (with the reason), stored in history only (an older,
 * out-of-order point, as blind-area re-sends are), or stored and made the latest state.
 */
export function judgeFix(fix: Fix, latest: LatestState, now: Date, opts: FilterOptions): Verdict {
  if (opts.noFix && !fix.valid) return { store: false, reason: 'noFix' };
  if (opts.zeroCoordinates && fix.lat === 0 && fix.lon === 0) return { store: false, reason: 'zeroCoordinates' };
  if (opts.futureMs > 0 && fix.fixTime.getTime() - now.getTime() > opts.futureMs)
    return { store: false, reason: 'future' };
  const last = latest.fixTime?.getTime();
  const t = fix.fixTime.getTime();
  if (opts.duplicates && last === t) return { store: false, reason: 'duplicate' };
  if (last !== undefined && t < last) return { store: true, latest: false };
  if (opts.maxJumpKmh > 0 && last !== undefined && latest.valid && latest.lat !== null && latest.lon !== null) {
    const hours = (t - last) / 3_600_000;
    const km = distanceKm(latest.lat, latest.lon, fix.lat, fix.lon);
    // A few hundred metres of GPS scatter is never a jump, however short the interval.
    if (km > 1 && km / Math.max(hours, 1 / 3600) > opts.maxJumpKmh) return { store: false, reason: 'jump' };
  }
  return { store: true, latest: true };
}
