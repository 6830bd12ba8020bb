import { describe, expect, it } from 'vitest';
import { crc16X25 } from '../common/crc.ts';
import type { DecodedMessage } from '../common/types.ts';
import { checkEveryOffset, fuzz, type StreamCodec } from '../testing/fuzz.ts';
import {
  allAlarms,
  allAttributes,
  frameBytes,
  isSanePosition,
  loadVectors,
  normaliseTraccarAlarm,
  type VectorFrame,
} from '../testing/vectors.ts';
import { encodeGt06Ack, encodeGt06Command, encodeGt06Packet, GT06_COMMANDS } from './encode.ts';
import { Gt06FrameSplitter, parseGt06Frame } from './frame.ts';
import { Gt06Session, type Gt06SessionOptions } from './index.ts';

const traccar = loadVectors('traccar-gt06.json');
const other = loadVectors('other-gt06.json');
const login = encodeGt06Packet(0x01, 1, Buffer.from('0123456789012345', 'hex'));

/** A session that has seen a login, as a real connection would have. */
function loggedIn(options: Gt06SessionOptions = {}): Gt06Session {
  const session = new Gt06Session(options);
  session.decode(login);
  return session;
}

function decodeVector(f: VectorFrame): DecodedMessage {
  if (f.order === 1 && f.verify === 'verifyNull') return new Gt06Session().decode(frameBytes(f));
  return loggedIn({ model: f.modelOverride }).decode(frameBytes(f));
}

function checkAttributes(m: DecodedMessage, expected: Record<string, unknown>): void {
  const attributes = allAttributes(m);
  for (const [key, value] of Object.entries(expected)) {
    if (key === 'alarm') expect(allAlarms(m)).toBe(normaliseTraccarAlarm(String(value)));
    else if (value === null) expect(attributes[key]).toBeUndefined();
    else if (typeof value === 'number') expect(attributes[key] as number).toBeCloseTo(value, 6);
    else expect(attributes[key]).toBe(value);
  }
}

describe('GT06 Traccar vectors', () => {
  for (const f of traccar.frames) {
    it(`order ${f.order} ${f.derived?.protocolNumber}: ${f.note?.slice(0, 60)}`, () => {
      const m = decodeVector(f);
      if (f.order === 1) expect(m.error).toMatch(/login/);
      else expect(m.error, m.error).toBeUndefined();
      expect(m.crcValid).toBe(f.derived?.crcValid);
      const e = f.expect ?? {};
      if (f.verify === 'verifyNull') expect(m.positions).toHaveLength(0);
      if (f.verify === 'verifyPosition') {
        expect(m.positions.length).toBeGreaterThan(0);
        expect(m.positions.every(isSanePosition)).toBe(true);
      }
      const p = m.positions[0];
      if (e.fixTime) expect(p?.fixTime.toISOString()).toBe(e.fixTime);
      if (e.valid !== undefined) expect(p?.valid).toBe(e.valid);
      const tolerance = (e.coordinateTolerance as number | undefined) ?? 1e-6;
      if (e.latitude !== undefined) expect(Math.abs((p?.lat ?? 0) - (e.latitude as number))).toBeLessThan(tolerance);
      if (e.longitude !== undefined) expect(Math.abs((p?.lon ?? 0) - (e.longitude as number))).toBeLessThan(tolerance);
      if (e.attributes) checkAttributes(m, e.attributes as Record<string, unknown>);
    });
  }

  it('acknowledges the login with the request serial (responses.loginAck)', () => {
    const ack = traccar.responses?.loginAck as { hex: string; forFrameOrder: number };
    const frame = traccar.frames.find((f) => f.order === ack.forFrameOrder) as VectorFrame;
    const m = new Gt06Session().decode(frameBytes(frame));
    expect(m.kind).toBe('login');
    expect(m.deviceId).toBe('864717003283581');
    expect(m.reply?.toString('hex')).toBe(ack.hex);
  });

  it('acknowledges a heartbeat but not a location by default; Traccar mode ACKs both', () => {
    const status = Buffer.from('78780a13400504000000153dc20d0a', 'hex');
    const location = Buffer.from('78781f1211071403362aca0543ec4f00ff976e021549010603e6b500e7590074763d0d0a', 'hex');
    expect(loggedIn().decode(status).reply?.toString('hex')).toBe(encodeGt06Ack(0x13, 0x15).toString('hex'));
    expect(loggedIn().decode(location).reply).toBeUndefined();
    expect(loggedIn({ ackLocations: true }).decode(location).reply?.toString('hex')).toBe(
      encodeGt06Ack(0x12, 0x74).toString('hex'),
    );
  });

  it('encodes engineStop as 0x80 "Relay,1#" (commandVectors)', () => {
    const vector = traccar.commandVectors?.find((c) => c.command === 'engineStop');
    expect(encodeGt06Command(GT06_COMMANDS.engineStop).toString('hex')).toBe(vector?.hex);
  });
});

const STATUS_WORDS: Record<string, number> = { high: 5, 'strong signal': 4 };

describe('GT06 vectors from other libraries', () => {
  for (const f of other.frames) {
    it(`${f.derived?.protocolNumber} ${f.test}: ${f.note?.slice(0, 50)}`, () => {
      const bytes = frameBytes(f);
      const isLogin = f.derived?.protocolNumber === '0x01';
      const m = (isLogin ? new Gt06Session() : loggedIn()).decode(bytes);
      expect(m.crcValid).toBe(true);
      const e = f.expect ?? {};
      const event = e.event as { number: number; string: string } | undefined;
      if (event) {
        expect(m.messageType).toBe(event.number);
        expect(m.kind).toBe({ login: 'login', status: 'heartbeat', location: 'position' }[event.string]);
      }
      if (typeof e.imei === 'string') {
        // 15 digits: the IMEI (first nibble of the 8-byte id dropped); 16: the raw terminal id.
        if (e.imei.length === 15) expect(m.deviceId).toBe(e.imei);
        else expect(m.attributes.terminalId).toBe(e.imei);
      }
      if (e.expectsResponse) expect(m.reply).toBeDefined();
      if ('responseMsg' in e) expect(m.reply?.toString('hex') ?? null).toBe(e.responseMsg);
      if (e.crcInputHex) {
        const crc = crc16X25(Buffer.from(e.crcInputHex as string, 'hex'));
        expect(crc.toString(16).padStart(4, '0')).toBe(e.crc);
        const input = Buffer.from(e.crcInputHex as string, 'hex');
        expect(encodeGt06Ack(input[1] as number, input.readUInt16BE(2)).toString('hex')).toBe(f.hex);
      }
      const info = e.terminalInfo as Record<string, unknown> | undefined;
      if (info) {
        const a = m.attributes;
        expect([a.armed, a.ignition, a.charge, a.gpsTracking, a.blocked]).toEqual([
          info.status,
          info.ignition,
          info.charging,
          info.gpsTracking,
          info.relayState,
        ]);
        expect(info.alarmType === 'normal' ? [] : ['?']).toEqual(m.alarms);
        expect(a.voltageLevel).toBe(STATUS_WORDS[e.voltageLevel as string]);
        expect(a.rssi).toBe(STATUS_WORDS[e.gsmSigStrength as string]);
      }
      const p = m.positions[0];
      if (e.lat !== undefined) expect(p?.lat).toBeCloseTo(e.lat as number, 6);
      if (e.lon !== undefined) expect(p?.lon).toBeCloseTo(e.lon as number, 6);
      if (e.course !== undefined) expect(p?.course).toBe(e.course);
      if (e.fixTime) expect(p?.fixTime.toISOString()).toBe(e.fixTime);
      if (e.dateTime) expect(p?.fixTime.toISOString().replace('T', ' ').slice(0, 19)).toBe(e.dateTime);
      if (e.typeId !== undefined) expect(m.attributes.typeId).toBe(e.typeId);
      if (e.timezoneMinutes !== undefined) expect(m.attributes.timezoneMinutes).toBe(e.timezoneMinutes);
    });
  }

  it('adopts the login time zone for later frames', () => {
    const session = new Gt06Session();
    session.decode(frameBytes(other.frames[7] as VectorFrame));
    const m = session.decode(
      Buffer.from('787822220F0C1D023305C9027AC8180C46586000140001CC00287D001F71000001000820860D0A', 'hex'),
    );
    expect(m.positions[0]?.fixTime.toISOString()).toBe('2015-12-28T18:51:05.000Z');
  });
});

const allFrames = [...traccar.frames, ...other.frames].map(frameBytes).filter((b) => parseGt06Frame(b) !== null);
const crcValidFrames = allFrames.filter((b) => parseGt06Frame(b)?.crcValid);

const codec: StreamCodec = {
  splitter: () => new Gt06FrameSplitter(),
  decode: (frame) => loggedIn().decode(frame),
  wellFormed: (frame) => {
    const parsed = parseGt06Frame(frame);
    return parsed !== null && frame.length <= 512 + parsed.length + 6;
  },
};

describe('GT06 stream framing', () => {
  it('re-frames every vector split at every offset, with the same decode', () => {
    for (const frame of allFrames) checkEveryOffset(codec, frame);
  });

  it('splits many frames glued in one buffer, skipping garbage between them', () => {
    const garbage = Buffer.from('00ff1234780d0a79', 'hex');
    const wire = Buffer.concat(crcValidFrames.flatMap((f) => [garbage, f]));
    const out = new Gt06FrameSplitter().push(wire);
    expect(out.map((b) => b.toString('hex'))).toEqual(crcValidFrames.map((b) => b.toString('hex')));
    const glued = new Gt06FrameSplitter().push(Buffer.concat(allFrames));
    expect(glued).toHaveLength(allFrames.length);
  });

  it('bounds its buffer', () => {
    const s = new Gt06FrameSplitter(1024);
    s.push(Buffer.from('7979 0fff'.replace(' ', ''), 'hex'));
    for (let i = 0; i < 10; i++) s.push(Buffer.alloc(200, 0x41));
    expect(s.buffered).toBeLessThanOrEqual(1024 + 200);
  });

  it('survives 100k random and mutated frames and resynchronises', () => {
    fuzz(codec, crcValidFrames, 0x6706);
  });
});
