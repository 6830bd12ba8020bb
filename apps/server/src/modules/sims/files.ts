import { randomInt } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
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
 * What one user may leave uploaded and not yet imported, and for how long (UPLOAD_* settings).
 * A file an import used is the record of that import and no longer counts.
 */
export interface UploadLimits {
  maxPendingFiles: number;
  maxPendingBytes: number;
  expiryMs: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  maxPendingFiles: 20,
  maxPendingBytes: 100 * 1024 * 1024,
  expiryMs: 24 * 3_600_000,
};

interface Meta {
  fileName: string;
  size: number;
  /** When an import stored rows from it (ISO time). */
  usedAt?: string;
}

/**
 * Uploaded files live under `<dataDir>/uploads/<userId>/<FileID>` with a small JSON beside them
 * holding the original name. The user id in the path is the ownership check: another user's
 * FileID is simply not found there. FileIDs are random so they reveal nothing about other uploads.
 */
export class UploadStore {
  /** Each user's uploads one after another, so two at once cannot both fit the last of a quota. */
  private readonly queues = new Map<number, Promise<unknown>>();

  constructor(
    private readonly dataDir: string,
    private readonly limits: UploadLimits = DEFAULT_UPLOAD_LIMITS,
  ) {}

  /** The quota as the refusal states it: "20 files, 100 MB". */
  quotaText(): string {
    return `${this.limits.maxPendingFiles} files, ${Math.floor(this.limits.maxPendingBytes / 1024 / 1024)} MB`;
  }

  private root() {
    return path.resolve(this.dataDir, 'uploads');
  }

  private dir(userId: number) {
    return path.join(this.root(), String(userId));
  }

  private exclusive<T>(userId: number, work: () => Promise<T>): Promise<T> {
    const run = (this.queues.get(userId) ?? Promise.resolve()).then(work, work);
    const tail = run.catch(() => undefined);
    this.queues.set(userId, tail);
    void tail.then(() => this.queues.get(userId) === tail && this.queues.delete(userId));
    return run;
  }

  /** The user's files no import has used yet: how many, and their bytes. */
  private async pending(userId: number): Promise<{ files: number; bytes: number }> {
    let files = 0;
    let bytes = 0;
    for (const meta of await this.metas(this.dir(userId))) {
      if (meta.usedAt) continue;
      files++;
      bytes += meta.size;
    }
    return { files, bytes };
  }

  private async metas(dir: string): Promise<(Meta & { target: string })[]> {
    const names = await readdir(dir).catch(() => [] as string[]);
    const out: (Meta & { target: string })[] = [];
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      const target = path.join(dir, name.slice(0, -'.json'.length));
      const meta = await readMeta(target);
      if (meta) out.push({ ...meta, target });
    }
    return out;
  }

  /**
   * Writes the stream; `tooLarge()` is asked afterwards because the size limit truncates silently.
   * Refused (UploadQuotaExceeded) when the user's files not yet imported would pass the quota.
   */
  save(userId: number, fileName: string, content: Readable, tooLarge: () => boolean): Promise<StoredUpload> {
    return this.exclusive(userId, async () => {
      const before = await this.pending(userId);
      if (before.files >= this.limits.maxPendingFiles || before.bytes >= this.limits.maxPendingBytes) {
        content.resume();
        throw new UploadQuotaExceeded();
      }
      const dir = this.dir(userId);
      await mkdir(dir, { recursive: true });
      // Within the integer range every Id schema accepts (LIMITS.intMax).
      const fileId = randomInt(1, LIMITS.intMax);
      const target = path.join(dir, String(fileId));
      try {
        await pipeline(content, createWriteStream(target));
        if (tooLarge()) throw new UploadTooLarge();
        if (before.bytes + (await stat(target)).size > this.limits.maxPendingBytes) throw new UploadQuotaExceeded();
      } catch (err) {
        await rm(target, { force: true });
        throw err;
      }
      const size = (await stat(target)).size;
      const name = path.basename(fileName.replace(/\\/g, '/')).slice(0, 200) || 'upload';
      await writeFile(`${target}.json`, JSON.stringify({ fileName: name, size } satisfies Meta));
      return { fileId, fileName: name, size, path: target };
    });
  }

  /** The caller's own upload; anyone else's, or none, answers like another hold's id. */
  async find(userId: number, fileId: number): Promise<StoredUpload> {
    const target = path.join(this.dir(userId), String(fileId));
    const meta = await readMeta(target);
    if (!meta) throw outsideHold();
    return { fileId, fileName: meta.fileName, size: meta.size, path: target };
  }

  /** An import stored rows from the file: it is kept as that import's record, out of the quota and the sweep. */
  async markUsed(userId: number, fileId: number, at = new Date()): Promise<void> {
    const target = path.join(this.dir(userId), String(fileId));
    const meta = await readMeta(target);
    if (meta && !meta.usedAt) await writeFile(`${target}.json`, JSON.stringify({ ...meta, usedAt: at.toISOString() }));
  }

  /**
   * Removes every file no import used that was uploaded more than the expiry before `now`, and any
   * file a crash left without its JSON. Answers how many files went.
   */
  async sweep(now = new Date()): Promise<number> {
    const before = now.getTime() - this.limits.expiryMs;
    const old = async (file: string) => ((await stat(file).catch(() => undefined))?.mtimeMs ?? Infinity) < before;
    let removed = 0;
    for (const user of await readdir(this.root()).catch(() => [] as string[])) {
      const dir = path.join(this.root(), user);
      const names = await readdir(dir).catch(() => [] as string[]);
      for (const name of names) {
        if (name.endsWith('.json')) continue;
        const target = path.join(dir, name);
        const meta = await readMeta(target);
        if (meta?.usedAt || !(await old(meta ? `${target}.json` : target))) continue;
        await rm(target, { force: true });
        await rm(`${target}.json`, { force: true });
        removed++;
      }
    }
    return removed;
  }
}

async function readMeta(target: string): Promise<Meta | undefined> {
  try {
    return JSON.parse(await readFile(`${target}.json`, 'utf8')) as Meta;
  } catch {
    return undefined;
  }
}

export class UploadTooLarge extends Error {}
export class UploadQuotaExceeded extends Error {}
