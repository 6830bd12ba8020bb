import { describe, expect, it } from 'vitest';
import { allAttributes, isSanePosition, loadVectors, prng, randomBytes } from '../testing/vectors.ts';
import { decodeOsmAnd } from './index.ts';

const vectors = loadVectors('traccar-osmand.json');
const now = () => new Date('2024-03-04T05:06:07Z');

function request(f: (typeof vectors.frames)[number]) {
  const http = f.http;
  if (http?.method === 'GET') return { uri: http.uri };
  return { uri: http?.uri, body: f.text, contentType: http?.headers?.['Content-Type'] };
}

describe('OsmAnd Traccar vectors', () => {
  for (const f of vectors.frames) {
    it(`${f.test} order ${f.order}: ${f.note?.slice(0, 60)}`, () => {
      const m = decodeOsmAnd(request(f), { now });
      if (f.verify === 'verifyNull') {
        expect(m.positions).toHaveLength(0);
        expect(m.httpStatus).toBe(400);
        return;
      }
      expect(m.error, m.error).toBeUndefined();
      expect(m.httpStatus).toBe(200);
      expect(m.deviceId).toBeTruthy();
      if (f.verify === 'verifyPosition') {
        expect(m.positions).toHaveLength(1);
        expect(m.positions.every(isSanePosition)).toBe(true);
      }
      if (f.verify === 'verifyNotNull') expect(m.kind).toBe('heartbeat');
      const attributes = allAttributes(m);
      for (const [key, value] of Object.entries((f.expect?.attributes as Record<string, unknown>) ?? {})) {
        expect(attributes[key]).toBe(value);
      }
    });
  }

  it('reads times, units and extra keys', () => {
    const q = (uri: string) => decodeOsmAnd({ uri }, { now }).positions[0];
    expect(q('/?id=1&lat=1&lon=2&timestamp=2014-06-04+09%3A10%3A11')?.fixTime.toISOString()).toBe(
      '2014-06-04T09:10:11.000Z',
    );
    expect(q('/?id=1&lat=1&lon=2&timestamp=1442068686579')?.fixTime.toISOString()).toBe('2015-09-12T14:38:06.579Z');
    expect(q('/?id=1&lat=1&lon=2&timestamp=1377177267')?.fixTime.toISOString()).toBe('2013-08-22T13:14:27.000Z');
    expect(q('/?id=1&lat=1&lon=2')?.fixTime.toISOString()).toBe(now().toISOString());
    const p = q('/?id=1&timestamp=1504763810&lat=40.7&lon=-74.0&bearing=7.5&speed=40&ignition=true&rpm=933&fuel=24');
    expect(p?.speedKmh).toBeCloseTo(40 * 1.852, 6);
    expect(p?.attributes).toMatchObject({ ignition: true, rpm: 933, fuel: 24 });
    const json = decodeOsmAnd({ body: vectors.frames[3]?.text, contentType: 'application/json' });
    expect(json.positions[0]?.speedKmh).toBeCloseTo(18.67 * 3.6, 6);
    expect(json.positions[0]?.attributes.batteryLevel).toBe(79);
  });

  it('answers 404 for JSON without device_id and never throws on junk', () => {
    expect(decodeOsmAnd({ body: '{"location":{}}', contentType: 'application/json' }).httpStatus).toBe(404);
    const rand = prng(0x05a);
    for (let i = 0; i < 100_000; i++) {
      const junk = randomBytes(rand, Math.floor(rand() * 60)).toString('latin1');
      const json = i % 2 === 0;
      const m = decodeOsmAnd(
        json
          ? { body: `{"device_id":"1","location":${junk}`, contentType: 'application/json' }
          : { query: `id=1&${junk}` },
      );
      expect(m.positions.every((p) => p.fixTime instanceof Date)).toBe(true);
    }
  });
});
