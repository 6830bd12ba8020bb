import type { LivePosition } from '@lodestar/contract/live';
import type { MonitorRow } from '@lodestar/contract/monitor';
import type { LngLat } from '../../../map/coords.ts';
import { hasPosition } from './positions.ts';

/**
 * Live trails (real-time track mode, spec section 4): the selected device's when live track is on,
 * and every followed listed device's. Each starts at the device's position, is seeded once from its
 * recent track and grows with the live feed. Both caps keep a page following many devices small.
 */
export const TRAIL_LIMITS = { trails: 20, points: 500 } as const;

/**
 * Distinct colours for the trails, the first the one the single trail always had. They stay clear
 * of the status colours the device icons use (green moving, red alarm, grey offline).
 */
export const TRAIL_COLORS = [
  '#1677ff',
  '#722ed1',
  '#eb2f96',
  '#fa8c16',
  '#13c2c2',
  '#2f54eb',
  '#fa541c',
  '#d4b106',
  '#9254de',
  '#08979c',
] as const;

export interface LiveTrail {
  /** WGS-84, oldest first, at most TRAIL_LIMITS.points. */
  points: readonly LngLat[];
  /** Kept for the trail's whole life, so a trail never changes colour while others come and go. */
  color: string;
  /** The recent track was merged in (at most once). */
  seeded: boolean;
  /** Older points were dropped to stay within the cap. */
  trimmed: boolean;
}

export type Trails = Readonly<Record<string, LiveTrail>>;

/**
 * Which devices get a trail, in priority order: the selected one (when live track is on), then the
 * followed ones in list order, at most `max`. `wanted` counts them all, so the page can say when
 * some were left out.
 */
export function pickTrails(
  order: readonly string[],
  rows: Readonly<Record<string, MonitorRow>>,
  selectedId: string | null,
  selectedOn: boolean,
  max: number = TRAIL_LIMITS.trails,
): { ids: string[]; wanted: number } {
  const ids: string[] = [];
  let wanted = 0;
  const selected = selectedId && rows[selectedId] ? selectedId : null;
  if (selected && (selectedOn || rows[selected]?.Followed)) {
    ids.push(selected);
    wanted++;
  }
  for (const id of order) {
    if (id === selected || !rows[id]?.Followed) continue;
    wanted++;
    if (ids.length < max) ids.push(id);
  }
  if (ids.length > max) ids.length = max;
  return { ids, wanted };
}

/** Keeps the trails of `ids` as they are, starts the new ones at their row's position, drops the rest. */
export function syncTrails(trails: Trails, ids: readonly string[], rows: Readonly<Record<string, MonitorRow>>): Trails {
  const next: Record<string, LiveTrail> = {};
  const used = new Map<string, number>(TRAIL_COLORS.map((c) => [c, 0]));
  for (const id of ids) {
    const kept = trails[id];
    if (!kept) continue;
    next[id] = kept;
    used.set(kept.color, (used.get(kept.color) ?? 0) + 1);
  }
  for (const id of ids) {
    if (next[id]) continue;
    const color = leastUsed(used);
    used.set(color, (used.get(color) ?? 0) + 1);
    const row = rows[id];
    const start: LngLat[] = row?.Lat != null && row.Lng != null ? [[row.Lng, row.Lat]] : [];
    next[id] = { points: start, color, seeded: false, trimmed: false };
  }
  const same = ids.length === Object.keys(trails).length && ids.every((id) => next[id] === trails[id]);
  return same ? trails : next;
}

function leastUsed(used: ReadonlyMap<string, number>): string {
  let best: string = TRAIL_COLORS[0];
  for (const c of TRAIL_COLORS) if ((used.get(c) ?? 0) < (used.get(best) ?? 0)) best = c;
  return best;
}

/** Appends the live positions of devices that have a trail, skipping repeats and updates without a fix; the same object when none moved. */
export function appendTrails(
  trails: Trails,
  batch: readonly LivePosition[],
  max: number = TRAIL_LIMITS.points,
): Trails {
  const added = new Map<string, LngLat[]>();
  for (const p of batch) {
    const trail = trails[p.DeviceID];
    // An update without a fix says the device's status, not where it is.
    if (!trail || !hasPosition(p)) continue;
    const list = added.get(p.DeviceID) ?? [];
    const last = list[list.length - 1] ?? trail.points[trail.points.length - 1];
    if (last && last[0] === p.Lng && last[1] === p.Lat) continue;
    list.push([p.Lng, p.Lat]);
    added.set(p.DeviceID, list);
  }
  if (!added.size) return trails;
  const next: Record<string, LiveTrail> = { ...trails };
  for (const [id, list] of added) {
    const trail = trails[id];
    if (trail) next[id] = capped(trail, [...trail.points, ...list], max);
  }
  return next;
}

/**
 * Puts a device's recent track (oldest first) before the live points it gathered meanwhile, once:
 * a second seed, e.g. from an older request, changes nothing.
 */
export function seedTrail(
  trails: Trails,
  id: string,
  seed: readonly LngLat[],
  max: number = TRAIL_LIMITS.points,
): Trails {
  const trail = trails[id];
  if (!trail || trail.seeded) return trails;
  const last = seed[seed.length - 1];
  let live = trail.points;
  // The device's current position is usually the track's last point: drawn once.
  while (last && live[0] && live[0][0] === last[0] && live[0][1] === last[1]) live = live.slice(1);
  return { ...trails, [id]: capped({ ...trail, seeded: true }, [...seed, ...live], max) };
}

function capped(trail: LiveTrail, points: LngLat[], max: number): LiveTrail {
  if (points.length <= max) return { ...trail, points };
  return { ...trail, points: points.slice(points.length - max), trimmed: true };
}
