/** Checksums used by the wire formats. Table-free bitwise versions: frames are short. */

/** CRC-16/X-25 ("CRC-ITU" in the Concox GT06 document): poly 0x1021 reflected, init 0xFFFF, xorout 0xFFFF. */
export function crc16X25(data: Uint8Array, start = 0, end = data.length): number {
  let crc = 0xffff;
  for (let i = start; i < end; i++) {
    crc ^= data[i] ?? 0;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
  }
  return ~crc & 0xffff;
}

/** CRC-16/IBM (ARC): poly 0x8005 reflected, init 0 (Teltonika AVL data packets). */
export function crc16Ibm(data: Uint8Array, start = 0, end = data.length): number {
  let crc = 0;
  for (let i = start; i < end; i++) {
    crc ^= data[i] ?? 0;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc & 0xffff;
}

/** XOR of every byte (JT/T 808 check code). */
export function xor8(data: Uint8Array, start = 0, end = data.length): number {
  let x = 0;
  for (let i = start; i < end; i++) x ^= data[i] ?? 0;
  return x;
}
