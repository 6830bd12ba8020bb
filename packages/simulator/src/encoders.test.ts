import { decodeH02, decodeOsmAnd, Gt06Session, Jt808Decoder, Jt808FrameSplitter } from '@lodestar/protocols';
import { describe, expect, it } from 'vitest';
import { encodeGt06Location, encodeGt06Login } from './protocols/gt06.ts';
import { encodeH02Location } from './protocols/h02.ts';
import { encodeJt808Location, encodeJt808Register, jt808Phone } from './protocols/jt808.ts';
import { osmandPath } from './protocols/osmand.ts';
import type { SimFix } from './route.ts';

/** The simulator's uplink encoders are checked against the platform's own decoders. */
const fix: SimFix = {
  time: new Date('2024-05-06T07:08:09Z'),
  lat: 31.230416,
  lon: -121.473701, // west, to exercise the hemisphere bits
  speedKmh: 62,
  course: 271,
  altitude: 24,
  acc: true,
  odometerM: 123_400,
};

describe('simulator encoders decode with @lodestar/protocols', () => {
  it('GT06 login, 0x22 position and 0x16 alarm', () => {
    const session = new Gt06Session();
    const login = session.decode(encodeGt06Login('868600000000018', 1));
    expect(login).toMatchObject({ kind: 'login', deviceId: '868600000000018' });
    const m = session.decode(encodeGt06Location(fix, 2));
    expect(m.error).toBeUndefined();
    expect(m.crcValid).toBe(true);
    const p = m.positions[0];
    expect(p?.fixTime.toISOString()).toBe(fix.time.toISOString());
    expect(p?.lat).toBeCloseTo(fix.lat, 5);
    expect(p?.lon).toBeCloseTo(fix.lon, 5);
    expect(p).toMatchObject({ speedKmh: 62, course: 271, valid: true });
    expect(p?.attributes.ignition).toBe(true);
    const alarm = session.decode(encodeGt06Location({ ...fix, acc: false, alarm: 'sos' }, 3));
    expect(alarm.positions[0]?.alarms).toEqual(['sos']);
    expect(alarm.positions[0]?.attributes.ignition).toBe(false);
  });

  it('JT/T 808 register and location (GMT+8 BCD time, mileage item, alarm bits)', () => {
    const t = { phone: jt808Phone('13900000002') };
    const decoder = new Jt808Decoder();
    const register = decoder.decode(encodeJt808Register(t, 1, '沪A00002'));
    expect(register).toMatchObject({ kind: 'login', deviceId: '13900000002' });
    expect(register.attributes.plateNo).toBe('沪A00002');
    const wire = encodeJt808Location(t, 2, { ...fix, alarm: 'powerCut' });
    const [frame] = new Jt808FrameSplitter().push(wire);
    const m = decoder.decode(frame as Buffer);
    expect(m.crcValid).toBe(true);
    const p = m.positions[0];
    expect(p?.fixTime.toISOString()).toBe(fix.time.toISOString());
    expect(p?.lat).toBeCloseTo(fix.lat, 6);
    expect(p?.lon).toBeCloseTo(fix.lon, 6);
    expect(p).toMatchObject({ speedKmh: 62, course: 271, altitude: 24, alarms: ['powerCut'] });
    expect(p?.attributes.ignition).toBe(true);
  });

  it('H02 V1 sentence (knots, NMEA minutes, active-low status)', () => {
    const m = decodeH02(encodeH02Location('4100000003', { ...fix, alarm: 'overspeed' }));
    expect(m.deviceId).toBe('4100000003');
    const p = m.positions[0];
    expect(p?.fixTime.toISOString()).toBe(fix.time.toISOString());
    expect(p?.lat).toBeCloseTo(fix.lat, 5);
    expect(p?.lon).toBeCloseTo(fix.lon, 5);
    expect(p?.speedKmh).toBeCloseTo(62, 1);
    expect(p?.alarms).toEqual(['overspeed']);
    expect(p?.attributes.ignition).toBe(true);
  });

  it('OsmAnd query', () => {
    const m = decodeOsmAnd({ uri: osmandPath('7700000004', fix) });
    expect(m.httpStatus).toBe(200);
    const p = m.positions[0];
    expect(p?.fixTime.toISOString()).toBe(fix.time.toISOString());
    expect(p?.lat).toBeCloseTo(fix.lat, 6);
    expect(p?.speedKmh).toBeCloseTo(62, 1);
    expect(p?.attributes.ignition).toBe(true);
  });
});
