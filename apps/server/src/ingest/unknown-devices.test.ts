import { unknownDevices } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { PgDeviceDirectory } from './directory.ts';

afterAll(stopTestServers);

/**
 * Issue #14 item 13: anyone can connect to a device port and name an id. Only ids of the protocol's form are
 * kept as unknown devices, one row per id, and a flood of valid-looking ids cannot grow the table past its cap.
 */
describe.each(dbTargets())('unknown-device rows on $name PostgreSQL', (target) => {
  let t: TestApp;
  const rows = () =>
    t.database.db.select().from(unknownDevices).orderBy(asc(unknownDevices.lastSeen), asc(unknownDevices.deviceId));
  const seen = (directory: PgDeviceDirectory, protocol: 'gt06' | 'jt808' | 'osmand', deviceId: string, s = 0) =>
    directory.recordUnknown({
      protocol,
      deviceId,
      remoteAddress: '203.0.113.5:4000',
      at: new Date(1_800_000_000_000 + s * 1000),
    });

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  it('keeps only ids of the protocol’s form, one row per id counting its attempts', async () => {
    const d = t.ingest.directory;
    await seen(d, 'gt06', '86471700328358a'); // a login with BCD nibbles over 9
    await seen(d, 'gt06', '0864717003283581'); // not normalised: no tracker reports under it
    await seen(d, 'jt808', 'x'.repeat(200));
    await seen(d, 'osmand', "1' OR '1'='1");
    expect(await rows()).toEqual([]);
    await seen(d, 'gt06', '864717003283581', 1);
    await seen(d, 'gt06', '864717003283581', 2);
    expect(await rows()).toEqual([expect.objectContaining({ deviceId: '864717003283581', attempts: 2 })]);
    await t.database.db.delete(unknownDevices);
  });

  it('keeps at most UNKNOWN_DEVICES_MAX rows: the longest unseen go first', async () => {
    const capped = new PgDeviceDirectory(t.database.pool, t.ingest.cache, undefined, 1000, undefined, 600_000, 5);
    for (let i = 0; i < 20; i++) await seen(capped, 'jt808', String(13900000000 + i), i);
    await seen(capped, 'jt808', '13900000000', 100); // seen again after all: kept
    await seen(capped, 'jt808', '13900000099', 101);
    expect((await rows()).map((r) => r.deviceId)).toEqual([
      '13900000017',
      '13900000018',
      '13900000019',
      '13900000000',
      '13900000099',
    ]);
  });
});
