import { describe, expect, it } from 'vitest';
import {
  decodeMediaReply,
  encodeMediaEvent,
  encodeMediaReply,
  encodeMediaUpload,
  Jt808Decoder,
  Jt808FrameSplitter,
  type Jt808Target,
} from './index.ts';

// Frames written by hand from JT/T 808-2013 tables 2, 80, 81, 82 and 2019 tables 2, 83, 84, 85 (checksums by hand
// too): terminal 013912344329, multimedia id 123 (0x7b), image, JPEG, robbery-alarm event 2, channel 1.
const t2013: Jt808Target = { phone: Buffer.from('013912344329', 'hex') };
const t2019: Jt808Target = { phone: Buffer.from('00000000013912344329', 'hex'), version: 1 };
const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');

const EVENT_2013 = hex('7e 0800 0008 013912344329 0007 0000007b 00 00 02 01 0b 7e');
const EVENT_2019 = hex('7e 0800 4008 01 00000000013912344329 0007 0000007b 00 00 02 01 4a 7e');
// 28-byte location: no alarm, status 3 (ACC, fixed), 31.234567 N 121.987654 E, 50 m, 60.0 km/h, 90°, 25-11-26 18:03:01.
const LOCATION = '00000000 00000003 01dc9a07 07456246 0032 0258 005a 251126180301';
const PACKET_1_OF_2_2013 = hex(
  `7e 0801 2028 013912344329 0010 0002 0001 0000007b 00 00 00 01 ${LOCATION} ffd8ffe0 3b 7e`,
);
// Packet 2 carries only data; its 0x7E is escaped as 7D 02 on the wire.
const PACKET_2_OF_2_2013 = hex('7e 0801 2004 013912344329 0011 0002 0002 00 7d02 ff d9 10 7e');
const PACKET_1_OF_2_2019 = hex(
  `7e 0801 6028 01 00000000013912344329 0010 0002 0001 0000007b 00 00 00 01 ${LOCATION} ffd8ffe0 7a 7e`,
);

function decodeWire(d: Jt808Decoder, wire: Buffer) {
  const frames = new Jt808FrameSplitter().push(wire);
  expect(frames).toHaveLength(1);
  return d.decode(frames[0] as Buffer);
}

describe('JT/T 808 multimedia (0x0800, 0x0801, 0x8800)', () => {
  it('decodes the 0x0800 event in 2013 and 2019 headers and answers it with 0x8001', () => {
    for (const wire of [EVENT_2013, EVENT_2019]) {
      const m = decodeWire(new Jt808Decoder(), wire);
      expect(m.error).toBeUndefined();
      expect(m.crcValid).toBe(true);
      expect(m.deviceId).toBe('13912344329');
      expect(m.media).toEqual({ kind: 'event', event: { mediaId: 123, type: 0, format: 0, event: 2, channel: 1 } });
      expect(m.attributes).toMatchObject({ mediaId: 123, mediaEvent: 2, channel: 1 });
      expect(m.reply?.readUInt16BE(1)).toBe(0x8001);
    }
  });

  it('decodes the first 0x0801 packet: header, location, data; 2013 and 2019', () => {
    for (const wire of [PACKET_1_OF_2_2013, PACKET_1_OF_2_2019]) {
      const m = decodeWire(new Jt808Decoder(), wire);
      expect(m.error).toBeUndefined();
      expect(m.crcValid).toBe(true);
      const media = m.media;
      if (media?.kind !== 'packet') throw new Error('not a packet');
      expect(media.index).toBe(1);
      expect(media.total).toBe(2);
      expect(media.head).toMatchObject({ mediaId: 123, type: 0, format: 0, event: 0, channel: 1 });
      expect(media.head?.position.lat).toBeCloseTo(31.234567, 6);
      expect(media.head?.position.lon).toBeCloseTo(121.987654, 6);
      expect(media.head?.position.speedKmh).toBe(60);
      expect(media.head?.position.fixTime.toISOString()).toBe('2025-11-26T10:03:01.000Z');
      expect(media.data.toString('hex')).toBe('ffd8ffe0');
      // No per-packet answer: 0x8800 answers the upload once the gateway has it whole.
      expect(m.reply).toBeUndefined();
      expect(m.kind).toBe('unknown');
    }
  });

  it('decodes a later packet as data only (un-escaped) and rejects an index past the total', () => {
    const d = new Jt808Decoder();
    const m = decodeWire(d, PACKET_2_OF_2_2013);
    expect(m.media).toEqual({ kind: 'packet', index: 2, total: 2, data: hex('007effd9') });
    const bad = Buffer.from(PACKET_2_OF_2_2013);
    const frame = new Jt808FrameSplitter().push(bad)[0] as Buffer;
    frame.writeUInt16BE(3, 15); // index 3 of 2
    expect(d.decode(frame).error).toMatch(/sub-package 3 of 2/);
  });

  it('never throws on a truncated first packet', () => {
    const d = new Jt808Decoder();
    const m = decodeWire(d, hex('7e 0801 0006 013912344329 0001 0000007b 0000 c2 7e'));
    expect(m.error).toMatch(/truncated/);
    expect(m.media).toBeUndefined();
  });

  it('encodes 0x8800 byte for byte: missing packets, none missing, 2019 header', () => {
    expect(encodeMediaReply(t2013, 0x4001, 123, [2, 5]).toString('hex')).toBe(
      '7e8800000901391234432940010000007b0200020005ca7e',
    );
    expect(encodeMediaReply(t2013, 0x4002, 123, []).toString('hex')).toBe('7e8800000501391234432940020000007b00c07e');
    expect(encodeMediaReply(t2019, 0x4001, 123, [2]).toString('hex')).toBe(
      '7e88004007010000000001391234432940010000007b010002837e',
    );
    expect(decodeMediaReply(hex('0000007b 02 0002 0005'))).toEqual({ mediaId: 123, missing: [2, 5] });
    // A 2011 terminal's answer carries no count when nothing is missing.
    expect(decodeMediaReply(hex('0000007b'))).toEqual({ mediaId: 123, missing: [] });
  });

  it('the terminal-side encoders give the same bytes as the tables', () => {
    const e = { mediaId: 123, type: 0, format: 0, event: 2, channel: 1 };
    expect(encodeMediaEvent(t2013, 7, e)).toEqual(EVENT_2013);
    expect(encodeMediaEvent(t2019, 7, e)).toEqual(EVENT_2019);
    const frames = encodeMediaUpload(t2013, 0x10, { ...e, event: 0 }, hex(LOCATION), hex('ffd8ffe0 007effd9'), 40);
    expect(frames).toEqual([PACKET_1_OF_2_2013, PACKET_2_OF_2_2013]);
    expect(encodeMediaUpload(t2019, 0x10, { ...e, event: 0 }, hex(LOCATION), hex('ffd8ffe0 007effd9'), 40)[0]).toEqual(
      PACKET_1_OF_2_2019,
    );
  });
});
