import { crc32 } from 'node:zlib';

/** PNG file signature (ISO/IEC 15948 section 5.2). */
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export type PngProblem = 'notPng' | 'size';

/**
 * Checks an uploaded logo by its bytes, not its name: the PNG signature, then IHDR as the first chunk (13 bytes,
 * its CRC matching) carrying the width and height, then an IEND chunk at the very end. The base64 must be strict
 * (Buffer.from ignores stray characters, so it is re-encoded and compared).
 */
export function checkPng(
  base64: string,
  size: number,
): { ok: true; bytes: Buffer } | { ok: false; problem: PngProblem } {
  const bytes = Buffer.from(base64, 'base64');
  // Signature, IHDR (25 bytes with its header and CRC), IEND (12).
  if (bytes.length < 8 + 25 + 12 || bytes.toString('base64') !== base64) return { ok: false, problem: 'notPng' };
  if (!bytes.subarray(0, 8).equals(SIGNATURE)) return { ok: false, problem: 'notPng' };
  // Chunk: length (4), type (4), data, CRC over type and data (4).
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR')
    return { ok: false, problem: 'notPng' };
  if (crc32(bytes.subarray(12, 29)) !== bytes.readUInt32BE(29)) return { ok: false, problem: 'notPng' };
  const iend = bytes.subarray(bytes.length - 12);
  if (iend.readUInt32BE(0) !== 0 || iend.toString('latin1', 4, 8) !== 'IEND') return { ok: false, problem: 'notPng' };
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width !== size || height !== size) return { ok: false, problem: 'size' };
  return { ok: true, bytes };
}
