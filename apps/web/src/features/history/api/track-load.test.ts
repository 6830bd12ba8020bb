import type { CompactTrack } from '@lodestar/contract/history';
import { describe, expect, it } from 'vitest';
import { decodeTrack } from '../track-arrays.ts';
import { trackGeometry } from '../track-overlay/geometry.ts';
import { acceptedCompact, readTrack, transferables } from './track-load.ts';

const COMPACT: CompactTrack = {
  Count: 4,
  Time: [1_700_000_000, 10, 10, 4000],
  Lat: [31_230_000, 100, -50, 7],
  Lng: [121_470_000, 200, 30, -1],
  Speed: [0, 425, 10, -435],
  Course: [90, 5, -2, 0],
  Invalid: [2],
  Alarms: [{ Index: 1, Alarms: ['overspeed'] }],
};
const ok = (data: unknown) => ({ code: 200, msg: 'ok', errCode: 0, data });
describe('acceptedCompact', () => {
  it('takes the compact data of a plain Ok reply only', () => {
    expect(acceptedCompact(ok(COMPACT))).toBe(COMPACT);
    expect(acceptedCompact({ code: 200, msg: '', data: COMPACT })).toBe(COMPACT);
    // The objects form, refusals, error codes, the encoded envelope and non-objects are the client's to judge.
    expect(acceptedCompact(ok([{ GpsTime: '2026-11-01 00:00:00' }]))).toBeNull();
    expect(acceptedCompact({ code: 400, msg: 'no', errCode: 10001, data: COMPACT })).toBeNull();
    expect(acceptedCompact({ code: 200, msg: '', errCode: 10003, data: COMPACT })).toBeNull();
    expect(acceptedCompact({ d: JSON.stringify(ok(COMPACT)) })).toBeNull();
    expect(acceptedCompact({ errCode: 0, data: COMPACT })).toBeNull();
    expect(acceptedCompact(ok(null))).toBeNull();
    expect(acceptedCompact('text')).toBeNull();
  });
});

const bytes = (body: unknown) =>
  new TextEncoder().encode(typeof body === 'string' ? body : JSON.stringify(body)).buffer;

describe('readTrack', () => {
  it('decodes an accepted reply with its geometry', () => {
    const out = readTrack('D1', bytes(ok(COMPACT)));
    if (out.kind !== 'track') throw new Error(`expected a track, got ${out.kind}`);
    const expected = decodeTrack('D1', COMPACT);
    expect(out.track).toEqual(expected);
    expect(out.geo).toEqual(trackGeometry(expected));
  });

  it('gives back any other reply as parsed, and says when the bytes are not JSON', () => {
    const refusal = { code: 403, msg: 'Pas de droit', errCode: 10003 };
    expect(readTrack('D1', bytes(refusal))).toEqual({ kind: 'reply', json: refusal });
    expect(readTrack('D1', bytes(ok([])))).toEqual({ kind: 'reply', json: ok([]) });
    expect(readTrack('D1', bytes('<html>'))).toEqual({ kind: 'unparsed' });
  });

  it('hands the columns over without copying them', () => {
    const out = readTrack('D1', bytes(ok(COMPACT)));
    if (out.kind !== 'track') throw new Error('expected a track');
    const buffers = transferables(out);
    expect(new Set(buffers).size).toBe(9);
    const received = structuredClone(out, { transfer: buffers });
    expect(out.track.time.length).toBe(0);
    if (received.kind !== 'track') throw new Error('expected a track');
    expect(Array.from(received.track.time)).toEqual([1_700_000_000, 1_700_000_010, 1_700_000_020, 1_700_004_020]);
    expect(received.track.alarms.get(1)).toEqual(['overspeed']);
    expect(received.geo.wx.length).toBe(4);
    expect(transferables({ kind: 'unparsed' })).toEqual([]);
  });
});
