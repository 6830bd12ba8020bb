/**
 * Checksums used by the wire formats. The CRC-16s are table-driven (one lookup per byte instead of eight
 * shift steps): GT06 checks every frame's CRC twice (splitter and decoder), so the bitwise loop was half of
 * a GT06 frame's CPU time.
 */

/** Lookup table of a reflected CRC-16 with polynomial `poly` (already bit-reversed). */
function reflectedTable(poly: number): Uint16Array {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let crc = n;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ poly : crc >>> 1;
    table[n] = crc;
  }
  return table;
}

const X25 = reflectedTable(0x8408);
const IBM = reflectedTable(0xa001);

/** CRC-16/X-25 ("CRC-ITU" in the Concox GT06 document): poly 0x1021 reflected, init 0xFFFF, xorout 0xFFFF. */
export function crc16X25(data: Uint8Array, start = 0, end = data.length): number {
  let crc = 0xffff;
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ (X25[(crc ^ (data[i] ?? 0)) & 0xff] as number);
  return ~crc & 0xffff;
}

/** CRC-16/IBM (ARC): poly 0x8005 reflected, init 0 (Teltonika AVL data packets). */
export function crc16Ibm(data: Uint8Array, start = 0, end = data.length): number {
  let crc = 0;
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ (IBM[(crc ^ (data[i] ?? 0)) & 0xff] as number);
  return crc & 0xffff;
}

/** XOR of every byte (JT/T 808 check code). */
export function xor8(data: Uint8Array, start = 0, end = data.length): number {
  let x = 0;
  for (let i = start; i < end; i++) x ^= data[i] ?? 0;
  return x;
}
