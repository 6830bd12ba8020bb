import { describe, expect, it } from 'vitest';
import { checkPng } from './png.ts';
import { testPng } from './test-png.ts';

describe('logo PNG check', () => {
  it('accepts a 40×40 PNG and refuses other sizes', () => {
    expect(checkPng(testPng(40, 40), 40).ok).toBe(true);
    expect(checkPng(testPng(41, 40), 40)).toEqual({ ok: false, problem: 'size' });
    expect(checkPng(testPng(40, 400), 40)).toEqual({ ok: false, problem: 'size' });
  });

  it('refuses what is not a PNG, whatever it is called', () => {
    const png = Buffer.from(testPng(40, 40), 'base64');
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60)]).toString('base64');
    expect(checkPng(jpeg, 40)).toEqual({ ok: false, problem: 'notPng' });
    expect(checkPng('', 40)).toEqual({ ok: false, problem: 'notPng' });
    expect(checkPng('not base64 at all!', 40)).toEqual({ ok: false, problem: 'notPng' });
    // IHDR's CRC no longer matches a forged width.
    const forged = Buffer.from(png);
    forged.writeUInt32BE(40, 16);
    forged.writeUInt32BE(41, 20);
    expect(checkPng(forged.toString('base64'), 40)).toEqual({ ok: false, problem: 'notPng' });
    // Cut short: no IEND at the end.
    expect(checkPng(png.subarray(0, png.length - 12).toString('base64'), 40)).toEqual({ ok: false, problem: 'notPng' });
    // Stray characters in the base64.
    expect(checkPng(` ${testPng(40, 40)}`, 40)).toEqual({ ok: false, problem: 'notPng' });
  });
});
