import { describe, expect, it } from 'vitest';
import { gbkEncode } from '../common/gbk.ts';
import {
  decodeJt808,
  encodeJt808,
  encodeJt808Message,
  encodeJt808SetParameters,
  encodePositionQuery,
  encodeQueryAttributes,
  encodeQueryParameters,
  encodeTemporaryTracking,
  encodeTerminalControl,
  JT808_CONTROL,
  type Jt808Target,
  jt808MessageFlag,
  jt808ParameterItems,
} from './index.ts';

/**
 * Expected frames are written out from the standard's tables (header table 2, bodies tables 10/22/38, XOR check,
 * escaping), not produced by our encoder. Traccar's Jt808ProtocolEncoderTest frames for the same terminal id
 * (0b3a73ce2ff2, serial 0) agree byte for byte where Traccar has the message: 0x8201 and 0x8300 "Test" with the
 * display (04) and TTS (08) flags.
 */
const T: Jt808Target = { phone: Buffer.from('0b3a73ce2ff2', 'hex') };
const hex = (b: Buffer) => b.toString('hex');

describe('JT/T 808 downlinks of the command catalogue', () => {
  it('0x8201 position query: empty body (Traccar TYPE_POSITION_SINGLE frame)', () => {
    expect(hex(encodePositionQuery(T, 0))).toBe('7e820100000b3a73ce2ff20000d27e');
  });

  it('0x8300 text: flag bits urgent 0, display 2, TTS 3, advertising screen 4 (Traccar message / voice frames)', () => {
    expect(hex(encodeJt808Message(T, 0, 'Test', { display: true }))).toBe('7e830000050b3a73ce2ff200000454657374e57e');
    expect(hex(encodeJt808Message(T, 0, 'Test', { tts: true }))).toBe('7e830000050b3a73ce2ff200000854657374e97e');
    expect(jt808MessageFlag({ urgent: true })).toBe(0x01);
    expect(jt808MessageFlag({ advert: true })).toBe(0x10);
    expect(jt808MessageFlag({ urgent: true, display: true, tts: true, advert: true })).toBe(0x1d);
  });

  it('0x8300 to a 2019 terminal: version flag and byte, BCD[10] id, the text type byte after the flag', () => {
    const t2019 = { phone: Buffer.from('00000000013912345678', 'hex'), version: 1 };
    const all = { urgent: true, display: true, tts: true, advert: true };
    expect(hex(encodeJt808Message(t2019, 0x4001, 'Hi', all))).toBe('7e83004004010000000001391234567840011d0148698a7e');
  });

  it('0x8300 text is GBK', () => {
    const frame = encodeJt808Message(T, 1, '前方施工', { display: true });
    expect(frame.subarray(14, 14 + 8)).toEqual(gbkEncode('前方施工'));
  });

  it('0x8202 temporary tracking: interval WORD seconds, validity DWORD seconds', () => {
    expect(hex(encodeTemporaryTracking(T, 0, 30, 300))).toBe('7e820200060b3a73ce2ff20000001e0000012ce47e');
  });

  it('0x8104 and 0x8107 queries have no body', () => {
    expect(hex(encodeQueryParameters(T, 0))).toBe('7e810400000b3a73ce2ff20000d47e');
    expect(hex(encodeQueryAttributes(T, 0))).toBe('7e810700000b3a73ce2ff20000d77e');
  });

  it('0x8105 terminal control words of table 18/23: 3 power off, 4 reset, 5 factory reset, 6, 7', () => {
    expect(hex(encodeTerminalControl(T, 0, JT808_CONTROL.reset))).toBe('7e810500010b3a73ce2ff2000004d07e');
    expect([
      JT808_CONTROL.powerOff,
      JT808_CONTROL.factoryReset,
      JT808_CONTROL.closeDataLink,
      JT808_CONTROL.closeWireless,
    ]).toEqual([3, 5, 6, 7]);
  });

  it('0x8103 items with table 10 widths: DWORD, WORD (0x0031), minutes as seconds, 1/10 km, GBK plate', () => {
    const frame = encodeJt808SetParameters(T, 0, {
      heartbeatSeconds: 60,
      displacementRadiusMetres: 300,
      sleepReportMinutes: 10,
      odometerKm: 1234.5,
      plate: '沪A12345',
    });
    expect(hex(frame)).toBe(
      '7e810300300b3a73ce2ff2000005' +
        '00000001040000003c' +
        '0000003102012c' +
        '000000270400000258' +
        '000000800400003039' +
        '0000008308bba6413132333435' +
        'd37e',
    );
  });

  it('0x8103 speed alarm: 0x0055 max speed and 0x0056 overspeed duration, both DWORD', () => {
    // Traccar's TYPE_SET_SPEED_LIMIT writes 0x0055 as a WORD; table 10 says DWORD, which we follow.
    const frame = encodeJt808SetParameters(T, 0, { maxSpeedKmh: 100, overspeedSeconds: 5 });
    expect(hex(frame)).toBe('7e810300130b3a73ce2ff2000002000000550400000064000000560400000005a07e');
  });

  it('numeric parameter ids (the form before the catalogue) go as DWORDs, string items as text', () => {
    expect(jt808ParameterItems({ 41: 30, '0x0083': 'AB' })).toEqual([
      { id: 0x29, value: 30, bytes: 4 },
      { id: 0x83, value: 'AB' },
    ]);
    expect(() => jt808ParameterItems({ displacementRadiusMetres: 70000 })).toThrow(RangeError);
    expect(() => jt808ParameterItems({ nosuch: 1 })).toThrow(RangeError);
  });
});

/** A terminal's uplink frame (2013 header) around a body written from the tables. */
const uplink = (msgId: number, body: string) =>
  encodeJt808(msgId, { phone: Buffer.from('013912345678', 'hex') }, 7, Buffer.from(body, 'hex'));

describe('JT/T 808 answers to the queries', () => {
  it('0x0201 position answer: our serial, then a location (table 23) kept as a position', () => {
    const location =
      '00000000' + // alarm
      '00000003' + // status: ACC on, positioned
      '01dc9a07' + // lat 31.234567
      '073d336c' + // lon 121.451372
      '0010' + // altitude 16 m
      '01f4' + // 50.0 km/h
      '005a' + // course 90
      '240102080910'; // 2024-01-02 08:09:10 GMT+8
    const m = decodeJt808(uplink(0x0201, `4001${location}`));
    expect(m.kind).toBe('position');
    expect(m.attributes.replySerial).toBe(0x4001);
    expect(m.positions).toHaveLength(1);
    expect(m.positions[0]?.fixTime.toISOString()).toBe('2024-01-02T00:09:10.000Z');
    expect(m.attributes.result).toBe('31.234567,121.451372 50 km/h 2024-01-02 00:09:10 UTC');
    expect(m.reply?.subarray(1, 3)).toEqual(Buffer.from('8001', 'hex'));
  });

  it('0x0104 parameters answer: our serial, count, items read by their width (numbers, GBK strings)', () => {
    const body =
      '4002' +
      '03' +
      '00000001' +
      '04' +
      '0000003c' +
      '00000083' +
      '08' +
      'bba6413132333435' +
      '00000031' +
      '02' +
      '012c';
    const m = decodeJt808(uplink(0x0104, body));
    expect(m.kind).toBe('info');
    expect(m.attributes.replySerial).toBe(0x4002);
    expect(m.attributes.result).toBe('0x0001=60, 0x0083=沪A12345, 0x0031=300');
  });

  it('0x0107 attributes (2013 table 20): model, maker, id, ICCID, hardware and firmware versions', () => {
    const pad = (s: string, n: number) => Buffer.from(s.padEnd(n, '\0'), 'latin1').toString('hex');
    const body =
      '0006' +
      pad('LODE', 5) +
      pad('SIM-808', 20) +
      pad('2345678', 7) +
      '89860012345678901234' +
      '02' +
      Buffer.from('H1').toString('hex') +
      '03' +
      Buffer.from('F10').toString('hex') +
      '03' +
      '01';
    const m = decodeJt808(uplink(0x0107, body));
    expect(m.attributes.iccid).toBe('89860012345678901234');
    expect(m.attributes.result).toBe(
      'model SIM-808, maker LODE, id 2345678, ICCID 89860012345678901234, hardware H1, firmware F10',
    );
  });
});
