import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Text deflated ahead of time so a gzip reply can be joined from it without compressing it again: raw deflate
 * ending on a byte boundary (a sync flush, no final block), with the text's length and CRC-32 that the gzip
 * trailer needs. pigz joins its parallel blocks the same way.
 */
export interface DeflatedSegment {
  bytes: Buffer;
  length: number;
  crc: number;
}

export function deflateSegment(text: Buffer, level: number): DeflatedSegment {
  return {
    bytes: deflateRawSync(text, { level, finishFlush: constants.Z_SYNC_FLUSH }),
    length: text.length,
    crc: crc32(text),
  };
}

/** gzip's header: deflate, no name or time, "Unix" as Node's own gzip writes it (RFC 1952 2.3). */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** A last, empty block with fixed codes: BFINAL 1, BTYPE 01, end-of-block (RFC 1951 3.2.6). */
const FINAL_BLOCK = Buffer.from([3, 0]);
/** Text this short goes in stored blocks: a deflate stream's set-up (~256 KiB of state) costs more than it saves. */
const STORE_BELOW = 2048;
/** The level of text compressed while the reply is joined (json-reply.ts uses the same for a whole reply). */
const LIVE_LEVEL = 4;

/**
 * One gzip member built from text written now and segments deflated earlier, in order. Each part ends
 * byte-aligned, so the parts' deflate data follow each other as they are; the CRC-32 of the whole is combined
 * from each part's without reading the segments' text.
 */
export class GzipJoin {
  private readonly parts: Buffer[] = [HEADER];
  private pending: Buffer[] = [];
  private pendingLength = 0;
  private crc = 0;
  private length = 0;

  text(b: Buffer): void {
    if (!b.length) return;
    this.pending.push(b);
    this.pendingLength += b.length;
  }

  segment(s: DeflatedSegment): void {
    if (!s.length) return;
    this.flush();
    this.parts.push(s.bytes);
    this.crc = crc32Combine(this.crc, s.crc, s.length);
    this.length += s.length;
  }

  done(): Buffer {
    this.flush();
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(this.crc >>> 0, 0);
    trailer.writeUInt32LE(this.length % 2 ** 32, 4);
    this.parts.push(FINAL_BLOCK, trailer);
    return Buffer.concat(this.parts);
  }

  private flush(): void {
    if (!this.pendingLength) return;
    const text = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, this.pendingLength);
    this.pending = [];
    this.pendingLength = 0;
    this.crc = crc32(text, this.crc);
    this.length += text.length;
    if (text.length >= STORE_BELOW) {
      this.parts.push(deflateRawSync(text, { level: LIVE_LEVEL, finishFlush: constants.Z_SYNC_FLUSH }));
      return;
    }
    // One stored block (STORE_BELOW < 65,536): BFINAL 0, BTYPE 00, padded to the byte; LEN and its complement
    // (RFC 1951 3.2.4).
    const k = text.length;
    this.parts.push(Buffer.from([0, k & 0xff, k >>> 8, ~k & 0xff, (~k >>> 8) & 0xff]), text);
  }
}

/*
 * CRC-32 of A followed by B from crc(A), crc(B) and B's length, as zlib's crc32_combine: crc(A) multiplied by
 * x^(8·len(B)) modulo the CRC polynomial, then xor crc(B). Polynomials are bit-reflected 32-bit words.
 */
const POLY = 0xedb88320;

/** a(x)·b(x) mod p(x). */
function multModP(a: number, b: number): number {
  let p = 0;
  for (let m = 0x80000000; m; m >>>= 1) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) mod p(x), k = 0..31. */
const X2N: number[] = [];
for (let k = 0, p = 0x40000000; k < 32; k++, p = multModP(p, p)) X2N.push(p);

/** x^(n·2^k) mod p(x). */
function x2nModP(n: number, k: number): number {
  let p = 0x80000000;
  for (; n > 0; n = Math.floor(n / 2), k++) if (n % 2) p = multModP(X2N[k & 31]!, p);
  return p;
}

export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multModP(x2nModP(lengthB, 3), crcA) ^ crcB) >>> 0;
}
