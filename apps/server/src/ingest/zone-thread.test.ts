import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { type LngLat, ZONE_EVENT_TYPES, ZONE_LIMITS } from '@lodestar/domain';
import type { InboundRecord } from '@lodestar/gateway';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { InProcessBus } from './bus.ts';
import { createIngest, type Ingest } from './index.ts';
import { bind, insertDevice, insertFence, offset } from './zone-test-support.ts';
import { ZoneThread } from './zone-thread.ts';

afterAll(stopTestServers);

const rec = (deviceId: string, at: LngLat, time: number, speedKmh = 20): InboundRecord => ({
  protocol: 'gt06',
  deviceId,
  receivedAt: new Date(),
  remoteAddress: '127.0.0.1',
  message: {
    protocol: 'gt06',
    kind: 'position',
    messageType: 0x22,
    positions: [
      {
        fixTime: new Date(time),
        valid: true,
        lat: at[1],
        lon: at[0],
        speedKmh,
        course: 90,
        satellites: 8,
        alarms: [],
        attributes: { acc: true },
      },
    ],
    alarms: [],
    attributes: {},
  },
});

async function zoneAlarms(pool: pg.Pool, devicePk: number): Promise<string[]> {
  const { rows } = await pool.query<{ alarm: string }>(
    `SELECT alarm FROM events WHERE device_pk = $1 AND alarm = ANY($2::text[]) ORDER BY event_time, id`,
    [devicePk, ZONE_EVENT_TYPES],
  );
  return rows.map((r) => r.alarm);
}

/** The worker behind a ZoneThread, to end it as a crash would. */
const workerOf = (engine: unknown) => (engine as { worker?: { terminate(): Promise<number> } }).worker;

describe.each(dbTargets())('the fence engine in its own thread, on $name PostgreSQL', (target) => {
  let t: TestApp;
  let pool: pg.Pool;
  let holdId: number;
  let ingest: Ingest;
  const origin: LngLat = [121.52, 31.31];

  beforeAll(async () => {
    t = await startTestApp(target, { FENCE_ENGINE: 'off' });
    pool = t.database.pool;
    holdId = (await t.buildHold('Fleet')).id;
    ingest = createIngest(pool, new InProcessBus(), undefined, undefined, undefined, undefined, undefined, undefined, {
      hysteresisMetres: ZONE_LIMITS.hysteresisMetres,
      staySweepMs: 0,
      thread: 'worker',
    });
  });
  afterAll(async () => {
    await ingest?.writer.close();
    await t?.close();
  });

  it('fires enter and leave once each, and after its thread dies reads the visits the flushes committed', async () => {
    expect(ingest.writer.zones).toBeInstanceOf(ZoneThread);
    const imei = '861240000000001';
    const pk = await insertDevice(pool, holdId, imei, '2099-12-31');
    const fence = await insertFence(pool, {
      holdId,
      name: 'Yard',
      geometry: { type: 'Circle', Center: origin, Radius: 200 },
    });
    await bind(pool, 'fence', fence, [pk]);
    await ingest.writer.zones!.load();
    expect(ingest.writer.zones!.stats).toMatchObject({ zones: 1, devices: 1, bindings: 1 });

    let time = Date.now() - 3600_000;
    const drive = (east: number) => {
      time += 10_000;
      return ingest.writer.persist([rec(imei, offset(origin, east, 0), time)]);
    };
    await drive(-600);
    await drive(0);
    await drive(50);
    expect(await zoneAlarms(pool, pk)).toEqual(['fenceEnter']);

    // The thread dies (as a crash would): the next flush starts another, which reads the device's visit from
    // zone_states rather than entering again.
    const first = workerOf(ingest.writer.zones);
    expect(first).toBeDefined();
    await first!.terminate();
    await drive(20);
    expect(workerOf(ingest.writer.zones)).not.toBe(first);
    expect(await zoneAlarms(pool, pk)).toEqual(['fenceEnter']);
    await drive(900);
    await drive(1200);
    expect(await zoneAlarms(pool, pk)).toEqual(['fenceEnter', 'fenceLeave']);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM zone_states WHERE device_pk = $1 AND inside', [
      pk,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('a check in flight when the thread dies fails its flush, which stores nothing; the retry stores it once', async () => {
    const imei = '861240000000002';
    const pk = await insertDevice(pool, holdId, imei, '2099-12-31');
    const fence = await insertFence(pool, {
      holdId,
      name: 'Gate',
      geometry: { type: 'Circle', Center: offset(origin, 3000, 0), Radius: 150 },
    });
    await bind(pool, 'fence', fence, [pk]);
    await ingest.writer.zones!.load();
    const time = Date.now() - 1800_000;
    const record = rec(imei, offset(origin, 3000, 0), time);
    // The thread ends as the check is posted: the flush fails, and the persist with it (nothing acknowledged).
    const zones = ingest.writer.zones!;
    const check = zones.check.bind(zones);
    zones.check = (pks, fixes) => {
      // Terminating, not yet gone: the check is posted to a thread that will never answer it.
      void workerOf(zones)!.terminate();
      return check(pks, fixes);
    };
    await expect(ingest.writer.persist([record])).rejects.toThrow(/fence engine thread/);
    zones.check = check;
    const stored = async () =>
      (await pool.query('SELECT count(*)::int AS n FROM positions WHERE device_pk = $1', [pk])).rows[0].n;
    expect(await stored()).toBe(0);
    await ingest.writer.persist([record]);
    expect(await stored()).toBe(1);
    expect(await zoneAlarms(pool, pk)).toEqual(['fenceEnter']);
  });
});
