import { describe, expect, it, vi } from 'vitest';
import { applyPositions, createFrameBatcher, formatInZone } from './positions.ts';
import { livePosition as pos, monitorRow as row } from './test-rows.ts';

describe('applyPositions', () => {
  const rows = { A1: row('A1'), B2: row('B2') };

  it('updates listed devices, the last update winning, and marks them online', () => {
    const next = applyPositions(rows, [pos('A1', 121.1, 31.1), pos('A1', 121.2, 31.2, { Status: 'alarm' })], 'UTC');
    expect(next.A1).toMatchObject({
      Lng: 121.2,
      Lat: 31.2,
      Status: 'alarm',
      Online: true,
      State: 'normal',
      Speed: 42,
      Mileage: 2.5,
    });
    expect(next.A1?.GpsTime).toBe('2026-01-02 03:04:05');
    expect(next.B2).toBe(rows.B2);
    expect(rows.A1.Lng).toBe(121); // not mutated
  });

  it('ignores devices outside the list and returns the same object when nothing changed', () => {
    expect(applyPositions(rows, [pos('ZZ9', 1, 2)])).toBe(rows);
    expect(applyPositions(rows, [])).toBe(rows);
  });

  it('shows GPS time in the user time zone', () => {
    expect(formatInZone('2026-01-02T03:04:05Z', 'Asia/Shanghai')).toBe('2026-01-02 11:04:05');
    // The same zone again (a cached formatter) and another zone do not mix.
    expect(formatInZone('2026-07-02T03:04:05Z', 'Asia/Shanghai')).toBe('2026-07-02 11:04:05');
    expect(formatInZone('2026-07-02T03:04:05Z', 'Europe/Paris')).toBe('2026-07-02 05:04:05');
    // An unknown zone falls back to the browser's zone instead of failing the update.
    expect(formatInZone('2026-07-02T03:04:05Z', 'Mars/Olympus')).toMatch(/^2026-07-02 \d\d:04:05$/);
    expect(formatInZone('not a time', 'Asia/Shanghai')).toBe('not a time');
  });
});

describe('createFrameBatcher', () => {
  it('flushes everything pushed before the frame in one call, at most once per frame', () => {
    const frames: (() => void)[] = [];
    const flush = vi.fn();
    const b = createFrameBatcher<number>(flush, (run) => frames.push(run), vi.fn());
    b.push(1);
    b.push(2, 3);
    expect(frames).toHaveLength(1);
    expect(flush).not.toHaveBeenCalled();
    frames.shift()?.();
    expect(flush).toHaveBeenCalledTimes(1);
    expect(flush).toHaveBeenCalledWith([1, 2, 3]);
    b.push(4);
    expect(frames).toHaveLength(1);
    frames.shift()?.();
    expect(flush).toHaveBeenLastCalledWith([4]);
  });

  it('hands over at most maxPerFrame per frame, in order, the rest in the next frames', () => {
    const frames: (() => void)[] = [];
    const flush = vi.fn();
    const b = createFrameBatcher<number>(flush, (run) => frames.push(run), vi.fn(), 2);
    b.push(1, 2, 3, 4, 5);
    expect(frames).toHaveLength(1);
    frames.shift()?.();
    expect(flush).toHaveBeenLastCalledWith([1, 2]);
    b.push(6);
    expect(frames).toHaveLength(1);
    frames.shift()?.();
    expect(flush).toHaveBeenLastCalledWith([3, 4]);
    frames.shift()?.();
    expect(flush).toHaveBeenLastCalledWith([5, 6]);
    expect(frames).toHaveLength(0);
    expect(flush).toHaveBeenCalledTimes(3);
  });

  it('drops the queue on dispose', () => {
    const cancel = vi.fn();
    const flush = vi.fn();
    const b = createFrameBatcher<number>(flush, () => 7, cancel);
    b.push(1);
    b.dispose();
    expect(cancel).toHaveBeenCalledWith(7);
    expect(flush).not.toHaveBeenCalled();
  });
});
