import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UploadQuotaExceeded, UploadStore } from './files.ts';

const HOUR = 3_600_000;
const bytes = (n: number) => Readable.from([Buffer.alloc(n, 0x41)]);

describe('UploadStore', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lodestar-uploads-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('refuses a user past the pending quota, in files or in bytes; files an import used do not count', async () => {
    const store = new UploadStore(dataDir, { maxPendingFiles: 2, maxPendingBytes: 1000, expiryMs: HOUR });
    const a = await store.save(1, 'a.csv', bytes(100), () => false);
    await store.save(1, 'b.csv', bytes(100), () => false);
    await expect(store.save(1, 'c.csv', bytes(100), () => false)).rejects.toBeInstanceOf(UploadQuotaExceeded);
    // Another user has a quota of their own.
    await store.save(2, 'a.csv', bytes(100), () => false);
    await store.markUsed(1, a.fileId);
    await store.save(1, 'c.csv', bytes(100), () => false);
    // Bytes: 200 pending, 900 more would pass 1000; the refused file is not left behind.
    const roomy = new UploadStore(dataDir, { maxPendingFiles: 10, maxPendingBytes: 1000, expiryMs: HOUR });
    await expect(roomy.save(1, 'big.csv', bytes(900), () => false)).rejects.toBeInstanceOf(UploadQuotaExceeded);
    expect((await readdir(path.join(dataDir, 'uploads', '1'))).filter((n) => !n.endsWith('.json'))).toHaveLength(3);
    await roomy.save(1, 'fits.csv', bytes(800), () => false);
  });

  it('counts parallel uploads one after another, so they cannot all fit the last place', async () => {
    const store = new UploadStore(dataDir, { maxPendingFiles: 3, maxPendingBytes: 10_000, expiryMs: HOUR });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => store.save(7, `${i}.csv`, bytes(10), () => false)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
  });

  it('sweeps files no import used once they are older than the expiry, and keeps used ones', async () => {
    const store = new UploadStore(dataDir, { maxPendingFiles: 10, maxPendingBytes: 10_000, expiryMs: 24 * HOUR });
    const unused = await store.save(3, 'unused.csv', bytes(10), () => false);
    const used = await store.save(3, 'used.csv', bytes(10), () => false);
    await store.markUsed(3, used.fileId);
    expect(await store.sweep(new Date(Date.now() + 23 * HOUR))).toBe(0);
    expect(await store.sweep(new Date(Date.now() + 25 * HOUR))).toBe(1);
    await expect(store.find(3, unused.fileId)).rejects.toThrow();
    expect((await store.find(3, used.fileId)).fileName).toBe('used.csv');
    expect(await readdir(path.join(dataDir, 'uploads', '3'))).toEqual(
      [String(used.fileId), `${used.fileId}.json`].sort(),
    );
  });
});
