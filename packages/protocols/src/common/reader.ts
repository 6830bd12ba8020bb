/** A bounds-checked big-endian cursor over a Buffer. Reading past the end throws FrameError. */

export class FrameError extends Error {
  override name = 'FrameError';
}

export class ByteReader {
  private offset: number;

  constructor(
    readonly buf: Buffer,
    start = 0,
    private readonly end = buf.length,
  ) {
    this.offset = start;
  }

  get position(): number {
    return this.offset;
  }

  get remaining(): number {
    return this.end - this.offset;
  }

  private need(n: number): number {
    if (n < 0 || this.offset + n > this.end) {
      throw new FrameError(`truncated: need ${n} byte(s) at ${this.offset}, have ${this.end - this.offset}`);
    }
    const at = this.offset;
    this.offset += n;
    return at;
  }

  u8(): number {
    return this.buf.readUInt8(this.need(1));
  }
  i8(): number {
    return this.buf.readInt8(this.need(1));
  }
  u16(): number {
    return this.buf.readUInt16BE(this.need(2));
  }
  i16(): number {
    return this.buf.readInt16BE(this.need(2));
  }
  u24(): number {
    return this.buf.readUIntBE(this.need(3), 3);
  }
  u32(): number {
    return this.buf.readUInt32BE(this.need(4));
  }
  i32(): number {
    return this.buf.readInt32BE(this.need(4));
  }
  u32le(): number {
    return this.buf.readUInt32LE(this.need(4));
  }
  /** Unsigned 64-bit as a number (exact up to 2^53; enough for millisecond times and cell ids). */
  u64(): number {
    const at = this.need(8);
    return this.buf.readUInt32BE(at) * 2 ** 32 + this.buf.readUInt32BE(at + 4);
  }
  f32(): number {
    return this.buf.readFloatBE(this.need(4));
  }
  bytes(n: number): Buffer {
    const at = this.need(n);
    return this.buf.subarray(at, at + n);
  }
  skip(n: number): void {
    this.need(n);
  }
  ascii(n: number): string {
    return this.bytes(n).toString('latin1');
  }
  hex(n: number): string {
    return this.bytes(n).toString('hex');
  }
  /** A reader over the next n bytes; this reader moves past them. */
  sub(n: number): ByteReader {
    const at = this.need(n);
    return new ByteReader(this.buf, at, at + n);
  }
}

/** Every byte printable ASCII (or CR/LF/TAB)? */
export function isPrintable(buf: Uint8Array): boolean {
  for (const b of buf) if (!(b >= 0x20 && b < 0x7f) && b !== 0x0d && b !== 0x0a && b !== 0x09) return false;
  return true;
}
