import { describe, expect, it } from 'vitest';
import { checkPhotos, isJpegStart, readHead } from './photo-check.ts';

const LIMITS = { maxBytes: 5 * 1024 * 1024, perTask: 9, perPosition: 4 };
const JPEG = new Uint8Array([0xff, 0xd8, 0xff]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e]);
const jpeg = (size = 1000) => ({ size, head: JPEG });

describe('photo checks in the browser', () => {
  it('knows a JPEG by its first bytes, whatever its name', async () => {
    expect(isJpegStart(JPEG)).toBe(true);
    expect(isJpegStart(PNG)).toBe(false);
    expect(isJpegStart(new Uint8Array([0xff, 0xd8]))).toBe(false);
    expect(await readHead(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2])]))).toEqual(JPEG);
  });

  it('refuses a PNG, an empty file and one of 5 MB or more, naming why', () => {
    expect(
      checkPhotos([{ size: 10, head: PNG }, { size: 0, head: JPEG }, jpeg(LIMITS.maxBytes), jpeg()], LIMITS, {
        task: 0,
        position: 0,
      }),
    ).toEqual(['notJpeg', 'empty', 'tooBig', null]);
  });

  it('counts the stored photos and the ones accepted before: 9 a task, 4 a position', () => {
    expect(checkPhotos([jpeg(), jpeg(), jpeg()], LIMITS, { task: 7, position: 0 })).toEqual([
      null,
      null,
      'taskFull',
    ]);
    expect(checkPhotos([jpeg(), jpeg(), jpeg()], LIMITS, { task: 2, position: 3 })).toEqual([
      null,
      'positionFull',
      'positionFull',
    ]);
  });
});
