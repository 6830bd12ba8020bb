import { describe, expect, it, vi } from 'vitest';
import { applyPositions, createFrameBatcher } from './positions.ts';
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

  it('takes GPS time as the server sends it, in the user time zone, and stamps the receive time in that zone', () => {
    const now = new Date('2026-01-02T03:04:06Z');
    const next = applyPositions(rows, [pos('A1', 121.1, 31.1)], 'Asia/Shanghai', now);
    expect(next.A1).toMatchObject({ GpsTime: '2026-01-02 03:04:05', ReceiveTime: '2026-01-02 11:04:06' });
  });

  it('places a device whose update has a position but no GPS time, keeping the time it had', () => {
    // The feed's connection updates carry the cached position with a null fix time: the device must
    // still reach the map (choosing it zooms to it), and the row keeps its last GPS time.
    const unplaced = { N1: row('N1', { Lat: null, Lng: null, GpsTime: '2026-01-01 00:00:00' }) };
    const next = applyPositions(unplaced, [pos('N1', 121.5, 31.2, { GpsTime: null })], 'UTC');
    expect(next.N1).toMatchObject({ Lat: 31.2, Lng: 121.5, GpsTime: '2026-01-01 00:00:00' });
  });

  it('gives a device with no fix its status but no position', () => {
    const unused = { N1: row('N1', { Lat: null, Lng: null, Speed: null, Course: null, Status: 'unused' }) };
    const noFix = pos('N1', 0, 0, {
      Lat: null,
      Lng: null,
      GpsTime: null,
      Speed: null,
      Course: null,
      Status: 'weakGps',
    });
    const next = applyPositions(unused, [noFix], 'UTC');
    expect(next.N1).toMatchObject({ Lat: null, Lng: null, GpsTime: null, Status: 'weakGps', Online: true });
    // A listed device with a position keeps it when an update without a fix comes.
    const kept = applyPositions(rows, [{ ...noFix, DeviceID: 'A1' }], 'UTC');
    expect(kept.A1).toMatchObject({ Lat: 31, Lng: 121, Status: 'weakGps', Online: true });
    expect(kept.A1?.GpsTime).toBe(rows.A1.GpsTime);
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
