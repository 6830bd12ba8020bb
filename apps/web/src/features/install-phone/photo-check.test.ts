import { INSTALL_PHOTO } from '@lodestar/domain';
import { describe, expect, it } from 'vitest';
import { checkPhotos, readHead } from './photo-check.ts';

const JPEG = new Uint8Array([0xff, 0xd8, 0xff]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e]);
const jpeg = (size = 1000) => ({ size, head: JPEG });

describe('photo checks in the browser', () => {
  it('reads the first bytes, which tell a JPEG whatever its name', async () => {
    expect(await readHead(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2])]))).toEqual(JPEG);
  });

  it('refuses a PNG, an empty file and one of 5 MB or more, naming why', () => {
    const files = [{ size: 10, head: PNG }, { size: 0, head: JPEG }, jpeg(INSTALL_PHOTO.maxBytes), jpeg()];
    expect(checkPhotos(files, { task: 0, position: 0 })).toEqual(['notJpeg', 'empty', 'tooLarge', null]);
  });

  it('counts the stored photos and the ones accepted before: 9 a task, 4 a device position', () => {
    expect(checkPhotos([jpeg(), jpeg(), jpeg()], { task: 7, position: 0 })).toEqual([null, null, 'tooManyForTask']);
    expect(checkPhotos([jpeg(), jpeg(), jpeg()], { task: 2, position: 3 })).toEqual([
      null,
      'tooManyForPosition',
      'tooManyForPosition',
    ]);
    // Photos of no position count only for the task.
    expect(checkPhotos([jpeg(), jpeg(), jpeg(), jpeg(), jpeg()], { task: 0, position: null })).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
