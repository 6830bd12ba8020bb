import { crc16Ibm } from '../common/crc.ts';
import { ByteQueue, type FrameSplitter } from '../common/splitter.ts';

/**
 * Teltonika TCP framing (Teltonika "Codec" documentation): IMEI handshake (2-byte length + ASCII IMEI),
 * a single 0xFF keep-alive, or an AVL packet: 4 zero bytes, data length (4), data, CRC-16/IBM (4).
 */
/** Teltonika devices send at most 1280 bytes of AVL data per TCP packet; allow some headroom. */
export const MAX_AVL_DATA = 4096;
const CODECS = new Set([0x07, 0x08, 0x8e, 0x0c, 0x0d, 0x0e, 0x10]);

export type TeltonikaFrameKind = 'ping' | 'imei' | 'avl';

export function teltonikaFrameKind(frame: Buffer): TeltonikaFrameKind | null {
  if (frame.length === 1 && frame[0] === 0xff) return 'ping';
  if (frame.length >= 3 && frame.readUInt16BE(0) === frame.length - 2) return 'imei';
  if (frame.length >= 12 && frame.readUInt32BE(0) === 0) return 'avl';
  return null;
}

/** CRC-16/IBM of the data part equals the trailing 4-byte field. */
export function avlCrcValid(frame: Buffer): boolean {
  if (frame.length < 12) return false;
  return crc16Ibm(frame, 8, frame.length - 4) === frame.readUInt32BE(frame.length - 4);
}

/** Size of the frame at `at`: >0 size, 0 not a frame start, -1 need more bytes. */
function frameSize(buf: Buffer, at: number): number {
  const left = buf.length - at;
  if (left < 1) return -1;
  if (buf[at] === 0xff) return 1;
  if (left < 2) return -1;
  const length = buf.readUInt16BE(at);
  if (length > 0) {
    if (length > 17) return 0;
    for (let i = at + 2; i < Math.min(buf.length, at + 2 + length); i++) {
      const b = buf[i] as number;
      if (b < 0x30 || b > 0x39) return 0;
    }
    return left >= length + 2 ? length + 2 : -1;
  }
  if (left < 4) return -1;
  if (buf.readUInt16BE(at + 2) !== 0) return 0;
  if (left < 10) return -1;
  if (buf.readUInt32BE(at) !== 0) return 0;
  const dataLength = buf.readUInt32BE(at + 4);
  if (dataLength < 3 || dataLength > MAX_AVL_DATA || !CODECS.has(buf[at + 8] as number)) return 0;
  if (left < dataLength + 12) return -1;
  // Number of data 1 must equal number of data 2.
  return buf[at + 9] === buf[at + 8 + dataLength - 1] ? dataLength + 12 : 0;
}

/** Per-connection splitter; bad CRCs are tolerated unless a CRC-valid packet starts inside (then resync). */
export class TeltonikaFrameSplitter implements FrameSplitter {
  private readonly queue = new ByteQueue();
  /** Absolute stream offset of the queue's first byte, and offsets already known not to start a valid packet. */
  private base = 0;
  private readonly rejected = new Set<number>();
  discarded = 0;

  get buffered(): number {
    return this.queue.length;
  }

  push(chunk: Buffer): Buffer[] {
    this.queue.append(chunk);
    const frames: Buffer[] = [];
    while (this.queue.length > 0) {
      const view = this.queue.view;
      const size = frameSize(view, 0);
      if (size === 0) {
        this.discard(1);
        continue;
      }
      // The head was garbage if a CRC-valid packet starts inside it; that matters (and is looked for) only while
      // this packet is incomplete or fails its own CRC.
      const suspect = size < 0 || (size > 12 && !avlCrcValid(view.subarray(0, size)));
      const later = suspect ? this.laterValid(view, size < 0 ? view.length : size) : -1;
      if (later > 0) {
        this.discard(later);
        continue;
      }
      if (size < 0) break;
      this.base += size;
      frames.push(this.queue.take(size));
    }
    if (this.rejected.size > 4096) this.rejected.clear();
    this.queue.settle();
    return frames;
  }

  private discard(n: number): void {
    this.discarded += n;
    this.base += n;
    this.queue.drop(n);
  }

  /** First offset in (0, limit) where a complete CRC-valid AVL packet starts. */
  private laterValid(buf: Buffer, limit: number): number {
    for (let i = buf.indexOf(ZERO4, 1); i > 0 && i < limit; i = buf.indexOf(ZERO4, i + 1)) {
      if (this.rejected.has(this.base + i)) continue;
      const size = frameSize(buf, i);
      if (size > 12 && avlCrcValid(buf.subarray(i, i + size))) return i;
      if (size >= 0) this.rejected.add(this.base + i); // not a start, or complete with a bad CRC: final
    }
    return -1;
  }
}

const ZERO4 = Buffer.alloc(4);
