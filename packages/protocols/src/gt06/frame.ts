import { crc16X25 } from '../common/crc.ts';
import { ByteQueue, type FrameSplitter, MAX_SPLITTER_BUFFER } from '../common/splitter.ts';

/**
 * GT06 framing (Concox GT06N v1.8 §4): 78 78 LEN(1) … or 79 79 LEN(2) …, where LEN counts protocol number
 * through CRC; then the 0D 0A stop bits. CRC-ITU covers LEN..serial.
 */
export interface Gt06Frame {
  extended: boolean;
  /** Declared length field. */
  length: number;
  type: number;
  /** Bytes after the protocol number up to the stop bits: content, then serial and CRC (GT06_TRAILER). */
  body: Buffer;
  serial: number;
  crcValid: boolean;
}

const STOP_BYTES = Buffer.from([0x0d, 0x0a]);
/** Longest frame the 0D 0A fallback may cut. */
const MAX_FALLBACK = 512;

/** Largest 0x7979 length we accept; anything larger is treated as a false start. */
const MAX_LONG_LENGTH = 4096;

/** Total frame size implied by the header at `at`, or 0 if not a plausible header, -1 if more bytes needed. */
function frameSize(buf: Buffer, at: number): number {
  if (buf.length - at < 2) return -1;
  const start = buf.readUInt16BE(at);
  if (start === 0x7878) {
    if (buf.length - at < 3) return -1;
    const len = buf[at + 2] ?? 0;
    return len >= 5 ? len + 5 : 0;
  }
  if (start === 0x7979) {
    if (buf.length - at < 4) return -1;
    const len = buf.readUInt16BE(at + 2);
    return len >= 5 && len <= MAX_LONG_LENGTH ? len + 6 : 0;
  }
  return 0;
}

function endsWithStop(buf: Buffer, at: number, size: number): boolean {
  return buf[at + size - 2] === 0x0d && buf[at + size - 1] === 0x0a;
}

/** CRC over length..serial matches (a strong sign the bytes at `at` really are a frame). */
function crcMatches(buf: Buffer, at: number, size: number): boolean {
  const crcAt = at + size - 4;
  return crc16X25(buf, at + 2, crcAt) === buf.readUInt16BE(crcAt);
}

/** Bytes after the content that every reader must leave alone: serial (2) and CRC (2). */
export const GT06_TRAILER = 4;

/**
 * Parse one complete frame (as produced by the splitter, or one UDP datagram). The frame's real size wins over
 * its declared length, as in Traccar, so that the slightly malformed frames some devices send still decode.
 */
export function parseGt06Frame(frame: Buffer): Gt06Frame | null {
  if (frame.length < 10 || frameSize(frame, 0) <= 0 || !endsWithStop(frame, 0, frame.length)) return null;
  const extended = frame[0] === 0x79;
  const typeAt = extended ? 4 : 3;
  const size = frame.length;
  return {
    extended,
    length: extended ? frame.readUInt16BE(2) : (frame[2] ?? 0),
    type: frame[typeAt] ?? 0,
    body: frame.subarray(typeAt + 1, size - 2),
    // Traccar reads the serial as the two bytes before the CRC, whatever the declared length says.
    serial: frame.readUInt16BE(size - 6),
    crcValid: crcMatches(frame, 0, size),
  };
}

/** Stateful per-connection splitter: finds frames, resynchronises after garbage, bounds its buffer. */
export class Gt06FrameSplitter implements FrameSplitter {
  private readonly queue = new ByteQueue();
  discarded = 0;

  constructor(private readonly maxBuffer = MAX_SPLITTER_BUFFER) {}

  get buffered(): number {
    return this.queue.length;
  }

  push(chunk: Buffer): Buffer[] {
    this.queue.append(chunk);
    const frames: Buffer[] = [];
    for (;;) {
      const buf = this.queue.view;
      const start = findStart(buf, 0);
      if (start < 0) {
        // Keep a trailing 0x78/0x79 that may begin the next header.
        const keep = buf.length > 0 && (buf[buf.length - 1] === 0x78 || buf[buf.length - 1] === 0x79) ? 1 : 0;
        this.discard(buf.length - keep);
        break;
      }
      if (start > 0) this.discard(start);
      const view = this.queue.view;
      const size = frameSize(view, 0);
      if (size === 0) {
        this.discard(1);
        continue;
      }
      if (size < 0 || view.length < size) {
        // Incomplete: wait, unless a complete CRC-valid frame starts later (then the head was garbage).
        const later = findValidLater(view);
        if (later > 0) {
          this.discard(later);
          continue;
        }
        if (view.length > this.maxBuffer) this.discard(view.length);
        break;
      }
      if (!endsWithStop(view, 0, size)) {
        // Traccar's fallback: a frame whose length field is off still ends at the first 0D 0A.
        const stop = view.indexOf(STOP_BYTES, 8);
        const later = findValidLater(view);
        if (later > 0 && (stop < 0 || later < stop + 2)) {
          this.discard(later);
          continue;
        }
        if (stop > 0 && stop + 2 <= MAX_FALLBACK) {
          frames.push(this.queue.take(stop + 2));
          continue;
        }
        if (stop < 0 && view.length < MAX_FALLBACK) break; // wait for 0D 0A
        this.discard(1);
        continue;
      }
      // A bad CRC is tolerated (Traccar does), unless a CRC-valid frame starts inside: then the head was garbage.
      if (!crcMatches(view, 0, size)) {
        const inner = findValidLater(view);
        if (inner > 0 && inner < size) {
          this.discard(inner);
          continue;
        }
      }
      frames.push(this.queue.take(size));
    }
    this.queue.settle();
    return frames;
  }

  private discard(n: number): void {
    this.discarded += n;
    this.queue.drop(n);
  }
}

function findStart(buf: Buffer, from: number): number {
  for (let i = from; i + 1 < buf.length; i++) {
    const b = buf[i];
    if ((b === 0x78 || b === 0x79) && buf[i + 1] === b) return i;
  }
  return -1;
}

function findValidLater(buf: Buffer): number {
  for (let i = findStart(buf, 1); i > 0; i = findStart(buf, i + 1)) {
    const size = frameSize(buf, i);
    if (size > 0 && i + size <= buf.length && endsWithStop(buf, i, size) && crcMatches(buf, i, size)) return i;
  }
  return -1;
}
