/** A value's widest text: a sign, ten digits (a 32-bit delta) and its comma. */
export const MAX_INT_CHARS = 12;
const COMMA = 44;
const MINUS = 45;
const ZERO = 48;
/** '00' to '99' as character codes, two a number. */
const PAIRS = Uint8Array.from({ length: 200 }, (_, i) => ZERO + (i % 2 ? (i >> 1) % 10 : Math.floor((i >> 1) / 10)));

/** Integers as JSON text into a buffer sized up front (at most MAX_INT_CHARS a value and its comma). */
export class JsonWriter {
  private readonly buf: Buffer;
  private o = 0;
  private readonly digits = new Uint8Array(20);

  constructor(size: number) {
    this.buf = Buffer.allocUnsafe(size);
  }

  text(s: string): void {
    this.o += this.buf.write(s, this.o, 'latin1');
  }

  bytes(b: Buffer): void {
    b.copy(this.buf, this.o);
    this.o += b.length;
  }

  /**
   * xs[from..to) as differences from the value before, comma-separated: the first from `prev` (0 for a column's
   * first point, the last value of the piece before when a reply is joined from pieces), with a comma before it
   * when `lead` (the column already has values).
   */
  deltas(xs: ArrayLike<number>, from: number, to: number, prev = 0, lead = false): void {
    for (let i = from; i < to; i++) {
      const x = xs[i]!;
      if (i > from || lead) this.buf[this.o++] = COMMA;
      this.int(x - prev);
      prev = x;
    }
  }

  list(xs: readonly number[]): void {
    for (let i = 0; i < xs.length; i++) {
      if (i) this.buf[this.o++] = COMMA;
      this.int(xs[i]!);
    }
  }

  /**
   * Two digits at a time from a table, in integer arithmetic: most values are deltas of one to four digits,
   * and this loop runs 1.3 million times for a 30-day track.
   */
  private int(v: number): void {
    const buf = this.buf;
    let o = this.o;
    if (v < 0) {
      buf[o++] = MINUS;
      v = -v;
    }
    if (v < 10) {
      buf[o++] = ZERO + v;
    } else if (v < 100) {
      buf[o++] = PAIRS[2 * v]!;
      buf[o++] = PAIRS[2 * v + 1]!;
    } else if (v < 2 ** 31) {
      // Digits from the right into the scratch, then copied out in order.
      const d = this.digits;
      let k = 20;
      let x = v | 0;
      while (x >= 100) {
        const q = (x / 100) | 0;
        const r = 2 * (x - q * 100);
        d[--k] = PAIRS[r + 1]!;
        d[--k] = PAIRS[r]!;
        x = q;
      }
      if (x >= 10) {
        d[--k] = PAIRS[2 * x + 1]!;
        d[--k] = PAIRS[2 * x]!;
      } else d[--k] = ZERO + x;
      while (k < 20) buf[o++] = d[k++]!;
    } else {
      // Past 32 bits (a first time far in the future): the plain way.
      o += buf.write(String(v), o, 'latin1');
    }
    this.o = o;
  }

  done(): Buffer {
    return this.buf.subarray(0, this.o);
  }
}
