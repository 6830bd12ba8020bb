import { xor8 } from '../common/crc.ts';
import { isPrintable } from '../common/reader.ts';
import { ByteQueue, type FrameSplitter } from '../common/splitter.ts';
import { ESCAPE, FLAG } from './messages.ts';

/** JT/T 808-2019 §5.1: inside a frame 0x7E is sent as 7D 02 and 0x7D as 7D 01. */
export function escapeJt808(inner: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(inner.length + escapesNeeded(inner, 0, inner.length));
  escapeInto(inner, 0, inner.length, out, 0);
  return out;
}

/** How many bytes of data[start, end) escaping doubles. */
export function escapesNeeded(data: Uint8Array, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) if (data[i] === FLAG || data[i] === ESCAPE) n++;
  return n;
}

/** Escape data[start, end) into out at `at`; returns the offset after the last byte written. */
export function escapeInto(data: Uint8Array, start: number, end: number, out: Uint8Array, at: number): number {
  for (let i = start; i < end; i++) {
    const b = data[i] as number;
    if (b === FLAG || b === ESCAPE) {
      out[at++] = ESCAPE;
      out[at++] = b === FLAG ? 0x02 : 0x01;
    } else out[at++] = b;
  }
  return at;
}

/** Reverse of escapeJt808; a 7D followed by anything else is kept as is (Traccar drops it; we keep bytes). */
export function unescapeJt808(wire: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(wire.length - escapePairs(wire, 0, wire.length));
  unescapeInto(wire, 0, wire.length, out, 0);
  return out;
}

/** Escape pairs (7D 01, 7D 02) in wire[start, end): each un-escapes to one byte. */
function escapePairs(wire: Uint8Array, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end - 1; i++) {
    if (wire[i] === ESCAPE && (wire[i + 1] === 0x01 || wire[i + 1] === 0x02)) {
      n++;
      i++;
    }
  }
  return n;
}

function unescapeInto(wire: Uint8Array, start: number, end: number, out: Uint8Array, at: number): void {
  for (let i = start; i < end; i++) {
    const b = wire[i] as number;
    const next = i + 1 < end ? wire[i + 1] : undefined;
    if (b === ESCAPE && (next === 0x01 || next === 0x02)) {
      out[at++] = next === 0x01 ? ESCAPE : FLAG;
      i++;
    } else out[at++] = b;
  }
}

/** The wire span 7E…7E from 0 to the closing flag at `end`, un-escaped into one new buffer, flags kept. */
function unescapeFrame(wire: Buffer, end: number): Buffer {
  const pairs = escapePairs(wire, 1, end);
  if (pairs === 0) return Buffer.from(wire.subarray(0, end + 1));
  const frame = Buffer.allocUnsafe(end + 1 - pairs);
  frame[0] = FLAG;
  unescapeInto(wire, 1, end, frame, 1);
  frame[frame.length - 1] = FLAG;
  return frame;
}

export interface Jt808Header {
  msgId: number;
  bodyLength: number;
  /** Bits 10-12: 0 none, 1 RSA. */
  encryption: number;
  subpackage?: { total: number; index: number };
  /** 2019 protocol version byte (absent in 2011/2013 headers). */
  version?: number;
  /** Terminal phone / id as BCD digits, zeros kept (12 digits, 20 in 2019). */
  phone: string;
  phoneBytes: Buffer;
  serial: number;
}

export interface Jt808Frame {
  header: Jt808Header;
  body: Buffer;
  check: number;
  checkValid: boolean;
  /** Declared body length agrees with the bytes present. */
  lengthValid: boolean;
}

/**
 * Where the body starts in an un-escaped frame 7E…7E (JT/T 808-2019 table 2: id, attributes, 2019 version,
 * terminal id, serial, sub-package fields), or -1 when the bytes cannot hold that header.
 */
function bodyOffset(frame: Buffer): number {
  const end = frame.length - 1;
  if (frame[0] !== FLAG || frame[end] !== FLAG || end < 14) return -1;
  const attr = frame.readUInt16BE(3);
  const version2019 = (attr & 0x4000) !== 0;
  const idLength = version2019 ? 10 : 6;
  let at = version2019 ? 6 : 5;
  if (end - at < idLength + 3) return -1;
  at += idLength + 2;
  if (attr & 0x2000) {
    if (end - at < 5) return -1;
    at += 4;
  }
  return at;
}

/** Does the header's body length agree with the bytes present? (Parses nothing else.) */
function lengthValid(frame: Buffer): boolean {
  const at = bodyOffset(frame);
  return at >= 0 && frame.length - 2 - at === (frame.readUInt16BE(3) & 0x3ff);
}

/** Parse an un-escaped frame 7E…7E (as the splitter emits). Returns null when it is not one. */
export function parseJt808Frame(frame: Buffer): Jt808Frame | null {
  const at = bodyOffset(frame);
  if (at < 0) return null;
  const end = frame.length - 1;
  const attr = frame.readUInt16BE(3);
  const version2019 = (attr & 0x4000) !== 0;
  const phoneAt = version2019 ? 6 : 5;
  const serialAt = phoneAt + (version2019 ? 10 : 6);
  const phoneBytes = frame.subarray(phoneAt, serialAt);
  const bodyLength = attr & 0x3ff;
  const check = frame[end - 1] as number;
  return {
    header: {
      msgId: frame.readUInt16BE(1),
      bodyLength,
      encryption: (attr >> 10) & 0x07,
      subpackage:
        attr & 0x2000
          ? { total: frame.readUInt16BE(serialAt + 2), index: frame.readUInt16BE(serialAt + 4) }
          : undefined,
      version: version2019 ? frame[5] : undefined,
      phone: phoneBytes.toString('hex'),
      phoneBytes,
      serial: frame.readUInt16BE(serialAt),
    },
    body: frame.subarray(at, end - 1),
    check,
    checkValid: xor8(frame, 1, end - 1) === check,
    lengthValid: end - 1 - at === bodyLength,
  };
}

const MAX_FRAME = 2 * 1100;

/**
 * Per-connection splitter: emits un-escaped frames 7E…7E (and Traccar's bracketed "(…)" text frames).
 * A candidate whose header length disagrees with its size is treated as garbage and its closing 7E becomes the
 * next start; a bad XOR alone is tolerated (flagged by the decoder).
 */
export class Jt808FrameSplitter implements FrameSplitter {
  private readonly queue = new ByteQueue();
  discarded = 0;

  /** `strict: false` emits every 7E…7E span like Traccar's Jt808FrameDecoder, without the header check. */
  constructor(private readonly options: { strict?: boolean } = {}) {}

  get buffered(): number {
    return this.queue.length;
  }

  push(chunk: Buffer): Buffer[] {
    // Held back: the last frame's closing flag. If the chunk opens with a flag, the held one only closed that
    // frame (7E 7E below); dropping it now spares joining it to the chunk.
    if (this.queue.length === 1 && this.queue.view[0] === FLAG && chunk[0] === FLAG) this.queue.drop(1);
    this.queue.append(chunk);
    const frames: Buffer[] = [];
    for (;;) {
      const buf = this.queue.view;
      let start = 0;
      while (start < buf.length && buf[start] !== FLAG && buf[start] !== 0x28) start++;
      if (start > 0) this.discard(start);
      const view = this.queue.view;
      if (view.length < 2) break;
      if (view[0] === 0x28) {
        const close = view.indexOf(0x29, 1);
        if (close > 0 && close < 1024 && isPrintable(view.subarray(0, close + 1)))
          frames.push(this.queue.take(close + 1));
        else if (close < 0 && view.length < 1024 && isPrintable(view)) break;
        else this.discard(1);
        continue;
      }
      if (view[1] === FLAG || view[1] === 0x28) {
        // 7E 7E or 7E '(': that flag closed the previous frame (or something we never saw).
        this.queue.drop(1);
        continue;
      }
      const end = view.indexOf(FLAG, 1);
      if (end < 0) {
        if (view.length > MAX_FRAME) this.discard(1);
        else break;
        continue;
      }
      const frame = unescapeFrame(view, end);
      if (this.options.strict !== false && !lengthValid(frame)) {
        this.discard(1); // rescan: the closing 7E (or a '(') may start the next frame
        continue;
      }
      // Leave the closing 7E: if this "frame" was garbage, that flag may really open the next frame.
      this.queue.drop(end);
      frames.push(frame);
    }
    this.queue.settle();
    return frames;
  }

  private discard(n: number): void {
    this.discarded += n;
    this.queue.drop(n);
  }
}
