import { describe, expect, it } from 'vitest';
import { ByteReader } from '../common/reader.ts';
import type { Position } from '../common/types.ts';
import { decodeItems } from './items.ts';

/** Additional items of one 0x0200 body (id, length, value …) decoded into a blank position. */
function items(hex: string): Position['attributes'] {
  const p: Position = {
    fixTime: new Date(0),
    valid: true,
    lat: 0,
    lon: 0,
    speedKmh: 0,
    course: 0,
    alarms: [],
    attributes: {},
  };
  decodeItems(new ByteReader(Buffer.from(hex.replaceAll(' ', ''), 'hex')), p);
  return p.attributes;
}

describe('JT/T 808 location items: fuel, tyres, cells and Wi-Fi', () => {
  it('reads fuel (0x02, 1/10 L) and keeps the 30 tyre bytes of 0x05, 0xFF included', () => {
    const tyres = `05 1e e6 e8 a5 ec ${'ff'.repeat(26)}`;
    const a = items(`02 02 01 c2 ${tyres}`);
    expect(a.fuel).toBe(45);
    const bytes = String(a.tyrePressure).split(',').map(Number);
    expect(bytes).toHaveLength(30);
    expect(bytes.slice(0, 5)).toEqual([230, 232, 165, 236, 255]);
  });

  it('reads the 0xEB cell list: MCC, MNC, then LAC, cell id and signal per tower', () => {
    // MCC 460, MNC 0; towers (0x287D, 0x1F71, 31) and (0x287D, 0x1F72, 20).
    const a = items('eb 0d 01cc 00 287d 1f71 1f 287d 1f72 14');
    expect(a.cells).toBe('460,0,10365,8049,31;460,0,10365,8050,20');
  });

  it('reads Wi-Fi (0x00B9) and the serving cell (0x00D8) from 0xEB extension records', () => {
    const wifiText = Buffer.from('aa:bb:cc:dd:ee:01,-61,aa:bb:cc:dd:ee:02,-75', 'latin1');
    const wifi = Buffer.concat([Buffer.from([0x00, 3 + wifiText.length, 0x00, 0xb9, 0x02]), wifiText]);
    const cell = Buffer.from('000b00d801cc00287d00001f71', 'hex');
    const body = Buffer.concat([wifi, cell]);
    const a = items(`eb ${body.length.toString(16).padStart(2, '0')} ${body.toString('hex')}`);
    expect(a.wifi).toBe('aa:bb:cc:dd:ee:01,-61;aa:bb:cc:dd:ee:02,-75');
    expect(a.cells).toBe('460,0,10365,8049');
  });

  it('leaves cells and Wi-Fi out when the items carry none', () => {
    const a = items('01 04 00000064 30 01 1e');
    expect(a.cells).toBeUndefined();
    expect(a.wifi).toBeUndefined();
    expect(a.tyrePressure).toBeUndefined();
  });
});
