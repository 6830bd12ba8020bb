import { describe, expect, it } from 'vitest';
import type { DecodedMessage, Position } from '../common/types.ts';
import { checkEveryOffset, fuzz, type StreamCodec } from '../testing/fuzz.ts';
import {
  allAlarms,
  allAttributes,
  frameBytes,
  isSanePosition,
  loadVectors,
  normaliseTraccarAlarm,
} from '../testing/vectors.ts';
import {
  encodeCameraShoot,
  encodeGeneralReply,
  encodeRegisterReply,
  encodeSetParameters,
  encodeTerminalControl,
  encodeTextMessage,
  escapeJt808,
  JT808_CONTROL,
  Jt808Decoder,
  Jt808FrameSplitter,
  type Jt808Target,
  jt808TerminalId,
  parseJt808Frame,
  unescapeJt808,
} from './index.ts';

const traccar = loadVectors('traccar-jt808.json');
const other = loadVectors('other-jt808.json');
type Obj = Record<string, unknown>;

/** Wire bytes for an already un-escaped Traccar frame. */
function toWire(unescaped: Buffer): Buffer {
  if (unescaped[0] !== 0x7e) return unescaped;
  return Buffer.concat([Buffer.from([0x7e]), escapeJt808(unescaped.subarray(1, -1)), Buffer.from([0x7e])]);
}

function splitOne(wire: Buffer): Buffer {
  const frames = new Jt808FrameSplitter().push(wire);
  expect(frames).toHaveLength(1);
  return frames[0] as Buffer;
}

describe('JT/T 808 Traccar vectors', () => {
  for (const f of traccar.frames) {
    it(`order ${f.order} ${f.derived?.messageId ?? 'text'}: ${f.note?.slice(0, 60)}`, () => {
      const bytes = frameBytes(f);
      const m = new Jt808Decoder().decode(bytes);
      expect(m.error, m.error).toBeUndefined();
      if (f.derived?.xorValid !== undefined) expect(m.crcValid).toBe(f.derived.xorValid);
      if (f.derived?.messageId) {
        const frame = parseJt808Frame(bytes);
        expect(`0x${m.messageType.toString(16).padStart(4, '0')}`).toBe(f.derived.messageId);
        expect(frame?.header.version !== undefined).toBe(f.derived.version2019);
        expect(frame?.header.bodyLength).toBe(f.derived.bodyLength);
      }
      if (f.verify === 'verifyNull') expect(m.positions).toHaveLength(0);
      if (f.verify?.startsWith('verifyPosition')) {
        expect(m.positions.length).toBeGreaterThan(0);
        expect(m.positions.every(isSanePosition)).toBe(true);
      }
      const attributes = allAttributes(m);
      for (const [key, value] of Object.entries((f.expect?.attributes as Obj) ?? {})) {
        if (key === 'alarm') expect(allAlarms(m)).toBe(normaliseTraccarAlarm(String(value)));
        else if (typeof value === 'number') expect(attributes[key] as number).toBeCloseTo(value, 6);
        else expect(attributes[key]).toBe(value);
      }
    });
  }

  it('answers register, auth and location as in responses (fresh connection each)', () => {
    for (const key of ['registerAck', 'authAck', 'locationAck']) {
      const response = traccar.responses?.[key] as { hex: string; forFrameOrder: number };
      const frame = traccar.frames.find((f) => f.order === response.forFrameOrder);
      const m = new Jt808Decoder().decode(frameBytes(frame ?? { expect: null }));
      expect(m.reply?.toString('hex')).toBe(response.hex);
    }
  });

  it('replies to "(…BASE,2,TIME)" with the UTC time', () => {
    const now = () => new Date('2024-05-06T07:08:09Z');
    const m = new Jt808Decoder({ now }).decode(Buffer.from('(794104004140,1,001,BASE,2,TIME)'));
    expect(m.reply?.toString()).toBe('(794104004140,1,001,BASE,2,20240506070809)');
    expect(m.deviceId).toBe('794104004140');
  });

  it('converts GMT+8 BCD times to UTC', () => {
    const f = other.frames.find((x) => (x.expect?.body as Obj | undefined)?.time === '2018-07-15 10:10:10');
    const m = new Jt808Decoder().decode(splitOne(frameBytes(f ?? { expect: null })));
    expect(m.positions[0]?.fixTime.toISOString()).toBe('2018-07-15T02:10:10.000Z');
  });

  it('un-escapes as Jt808FrameDecoderTest (frameDecoderVectors, Traccar mode)', () => {
    for (const v of traccar.frameDecoderVectors ?? []) {
      const out = new Jt808FrameSplitter({ strict: false }).push(Buffer.from(v.inputHex, 'hex'));
      expect(out.map((b) => b.toString('hex'))).toEqual([v.outputHex]);
    }
  });

  it('encodes the Traccar command vectors', () => {
    const t: Jt808Target = { phone: jt808TerminalId('123456789012345') };
    const [stop, text] = traccar.commandVectors ?? [];
    expect(encodeTerminalControl(t, 0, JT808_CONTROL.engineStop).toString('hex')).toBe(stop?.hex);
    expect(encodeTextMessage(t, 0, 'Test, Command, 123#', 0x01).toString('hex')).toBe(text?.hex);
  });
});

/** The wall-clock time a device would have sent, for comparison with sources that do no zone conversion. */
function wallClock(p: Position | undefined): string {
  return new Date((p?.fixTime.getTime() ?? 0) + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
}

function checkLocation(p: Position | undefined, e: Obj): void {
  const a = p?.attributes ?? {};
  const actual: Obj = {
    alarmFlag: a.alarmFlags,
    statusFlag: a.statusFlags,
    lat: Math.round((p?.lat ?? 0) * 1e6),
    lon: Math.round((p?.lon ?? 0) * 1e6),
    altitude: p?.altitude,
    speed: Math.round((p?.speedKmh ?? 0) * 10),
    direction: p?.course,
    time: wallClock(p),
  };
  for (const key of Object.keys(actual)) if (key in e) expect(actual[key], key).toBe(e[key]);
  const extra = (e.extra ?? {}) as Obj;
  const n = (k: string) => a[k] as number;
  const mapped: Obj = {
    '0x01_mileage': Math.round(n('mileage') * 10),
    '0x02_fuel': Math.round(n('fuel') * 10),
    '0x03_recorderSpeed': Math.round(n('recorderSpeed') * 10),
    '0x04_alarmEventId': a.alarmEventId,
    '0x05_tyrePressure_first3': String(a.tyrePressure).split(',').slice(0, 3).map(Number),
    '0x06_carriageTemp': a.carriageTemp,
    '0x11_overspeed': { positionType: a.overspeedPositionType, areaId: a.overspeedAreaId },
    '0x12_inOutArea': { positionType: a.areaType, areaId: a.areaId, direction: a.areaDirection },
    '0x13_routeTime': { routeId: a.routeId, seconds: a.routeSeconds, result: a.routeResult },
    '0x25_extSignal': a.extSignal,
    '0x2A_io': a.io,
    '0x2B_analog': a.analog,
    '0x2B_analog_library_order': [n('analog') >>> 16, n('analog') & 0xffff],
    '0x30_signalStrength': a.rssi,
    '0x31_gnssSatellites': p?.satellites,
  };
  for (const [key, value] of Object.entries(extra)) expect(mapped[key], key).toEqual(value);
}

/** Downlink vectors: re-encode from the asserted fields and compare bytes. */
function encodeDownlink(msgId: string, frame: ReturnType<typeof parseJt808Frame>, body: Obj): Buffer | undefined {
  if (!frame) return undefined;
  const t: Jt808Target = { phone: frame.header.phoneBytes, version: frame.header.version };
  const serial = frame.header.serial;
  switch (msgId) {
    case '0x8100':
      return encodeRegisterReply(t, serial, body.replySerial as number, body.result as number, body.authCode as string);
    case '0x8001':
      return encodeGeneralReply(t, serial, body.replySerial as number, Number(body.replyMsgId), body.result as number);
    case '0x8300':
      return encodeTextMessage(t, serial, body.text as string, body.flag as number);
    case '0x8105':
      return encodeTerminalControl(t, serial, body.command as number);
    case '0x8103': {
      const params = (body.params as Obj[]).map((p) => ({ id: Number(p.id), value: p.value as number }));
      return encodeSetParameters(t, serial, params);
    }
    case '0x8801':
      return encodeCameraShoot(t, serial, {
        channel: body.channelId as number,
        shots: body.shootCommand as number,
        intervalSeconds: body.intervalOrVideoSeconds as number,
        save: body.saveFlag as number,
        resolution: body.resolution as number,
        quality: body.quality as number,
        brightness: body.brightness as number,
        contrast: body.contrast as number,
        saturation: body.saturation as number,
        chroma: body.chroma as number,
      });
    default:
      return undefined;
  }
}

describe('JT/T 808 vectors from other libraries (wire bytes through the splitter)', () => {
  for (const f of other.frames) {
    it(`${f.derived?.messageId} ${f.test}`, () => {
      const wire = frameBytes(f);
      const unescaped = splitOne(wire);
      const frame = parseJt808Frame(unescaped);
      const m: DecodedMessage = new Jt808Decoder().decode(unescaped);
      expect(m.error, m.error).toBeUndefined();
      expect(m.crcValid).toBe(f.derived?.xorValid);
      expect(frame?.header.phone).toBe(f.derived?.phoneBcd);
      const e = f.expect ?? {};
      const msgId = (e.msgId as string | undefined) ?? (f.derived?.messageId as string);
      expect(`0x${m.messageType.toString(16).padStart(4, '0')}`).toBe(msgId.toLowerCase());
      if (e.serial !== undefined) expect(frame?.header.serial).toBe(e.serial);
      if (e.phone !== undefined) expect(m.deviceId).toBe(e.phone);
      if (e.checksum !== undefined) expect(frame?.check).toBe(Number(e.checksum));
      if (e.unescapedHex !== undefined)
        expect(unescaped.toString('hex')).toBe((e.unescapedHex as string).toLowerCase());
      if (e.bodyLength !== undefined) expect(frame?.header.bodyLength).toBe(e.bodyLength);
      if (e.isSubpackage !== undefined) expect(frame?.header.subpackage !== undefined).toBe(e.isSubpackage);
      if (e.encrypt !== undefined) expect(frame?.header.encryption === 0 ? 'none' : 'rsa').toBe(e.encrypt);
      if (e.protocolVersion !== undefined) expect(frame?.header.version).toBe(e.protocolVersion);
      if (e.versionFlag !== undefined) expect(frame?.header.version !== undefined).toBe(e.versionFlag);
      if (e.version !== undefined) {
        const version = m.attributes.jt808Version ?? (frame?.header.version !== undefined ? '2019' : '2013');
        expect(version).toBe(e.version);
      }
      const body = e.body as Obj | null | undefined;
      if (body === null) expect(m.kind).toBe('heartbeat');
      if (!body) return;
      if (msgId.startsWith('0x8')) {
        expect(encodeDownlink(msgId, frame, body)?.toString('hex')).toBe(wire.toString('hex').toLowerCase());
      } else if (msgId === '0x0200') checkLocation(m.positions[0], body);
      else if (msgId === '0x0704') {
        expect(m.attributes.count).toBe(body.count);
        expect(m.attributes.batchType).toBe(body.type);
        const items = body.items as Obj[];
        expect(m.positions).toHaveLength(items.length);
        items.forEach((item, i) => {
          checkLocation(m.positions[i], item);
        });
      } else {
        const expected = { ...body };
        if ('authCodeLength' in expected) expect(String(m.attributes.authCode).length).toBe(expected.authCodeLength);
        delete expected.authCodeLength;
        for (const [key, value] of Object.entries(expected)) expect(m.attributes[key], key).toBe(value);
      }
    });
  }
});

// Traccar's order-88 frame is truncated (declares 50 body bytes, carries 40): it decodes when handed over
// directly, as in Traccar's test, but a strict splitter rightly refuses it, so it is left out of the stream drills.
const wires = [...other.frames.map(frameBytes), ...traccar.frames.map((f) => toWire(frameBytes(f)))].filter(
  (w) => w[0] !== 0x7e || parseJt808Frame(unescapeJt808(w))?.lengthValid,
);

const codec: StreamCodec = {
  splitter: () => new Jt808FrameSplitter(),
  decode: (frame) => new Jt808Decoder().decode(frame),
  wellFormed: (frame) =>
    (frame[0] === 0x7e && frame[frame.length - 1] === 0x7e && parseJt808Frame(frame)?.lengthValid === true) ||
    (frame[0] === 0x28 && frame[frame.length - 1] === 0x29),
  emitted: (wire) => Buffer.concat([Buffer.from([0x7e]), unescapeJt808(wire.subarray(1, -1)), Buffer.from([0x7e])]),
};

describe('JT/T 808 stream framing', () => {
  it('re-frames every vector split at every offset, with the same decode', () => {
    for (const wire of wires) {
      const frame = splitOne(wire);
      checkEveryOffset(codec, wire, frame);
    }
  });

  it('splits glued frames and skips garbage and stray flags', () => {
    const garbage = Buffer.from('00ff7e12347e', 'hex');
    const out = new Jt808FrameSplitter().push(Buffer.concat(wires.flatMap((w) => [garbage, w])));
    expect(out.map((b) => b.toString('hex'))).toEqual(wires.map((w) => splitOne(w).toString('hex')));
  });

  it('reassembles sub-packages and acknowledges each', () => {
    const location = parseJt808Frame(splitOne(frameBytes(other.frames[9] ?? { expect: null })));
    const body = location?.body ?? Buffer.alloc(0);
    const parts = [body.subarray(0, 20), body.subarray(20)];
    const decoder = new Jt808Decoder();
    const results = parts.map((part, i) => {
      const head = Buffer.from([0x02, 0x00, 0x20 | (part.length >> 8), part.length & 0xff]);
      const phone = Buffer.from('112233445566', 'hex');
      const meta = Buffer.from([0, 10 + i, 0, 2, 0, i + 1]);
      const inner = Buffer.concat([head, phone, meta, part]);
      const xor = inner.reduce((x, b) => x ^ b, 0);
      return decoder.decode(Buffer.concat([Buffer.from([0x7e]), inner, Buffer.from([xor, 0x7e])]));
    });
    expect(results[0]?.positions).toHaveLength(0);
    expect(results[0]?.reply).toBeDefined();
    expect(results[1]?.positions[0]?.lat).toBeCloseTo(12.222222, 6);
  });

  it('survives 100k random and mutated frames and resynchronises', () => {
    fuzz(
      codec,
      wires.filter((w) => w[0] === 0x7e),
      0x808,
    );
  });
});
