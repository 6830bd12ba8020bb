import { isPrintable } from '../common/reader.ts';
import { ByteQueue, type FrameSplitter } from '../common/splitter.ts';

/** Binary "$" report size (H02 protocol: 45 bytes with a 5-byte BCD id; Traccar H02FrameDecoder MESSAGE_LONG). */
export const H02_BINARY_LENGTH = 45;
const MAX_TEXT = 2048;
const TEXT_START = /^\*[A-Za-z]{2},/;

/**
 * Offset of the first "*XX,<digit>" (a sentence start) wholly inside buf[from, to), or -1. Scans the bytes, as
 * a regular expression over the same span would, without making a string of every sentence.
 */
function sentenceStart(buf: Buffer, from: number, to: number): number {
  for (let k = buf.indexOf(0x2a, from); k >= 0 && k + 4 < to; k = buf.indexOf(0x2a, k + 1)) {
    if (isLetter(buf[k + 1]) && isLetter(buf[k + 2]) && buf[k + 3] === 0x2c && isDigit(buf[k + 4])) return k;
  }
  return -1;
}

function isLetter(b: number | undefined): boolean {
  return b !== undefined && ((b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a));
}

function isDigit(b: number | undefined): boolean {
  return b !== undefined && b >= 0x30 && b <= 0x39;
}

/** True when the fixed-position BCD fields of a binary report really are decimal digits. */
export function isH02Binary(frame: Buffer): boolean {
  if (frame[0] !== 0x24 || frame.length < H02_BINARY_LENGTH) return false;
  // id (5), time (3), date (3), latitude (4) BCD; battery; longitude BCD (first 8 of its 9 digits)
  const hex = frame.toString('hex', 1, 21);
  if (!/^\d{30}[0-9a-f]{2}\d{8}$/.test(hex)) return false;
  const n = (i: number) => Number(hex.slice(i, i + 2));
  return n(10) < 24 && n(12) < 60 && n(14) < 61 && n(16) <= 31 && n(18) <= 12;
}

/** Start of a whole binary report or of a text sentence inside the 45 bytes at the head, else -1. */
function embeddedBinary(view: Buffer): number {
  for (let k = view.indexOf(0x24, 1); k > 0 && k < H02_BINARY_LENGTH; k = view.indexOf(0x24, k + 1)) {
    if (view.length - k >= H02_BINARY_LENGTH && isH02Binary(view.subarray(k))) return k;
  }
  const text = sentenceStart(view, 1, Math.min(view.length, 1 + H02_BINARY_LENGTH + 3));
  return text > 0 && text < H02_BINARY_LENGTH ? text : -1;
}

/**
 * Per-connection H02 splitter: text sentences "*XX,…#" (CR/LF between them dropped) and 45-byte binary "$"
 * reports. Garbage is skipped; a "*" or "$" that does not start a plausible message is dropped.
 */
export class H02FrameSplitter implements FrameSplitter {
  private readonly queue = new ByteQueue();
  discarded = 0;

  get buffered(): number {
    return this.queue.length;
  }

  push(chunk: Buffer): Buffer[] {
    this.queue.append(chunk);
    const frames: Buffer[] = [];
    for (;;) {
      const buf = this.queue.view;
      let start = 0;
      while (start < buf.length && buf[start] !== 0x2a && buf[start] !== 0x24) start++;
      if (start > 0) this.discard(start);
      const view = this.queue.view;
      if (view.length === 0) break;
      if (view[0] === 0x24) {
        if (view.length < H02_BINARY_LENGTH) {
          if (view.length > 1 && !/^\d*$/.test(view.toString('hex', 1, Math.min(view.length, 16)))) this.discard(1);
          else break;
        } else if (!isH02Binary(view)) this.discard(1);
        else {
          // A truncated report followed by a whole one also looks valid: prefer a whole report starting inside.
          const inner = embeddedBinary(view);
          if (inner > 0) this.discard(inner);
          else frames.push(this.queue.take(H02_BINARY_LENGTH));
        }
        continue;
      }
      const head = view.toString('latin1', 0, Math.min(view.length, 4));
      if (view.length < 4) {
        if (/^\*[A-Za-z]{0,2}$/.test(head)) break;
        this.discard(1);
        continue;
      }
      if (!TEXT_START.test(head)) {
        this.discard(1);
        continue;
      }
      const end = view.indexOf(0x23, 1);
      const spanEnd = end < 0 ? Math.min(view.length, MAX_TEXT) : end;
      if (!isPrintable(view.subarray(0, spanEnd))) {
        this.discard(1); // sentences are text; binary bytes mean this '*' was garbage
        continue;
      }
      const inner = sentenceStart(view, 1, spanEnd);
      if (inner > 0) {
        this.discard(inner); // a new sentence starts before this one ended
        continue;
      }
      if (end < 0) {
        if (view.length > MAX_TEXT) this.discard(1);
        else break;
        continue;
      }
      frames.push(this.queue.take(end + 1));
    }
    this.queue.settle();
    return frames;
  }

  private discard(n: number): void {
    this.discarded += n;
    this.queue.drop(n);
  }
}
