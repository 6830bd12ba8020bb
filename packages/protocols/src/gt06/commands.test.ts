import { describe, expect, it } from 'vitest';
import { encodeGt06Command, encodeGt06Packet, Gt06Session, Gt06Type, gt06Texts } from './index.ts';

/** Frames written out from GT06N v1.8 §6.1 (78 78, length, 0x80, command length, server flag, text, serial, CRC-ITU). */
describe('GT06 online command texts', () => {
  it('the Concox texts the catalogue sends', () => {
    expect([
      gt06Texts.where(),
      gt06Texts.timer(30, 3600),
      gt06Texts.timer(30),
      gt06Texts.speedOn(5, 100),
      gt06Texts.speedOff(),
      gt06Texts.sensorAlarm(true),
      gt06Texts.sensorAlarm(false),
      gt06Texts.centerAdd('13800138000'),
      gt06Texts.centerDelete(),
      gt06Texts.status(),
      gt06Texts.params(),
    ]).toEqual([
      'WHERE#',
      'TIMER,30,3600#',
      'TIMER,30#',
      'SPEED,ON,5,100#',
      'SPEED,OFF#',
      'SENALM,ON#',
      'SENALM,OFF#',
      'CENTER,A,13800138000#',
      'CENTER,D#',
      'STATUS#',
      'PARAM#',
    ]);
  });

  it('0x80 frames byte for byte: the command length counts the 4-byte server flag', () => {
    expect(encodeGt06Command('WHERE#', 1, 0).toString('hex')).toBe('787810800a00000000574845524523000175620d0a');
    expect(encodeGt06Command('TIMER,30,3600#', 2, 7).toString('hex')).toBe(
      '78781880120000000754494d45522c33302c33363030230002b98a0d0a',
    );
  });
});

describe('GT06 command answers', () => {
  const loggedIn = () => {
    const s = new Gt06Session();
    s.decode(encodeGt06Packet(Gt06Type.Login, 1, Buffer.from('0123456789012345', 'hex')));
    return s;
  };

  it('0x15 carries the server flag back (our command id) and the answer text', () => {
    const text = Buffer.from('GPS:OFF;GSM:100;GPRS:Link Up', 'latin1');
    const body = Buffer.concat([Buffer.from([4 + text.length, 0, 0, 0x01, 0x02]), text, Buffer.from([0, 2])]);
    const m = loggedIn().decode(encodeGt06Packet(Gt06Type.String, 5, body));
    expect([m.attributes.serverFlag, m.attributes.result]).toEqual([0x0102, 'GPS:OFF;GSM:100;GPRS:Link Up']);
  });

  it('0x21 (JM-VL03 §5.8): server flag, encoding 1 ASCII, text', () => {
    const body = Buffer.concat([Buffer.from([0, 0, 0, 9, 1]), Buffer.from('SENALM:ON', 'latin1')]);
    const m = loggedIn().decode(encodeGt06Packet(Gt06Type.StringInfo, 6, body, true));
    expect([m.attributes.serverFlag, m.attributes.result]).toEqual([9, 'SENALM:ON']);
  });
});
