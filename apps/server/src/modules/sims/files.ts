import { randomInt } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LIMITS } from '@lodestar/domain';
import { outsideHold } from '../../lib/errors.ts';

export interface StoredUpload {
  fileId: number;
  fileName: string;
  size: number;
  /** Where the bytes are on disk. */
  path: string;
}

/**
 * Uploaded files live under `<dataDir>/uploads/<userId>/<FileID>` with a small JSON beside them
 * holding the original name. The user id in the path is the ownership check: another user's
 * FileID is simply not found there. FileIDs are random so they reveal nothing about other uploads.
 */
export class UploadStore {
  constructor(private readonly dataDir: string) {}

  private dir(userId: number) {
    return path.resolve(this.dataDir, 'uploads', String(userId));
  }

  /** Writes the stream; `tooLarge()` is asked afterwards because the size limit truncates silently. */
  async save(userId: number, fileName: string, content: Readable, tooLarge: () => boolean): Promise<StoredUpload> {
    const dir = this.dir(userId);
    await mkdir(dir, { recursive: true });
    // Within the integer range every Id schema accepts (LIMITS.intMax).
    const fileId = randomInt(1, LIMITS.intMax);
    const target = path.join(dir, String(fileId));
    try {
      await pipeline(content, createWriteStream(target));
      if (tooLarge()) throw new UploadTooLarge();
    } catch (err) {
      await rm(target, { force: true });
      throw err;
    }
    const size = (await stat(target)).size;
    const name = path.basename(fileName.replace(/\\/g, '/')).slice(0, 200) || 'upload';
    await writeFile(`${target}.json`, JSON.stringify({ fileName: name, size }));
    return { fileId, fileName: name, size, path: target };
  }

  /** The caller's own upload; anyone else's, or none, answers like another hold's id. */
  async find(userId: number, fileId: number): Promise<StoredUpload> {
    const target = path.join(this.dir(userId), String(fileId));
    try {
      const meta = JSON.parse(await readFile(`${target}.json`, 'utf8')) as { fileName: string; size: number };
      return { fileId, fileName: meta.fileName, size: meta.size, path: target };
    } catch {
      throw outsideHold();
    }
  }
}

export class UploadTooLarge extends Error {}
