import { describe, expect, it } from 'vitest';
import { pngSize, toBase64 } from './png-size.ts';

/** The first 24 bytes of a PNG: signature, IHDR's length and type, width, height. */
function head(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

describe('pngSize', () => {
  it('reads the size IHDR declares', () => {
    expect(pngSize(head(40, 40))).toEqual({ width: 40, height: 40 });
    expect(pngSize(head(41, 40))).toEqual({ width: 41, height: 40 });
  });

  it('answers null for bytes that are not a PNG, whatever the name', () => {
    const jpeg = new Uint8Array(40).fill(0xff);
    expect(pngSize(jpeg)).toBeNull();
    const noIhdr = head(40, 40);
    noIhdr[12] = 0x58;
    expect(pngSize(noIhdr)).toBeNull();
    expect(pngSize(head(40, 40).subarray(0, 20))).toBeNull();
  });

  it('encodes base64 as the server reads it', () => {
    const bytes = new Uint8Array(70_000).map((_, i) => i % 251);
    expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });
});
