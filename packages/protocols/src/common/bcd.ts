/** Packed BCD helpers (JT/T 808 phone and time fields, H02 binary reports, GT06 terminal id). */

/** The hex digits of the bytes, e.g. 01 35 11 → "013511". Non-decimal nibbles are kept as hex letters. */
export function bcdDigits(buf: Uint8Array): string {
  return Buffer.from(buf).toString('hex');
}

/** Right-aligned packed BCD of `digits` in `bytes` bytes, left-padded with zeros. */
export function toBcd(digits: string, bytes: number): Buffer {
  if (!/^\d*$/.test(digits)) throw new RangeError(`not decimal: ${digits}`);
  const padded = digits.padStart(bytes * 2, '0').slice(-bytes * 2);
  return Buffer.from(padded, 'hex');
}

/** Two BCD digits → number, or NaN when a nibble is not decimal. */
export function bcdByte(b: number): number {
  const hi = b >> 4;
  const lo = b & 0x0f;
  return hi > 9 || lo > 9 ? Number.NaN : hi * 10 + lo;
}
