import { describe, expect, it } from 'vitest';
import { hasDeviceIdForm, normaliseDeviceId } from './device-id.ts';
import { jt808DeviceId } from './jt808/index.ts';

describe('normaliseDeviceId: one rule per protocol (docs/API.md, "Device IDs")', () => {
  it('JT/T 808: the BCD phone without its padding zeros, whichever version and however typed', () => {
    for (const typed of ['013912345678', '13912345678', '00000000013912345678', ' 013912345678 '])
      expect(normaliseDeviceId('jt808', typed), typed).toBe('13912345678');
    expect(normaliseDeviceId('jt808', '000000000000')).toBe('0');
    expect(normaliseDeviceId('jt808', '0ABC12')).toBe('0ABC12');
    // The decoder reads a header with the same rule.
    expect(jt808DeviceId(Buffer.from('013912345678', 'hex'))).toBe('13912345678');
    expect(jt808DeviceId(Buffer.from('00000000013912345678', 'hex'))).toBe('13912345678');
  });

  it("GT06: the 15-digit IMEI; the login packet's 16-digit form loses its leading 0", () => {
    expect(normaliseDeviceId('gt06', '0868120303771234')).toBe('868120303771234');
    expect(normaliseDeviceId('gt06', '868120303771234')).toBe('868120303771234');
    expect(normaliseDeviceId('gt06', '086812030377123')).toBe('086812030377123');
  });

  it('H02, Teltonika, OsmAnd: as sent, without surrounding white space', () => {
    expect(normaliseDeviceId('h02', '0412345678')).toBe('0412345678');
    expect(normaliseDeviceId('teltonika', '352093081452251')).toBe('352093081452251');
    expect(normaliseDeviceId('osmand', ' 777 ')).toBe('777');
    expect(normaliseDeviceId('osmand', 'Car-1')).toBe('Car-1');
  });
});

describe('hasDeviceIdForm: what a tracker of the protocol can send (unknown-device rows only for these)', () => {
  it('takes real ids and refuses noise', () => {
    expect(hasDeviceIdForm('gt06', '868120303771234')).toBe(true);
    expect(hasDeviceIdForm('gt06', '0868120303771234')).toBe(false); // not normalised
    expect(hasDeviceIdForm('gt06', '86812030377abcd')).toBe(false); // BCD nibbles over 9: a corrupt login
    expect(hasDeviceIdForm('gt06', '8681203037712')).toBe(false);
    expect(hasDeviceIdForm('teltonika', '352093081452251')).toBe(true);
    expect(hasDeviceIdForm('teltonika', '35209308145225X')).toBe(false);
    expect(hasDeviceIdForm('jt808', '13912345678')).toBe(true);
    expect(hasDeviceIdForm('jt808', '0ABC12')).toBe(false);
    expect(hasDeviceIdForm('jt808', '1'.repeat(21))).toBe(false);
    expect(hasDeviceIdForm('h02', '0412345678')).toBe(true);
    expect(hasDeviceIdForm('h02', '12a')).toBe(false);
    expect(hasDeviceIdForm('osmand', 'Car-1')).toBe(true);
    expect(hasDeviceIdForm('osmand', '<script>')).toBe(false);
    expect(hasDeviceIdForm('osmand', 'x'.repeat(65))).toBe(false);
    expect(hasDeviceIdForm('osmand', '')).toBe(false);
  });
});
