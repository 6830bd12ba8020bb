import type { MonitorRow } from '@lodestar/contract/monitor';
import { describe, expect, it } from 'vitest';
import type { LngLat } from '../../../map/coords.ts';
import { monitorRow, livePosition as pos } from './test-rows.ts';
import {
  appendTrails,
  type LiveTrail,
  pickTrails,
  seedTrail,
  syncTrails,
  TRAIL_COLORS,
  TRAIL_LIMITS,
  type Trails,
} from './trails.ts';

const row = (id: string, over: Partial<MonitorRow> = {}) =>
  monitorRow(id, { Online: true, Acc: true, Status: 'moving', State: 'normal', ...over });

const trail = (points: LngLat[], over: Partial<LiveTrail> = {}): LiveTrail => ({
  points,
  color: TRAIL_COLORS[0],
  seeded: true,
  trimmed: false,
  ...over,
});

const listOf = (...rows: MonitorRow[]) => ({
  order: rows.map((r) => r.DeviceID),
  rows: Object.fromEntries(rows.map((r) => [r.DeviceID, r])),
});

describe('pickTrails', () => {
  const { order, rows } = listOf(
    row('A'),
    row('B', { Followed: true }),
    row('C'),
    row('D', { Followed: true }),
    row('E', { Followed: true }),
  );

  it('gives the selected device a trail while live track is on, then the followed ones in list order', () => {
    expect(pickTrails(order, rows, 'C', true)).toEqual({ ids: ['C', 'B', 'D', 'E'], wanted: 4 });
    expect(pickTrails(order, rows, 'C', false)).toEqual({ ids: ['B', 'D', 'E'], wanted: 3 });
    expect(pickTrails(order, rows, null, true)).toEqual({ ids: ['B', 'D', 'E'], wanted: 3 });
  });

  it('keeps a followed selected device once, with its trail even when live track is off', () => {
    expect(pickTrails(order, rows, 'D', true)).toEqual({ ids: ['D', 'B', 'E'], wanted: 3 });
    expect(pickTrails(order, rows, 'D', false)).toEqual({ ids: ['D', 'B', 'E'], wanted: 3 });
  });

  it('ignores a selected device that is not listed', () => {
    expect(pickTrails(order, rows, 'ZZ', true)).toEqual({ ids: ['B', 'D', 'E'], wanted: 3 });
  });

  it('keeps at most max, the selected one first, and counts the ones left out', () => {
    expect(pickTrails(order, rows, 'A', true, 2)).toEqual({ ids: ['A', 'B'], wanted: 4 });
    const many = listOf(...Array.from({ length: 30 }, (_, i) => row(`F${i}`, { Followed: true })));
    const picked = pickTrails(many.order, many.rows, null, true);
    expect(picked.ids).toHaveLength(TRAIL_LIMITS.trails);
    expect(picked.ids[0]).toBe('F0');
    expect(picked.wanted).toBe(30);
  });
});

describe('syncTrails', () => {
  const { rows } = listOf(row('A', { Lng: 1, Lat: 2 }), row('B', { Lat: null, Lng: null }), row('C'));

  it('starts new trails at the position, keeps the kept ones as they are and drops the rest', () => {
    const first = syncTrails({}, ['A', 'B'], rows);
    expect(first.A).toEqual({ points: [[1, 2]], color: TRAIL_COLORS[0], seeded: false, trimmed: false });
    expect(first.B?.points).toEqual([]);
    const second = syncTrails(first, ['B', 'C'], rows);
    expect(Object.keys(second)).toEqual(['B', 'C']);
    expect(second.B).toBe(first.B);
    expect(syncTrails(second, ['B', 'C'], rows)).toBe(second);
  });

  it('gives each trail its own colour and keeps it while others come and go', () => {
    const ids = TRAIL_COLORS.map((_, i) => `D${i}`);
    const all = syncTrails({}, ids, {});
    expect(new Set(ids.map((id) => all[id]?.color)).size).toBe(TRAIL_COLORS.length);
    // D3 goes: its colour is the free one the next trail takes; the others keep theirs.
    const next = syncTrails(all, [...ids.filter((id) => id !== 'D3'), 'N'], {});
    for (const id of ids) if (id !== 'D3') expect(next[id]?.color).toBe(all[id]?.color);
    expect(next.N?.color).toBe(all.D3?.color);
    // Past the palette, colours repeat as evenly as they can.
    const more = syncTrails(next, [...Object.keys(next), 'X1', 'X2'], {});
    expect(more.X1?.color).not.toBe(more.X2?.color);
  });
});

describe('appendTrails', () => {
  it('appends each trailed device its own positions, skipping repeats, and leaves the rest alone', () => {
    const before: Trails = { A: trail([[1, 1]]), B: trail([[5, 5]]) };
    const after = appendTrails(before, [
      pos('A', 1, 1),
      pos('A', 2, 2),
      pos('X', 9, 9),
      pos('A', 2, 2),
      pos('A', 3, 3),
    ]);
    expect(after.A?.points).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(after.B).toBe(before.B);
    expect(before.A?.points).toEqual([[1, 1]]);
  });

  it('returns the same object when no trailed device moved', () => {
    const before: Trails = { A: trail([[1, 1]]) };
    expect(appendTrails(before, [pos('X', 1, 1)])).toBe(before);
    expect(appendTrails(before, [pos('A', 1, 1)])).toBe(before);
    expect(appendTrails(before, [])).toBe(before);
  });

  it('adds no point for an update without a fix (a device that never had one)', () => {
    const before: Trails = { A: trail([[1, 1]]) };
    const noFix = pos('A', 0, 0, { Lat: null, Lng: null, GpsTime: null, Status: 'weakGps' });
    expect(appendTrails(before, [noFix])).toBe(before);
    const after = appendTrails(before, [noFix, pos('A', 2, 2)]);
    expect(after.A?.points).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });

  it('keeps the newest max points and marks the trail trimmed', () => {
    const before: Trails = { A: trail([[1, 1]]) };
    const after = appendTrails(before, [pos('A', 2, 2), pos('A', 3, 3)], 2);
    expect(after.A).toMatchObject({
      points: [
        [2, 2],
        [3, 3],
      ],
      trimmed: true,
    });
    const long = appendTrails(
      { A: trail([]) },
      Array.from({ length: TRAIL_LIMITS.points + 50 }, (_, i) => pos('A', i, i)),
    );
    expect(long.A?.points).toHaveLength(TRAIL_LIMITS.points);
    expect(long.A?.points[0]).toEqual([50, 50]);
  });
});

describe('seedTrail', () => {
  it('puts the recent track before the live points, the shared point once, and only once', () => {
    const live: Trails = {
      A: trail(
        [
          [3, 3],
          [4, 4],
        ],
        { seeded: false },
      ),
    };
    const seeded = seedTrail(live, 'A', [
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(seeded.A).toMatchObject({
      points: [
        [1, 1],
        [2, 2],
        [3, 3],
        [4, 4],
      ],
      seeded: true,
    });
    expect(seedTrail(seeded, 'A', [[0, 0]])).toBe(seeded);
    expect(seedTrail(seeded, 'gone', [[0, 0]])).toBe(seeded);
  });

  it('keeps the newest max points of seed and live together', () => {
    const live: Trails = { A: trail([[9, 9]], { seeded: false }) };
    const seed = Array.from({ length: 10 }, (_, i): LngLat => [i, 0]);
    expect(seedTrail(live, 'A', seed, 3).A).toMatchObject({
      points: [
        [8, 0],
        [9, 0],
        [9, 9],
      ],
      trimmed: true,
    });
  });
});
