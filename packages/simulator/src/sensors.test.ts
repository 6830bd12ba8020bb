import { decodeOsmAnd, Jt808Decoder, Jt808FrameSplitter, parseCells, parseWifi } from '@lodestar/protocols';
import { describe, expect, it } from 'vitest';
import { deviceIds } from './ids.ts';
import { jt808Dialect, jt808Phone } from './protocols/jt808.ts';
import { osmandPath } from './protocols/osmand.ts';
import type { SimFix } from './route.ts';
import { fuelLitres, hasVehicleSensors, reportsWifi, tyresKPa } from './sensors.ts';

const fix: SimFix = {
  time: new Date('2024-05-06T07:08:09Z'),
  lat: 31.230416,
  lon: 121.473701,
  speedKmh: 62,
  course: 90,
  altitude: 24,
  acc: true,
  odometerM: 123_400,
};

/** A JT/T 808 device's position frame as the gateway decodes it. */
function jt808Attributes(deviceId: string) {
  const { bytes } = jt808Dialect(deviceId).position(fix);
  const [frame] = new Jt808FrameSplitter().push(bytes);
  const m = new Jt808Decoder().decode(frame!);
  expect(m.crcValid).toBe(true);
  expect(m.deviceId).toBe(deviceId);
  return m.positions[0]!.attributes;
}

describe('simulated sensors decode back with @lodestar/protocols', () => {
  it('JT/T 808 trucks with sensors send fuel (0x02) and tyre pressures (0x05), 0xFF past the fourth wheel', () => {
    const truck = '13900000005';
    expect(hasVehicleSensors(truck)).toBe(true);
    const a = jt808Attributes(truck);
    expect(a.fuel).toBe(fuelLitres(truck, fix));
    expect(a.fuel).toBeGreaterThanOrEqual(10);
    expect(a.fuel).toBeLessThanOrEqual(60);
    const bytes = String(a.tyrePressure).split(',').map(Number);
    expect(bytes).toHaveLength(30);
    expect(bytes.slice(0, 4)).toEqual(tyresKPa(truck, fix));
    expect(bytes.slice(4).every((b) => b === 0xff)).toBe(true);
    expect(bytes[2]).toBeLessThan(180); // serial 5: the soft rear-left tyre
    expect(a.mileage).toBe(123.4);
  });

  it('JT/T 808 devices without sensors send neither', () => {
    const a = jt808Attributes('13900000002');
    expect(a.fuel).toBeUndefined();
    expect(a.tyrePressure).toBeUndefined();
    expect(jt808Phone('13900000002').toString('hex')).toBe('013900000002');
  });

  it('OsmAnd phones that see Wi-Fi send cell= and wifi= as Traccar Client does', () => {
    const phone = '7700000006';
    expect(reportsWifi(phone)).toBe(true);
    const p = decodeOsmAnd({ uri: osmandPath(phone, fix) }).positions[0]!;
    const wifi = parseWifi(String(p.attributes.wifi));
    expect(wifi).toHaveLength(2);
    expect(wifi[0]?.mac).toMatch(/^02:4C:[0-9A-F]{2}:[0-9A-F]{2}:[0-9A-F]{2}:10$/);
    expect(wifi.every((w) => w.rssi < -50 && w.rssi > -100)).toBe(true);
    expect(parseCells(String(p.attributes.cells))).toMatchObject([{ mcc: 460, mnc: 0 }]);
    const paris = decodeOsmAnd({ uri: osmandPath(phone, { ...fix, lat: 48.8566, lon: 2.3522 }) }).positions[0]!;
    expect(parseCells(String(paris.attributes.cells))).toMatchObject([{ mcc: 208, mnc: 1 }]);
    expect(decodeOsmAnd({ uri: osmandPath('7700000005', fix) }).positions[0]?.attributes.wifi).toBeUndefined();
  });

  it('a demo fleet of 20 has trucks with and without sensors, and a phone with Wi-Fi', () => {
    const fleet = deviceIds(20);
    const trucks = fleet.filter((d) => d.protocol === 'jt808').map((d) => hasVehicleSensors(d.deviceId));
    expect(trucks).toContain(true);
    expect(trucks).toContain(false);
    expect(fleet.some((d) => d.protocol === 'osmand' && reportsWifi(d.deviceId))).toBe(true);
  });
});
