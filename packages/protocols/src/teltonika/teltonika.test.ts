import { describe, expect, it } from 'vitest';
import { ByteReader } from '../common/reader.ts';
import type { Position } from '../common/types.ts';
import { checkEveryOffset, fuzz, type StreamCodec } from '../testing/fuzz.ts';
import { allAttributes, frameBytes, isSanePosition, loadVectors, type VectorFrame } from '../testing/vectors.ts';
import {
  avlCrcValid,
  decodeTeltonikaUdp,
  encodeTeltonikaCommand,
  TeltonikaFrameSplitter,
  TeltonikaSession,
  teltonikaFrameKind,
} from './index.ts';
import { decodeIo } from './io.ts';

const vectors = loadVectors('traccar-teltonika.json');
const handshake = Buffer.from('000F313233343536373839303132333435', 'hex');

function session(f?: VectorFrame): TeltonikaSession {
  const s = new TeltonikaSession({ extended: f?.extendedFlag });
  s.decode(handshake);
  return s;
}

describe('Teltonika Traccar vectors', () => {
  for (const f of vectors.frames) {
    it(`${f.test} order ${f.order} ${f.derived?.codec ?? f.derived?.frame}: ${f.note?.slice(0, 50)}`, () => {
      const bytes = frameBytes(f);
      const m = f.transport === 'udp' ? decodeTeltonikaUdp(bytes) : session(f).decode(bytes);
      expect(m.error, m.error).toBeUndefined();
      if (f.derived?.crcValid !== undefined) expect(m.crcValid).toBe(f.derived.crcValid);
      if (f.derived?.records !== undefined && f.derived.codec !== '0x0c' && f.derived.codec !== '0x0d') {
        expect(m.positions).toHaveLength(f.derived.records as number);
        expect(m.reply?.readUInt32BE(0)).toBe(f.derived.records);
      }
      if (f.verify === 'verifyNull') expect(m.positions).toHaveLength(0);
      if (f.verify === 'verifyPositions' && f.checkLocation !== false) {
        expect(m.positions.length).toBeGreaterThan(0);
        expect(m.positions.every(isSanePosition)).toBe(true);
      }
      if (f.verify === 'verifyPositions' && f.checkLocation === false) expect(m.kind).not.toBe('unknown');
      const attributes = allAttributes(m);
      for (const [key, value] of Object.entries((f.expect?.attributes as Record<string, unknown>) ?? {})) {
        if (typeof value === 'number') expect(attributes[key] as number).toBeCloseTo(value, 6);
        else expect(attributes[key]).toBe(value);
      }
    });
  }

  it('answers the IMEI handshake with 0x01 (or 0x00 when rejected) and AVL with the record count', () => {
    const s = new TeltonikaSession();
    const login = s.decode(handshake);
    expect(login.kind).toBe('login');
    expect(login.deviceId).toBe('123456789012345');
    expect(login.reply?.toString('hex')).toBe(vectors.responses?.imeiAccept);
    expect(new TeltonikaSession({ accept: () => false }).decode(handshake).reply?.toString('hex')).toBe('00');
    const avl = s.decode(frameBytes(vectors.frames[1] as VectorFrame));
    expect(avl.reply?.toString('hex')).toBe(vectors.responses?.dataAckExampleForOneRecord);
    expect(new TeltonikaSession().decode(frameBytes(vectors.frames[1] as VectorFrame)).error).toMatch(/IMEI/);
  });

  it('decodes codec 8 fields in WGS-84 degrees and km/h', () => {
    const m = session().decode(frameBytes(vectors.frames[1] as VectorFrame));
    const p = m.positions[0];
    // 0x0000016818d50058 ms; lon 0x09c28d9f, lat 0x1cb3757a in 1e-7 degrees
    expect(p?.fixTime.toISOString()).toBe('2019-01-04T12:27:19.000Z');
    expect(p?.lon).toBeCloseTo(16.3745183, 7);
    expect(p?.lat).toBeCloseTo(48.1523066, 7);
    expect(p?.speedKmh).toBe(0x53);
    expect(p?.attributes).toMatchObject({ motion: true, rssi: 3, in1: true });
  });

  it('encodes the codec 12 command vector', () => {
    expect(encodeTeltonikaCommand('setdigout 11').toString('hex')).toBe(vectors.commandVectors?.[0]?.hex);
  });
});

const tcp = vectors.frames
  .filter((f) => f.transport === 'tcp')
  .map(frameBytes)
  // Order 29 declares data length 0 ("invalid length and checksum" in Traccar's test): no splitter can frame it.
  .filter((b) => teltonikaFrameKind(b) !== 'avl' || b.readUInt32BE(4) === b.length - 12);

const codec: StreamCodec = {
  splitter: () => new TeltonikaFrameSplitter(),
  decode: (frame) => session().decode(frame),
  wellFormed: (frame) => teltonikaFrameKind(frame) !== null,
};

describe('Teltonika stream framing', () => {
  it('re-frames every TCP vector split at every offset, with the same decode', () => {
    for (const frame of tcp) checkEveryOffset(codec, frame);
  });

  it('splits glued packets and skips garbage', () => {
    const garbage = Buffer.from('0000000112345678', 'hex');
    const out = new TeltonikaFrameSplitter().push(Buffer.concat(tcp.flatMap((b) => [b, garbage])));
    const hex = out.map((b) => b.toString('hex'));
    for (const b of tcp) expect(hex).toContain(b.toString('hex'));
  });

  it('survives 100k random and mutated packets and resynchronises', () => {
    // Only a CRC-valid AVL packet proves itself inside pending garbage; a lone 0xFF ping or an IMEI cannot.
    const selfValidating = tcp.filter((b) => teltonikaFrameKind(b) === 'avl' && avlCrcValid(b));
    fuzz(codec, tcp, 0x7e17, selfValidating);
  });
});

describe('Teltonika IO elements of the serving cell', () => {
  it('names 205 cellId, 206 lac and 241 operator (MCC + MNC)', () => {
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
    decodeIo(p, 205, new ByteReader(Buffer.from('1f71', 'hex')), 2);
    decodeIo(p, 206, new ByteReader(Buffer.from('287d', 'hex')), 2);
    decodeIo(p, 241, new ByteReader(Buffer.from('00006019', 'hex')), 4);
    expect(p.attributes).toMatchObject({ cellId: 8049, lac: 10365, operator: 24601 });
  });
});
