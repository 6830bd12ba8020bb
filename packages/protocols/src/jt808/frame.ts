import { xor8 } from '../common/crc.ts';
import { isPrintable } from '../common/reader.ts';
import { ByteQueue, type FrameSplitter } from '../common/splitter.ts';
import { ESCAPE, FLAG } from './messages.ts';

/** JT/T 808-2019 §5.1: inside a frame 0x7E is sent as 7D 02 and 0x7D as 7D 01. */
export function escapeJt808(inner: Uint8Array): Buffer {
  const out: number[] = [];
  for (const b of inner) {
    if (b === FLAG) out.push(ESCAPE, 0x02);
    else if (b === ESCAPE) out.push(ESCAPE, 0x01);
    else out.push(b);
  }
  return Buffer.from(out);
}

/** Reverse of escapeJt808; a 7D followed by anything else is kept as is (Traccar drops it; we keep bytes). */
export function unescapeJt808(wire: Uint8Array): Buffer {
  const out: number[] = [];
  for (let i = 0; i < wire.length; i++) {
    const b = wire[i] as number;
    const next = wire[i + 1];
    if (b === ESCAPE && (next === 0x01 || next === 0x02)) {
      out.push(next === 0x01 ? ESCAPE : FLAG);
      i++;
    } else out.push(b);
  }
  return Buffer.from(out);
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

/** Parse an un-escaped frame 7E…7E (as the splitter emits). Returns null when it is not one. */
export function parseJt808Frame(frame: Buffer): Jt808Frame | null {
  const start = 1;
  const end = frame.length - 1;
  if (frame[0] !== FLAG || frame[end] !== FLAG || end - start < 13) return null;
  const attr = frame.readUInt16BE(start + 2);
  const version2019 = (attr & 0x4000) !== 0;
  const idLength = version2019 ? 10 : 6;
  let at = start + 4;
  const version = version2019 ? frame[at++] : undefined;
  if (end - at < idLength + 3) return null;
  const phoneBytes = frame.subarray(at, at + idLength);
  at += idLength;
  const serial = frame.readUInt16BE(at);
  at += 2;
  let subpackage: Jt808Header['subpackage'];
  if (attr & 0x2000) {
    if (end - at < 5) return null;
    subpackage = { total: frame.readUInt16BE(at), index: frame.readUInt16BE(at + 2) };
    at += 4;
  }
  const bodyLength = attr & 0x3ff;
  const check = frame[end - 1] as number;
  return {
    header: {
      msgId: frame.readUInt16BE(start),
      bodyLength,
      encryption: (attr >> 10) & 0x07,
      subpackage,
      version,
      phone: phoneBytes.toString('hex'),
      phoneBytes,
      serial,
    },
    body: frame.subarray(at, end - 1),
    check,
    checkValid: xor8(frame, start, end - 1) === check,
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
      const frame = Buffer.concat([Buffer.from([FLAG]), unescapeJt808(view.subarray(1, end)), Buffer.from([FLAG])]);
      if (this.options.strict !== false && !parseJt808Frame(frame)?.lengthValid) {
        this.discard(1); // rescan: the closing 7E (or a '(') may start the next frame
        continue;
      }
      // Leave the closing 7E: if this "frame" was garbage, that flag may really open the next frame.
      this.queue.drop(end);
      frames.push(frame);
    }
    return frames;
  }

  private discard(n: number): void {
    this.discarded += n;
    this.queue.drop(n);
  }
}
