import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { DEFAULT_TRIP_PARAMS, detectAll, Fn, type Segment, type TripPoint } from '@lodestar/domain';
import type { InboundRecord } from '@lodestar/gateway';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seeded, Track, tripRecord } from '../modules/trips/test-tracks.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { InProcessBus } from './bus.ts';
import { createIngest } from './index.ts';

afterAll(stopTestServers);

const P = DEFAULT_TRIP_PARAMS;

/** Positions as a tracker sends them: a few fixes a message, in order. */
async function send(writer: { persist: (r: InboundRecord[]) => Promise<void> }, deviceId: string, pts: TripPoint[]) {
  for (let i = 0; i < pts.length; i += 6) await writer.persist([tripRecord(deviceId, pts.slice(i, i + 6))]);
}

/** What the stored positions of a device amount to, read back the way the API reads the tables. */
async function rowsOf(t: TestApp, deviceId: string) {
  const q = (sql: string) => t.database.pool.query(sql, [deviceId]).then((r) => r.rows);
  const pk = `(SELECT id FROM devices WHERE device_id = $1)`;
  const trips = await q(
    `SELECT 'trip' AS kind, start_time, end_time, distance FROM trips WHERE device_pk = ${pk} ORDER BY start_time`,
  );
  const stops = await q(
    `SELECT 'stop' AS kind, start_time, end_time FROM stops WHERE device_pk = ${pk} ORDER BY start_time`,
  );
  return [...trips, ...stops]
    .map((r) => ({ kind: r.kind as string, start: r.start_time.getTime(), end: r.end_time.getTime() }))
    .sort((a, b) => a.start - b.start);
}

const expected = (segments: Segment[]) =>
  segments.map((s) => ({ kind: s.kind, start: s.start, end: s.end })).sort((a, b) => a.start - b.start);

describe.each(dbTargets())('trips and stops as positions are stored, on $name PostgreSQL', (target) => {
  let t: TestApp;
  const DAY = Date.now() - 3 * 86_400_000;

  beforeAll(async () => {
    t = await startTestApp(target);
    const hold = await t.buildHold('Fleet');
    const { token } = await t.buildUser(hold, [Fn.deviceManage]);
    for (const id of ['861200000000011', '861200000000012', '861200000000013'])
      expect(
        (await t.call('POST', 'Device/AddDevice', { token, body: { DeviceID: id, Protocol: 'gt06', HoldID: hold.id } }))
          .code,
      ).toBe(200);
  });
  afterAll(() => t?.close());

  it('writes the trips and stops the detector finds in the stored positions, and holds the open one', async () => {
    const track = new Track(DAY, 31.2, 121.4, { acc: true, random: seeded(11) })
      .halt(2 * 3600, 60, 20, false)
      .drive(1800, 50)
      .halt(120)
      .drive(900, 40)
      .halt(5 * 3600, 120, 30, false)
      .drive(1200, 60)
      .halt(1800, 60, 10, false);
    await send(t.ingest.writer, '861200000000011', track.points);
    await t.ingest.writer.trips!.idle();
    const whole = detectAll(track.points, P);
    expect(await rowsOf(t, '861200000000011')).toEqual(expected(whole.segments));
    expect(whole.segments.filter((s) => s.kind === 'trip')).toHaveLength(2);
    const pk = (await t.database.pool.query(`SELECT id FROM devices WHERE device_id = '861200000000011'`)).rows[0].id;
    expect(t.ingest.writer.trips!.open(pk)).toMatchObject({ kind: 'stop' });
    const saved = await t.database.pool.query('SELECT watermark FROM trip_states WHERE device_pk = $1', [pk]);
    expect(saved.rows[0].watermark.getTime()).toBe(track.t);
  });

  it('a late batch (a blind-area resend) rebuilds the device from the stop it falls in', async () => {
    const track = new Track(DAY, 30.6, 114.3, { random: seeded(12) })
      .halt(3600, 60)
      .drive(1200, 50)
      .halt(8 * 3600, 300, 20)
      .drive(600, 40)
      .halt(1800, 60);
    // During the night the device was driven off for 20 minutes, and sent those fixes only later (a blind area).
    const night = track.points.find((p) => p.time > DAY + 4 * 3600_000)!;
    const late = new Track(night.time + 10_000, night.lat, night.lon, { random: seeded(13) }).drive(1200, 40).points;
    await send(t.ingest.writer, '861200000000012', track.points);
    await t.ingest.writer.trips!.idle();
    const before = await rowsOf(t, '861200000000012');
    expect(before).toEqual(expected(detectAll(track.points, P).segments));

    await send(t.ingest.writer, '861200000000012', late);
    await t.ingest.writer.trips!.idle();
    const all = [...track.points, ...late].sort((a, b) => a.time - b.time);
    const after = await rowsOf(t, '861200000000012');
    expect(after).toEqual(expected(detectAll(all, P).segments));
    // The night stop is cut by the detour: more trips than before.
    expect(after.filter((s) => s.kind === 'trip').length).toBeGreaterThan(
      before.filter((s) => s.kind === 'trip').length,
    );
    expect(t.ingest.writer.trips!.stats.rebuilds).toBeGreaterThan(0);
  });

  it('after a restart resumes from the persisted watermark, reading the positions stored past it', async () => {
    const id = '861200000000013';
    const track = new Track(DAY, 22.5, 114.0, { random: seeded(14) })
      .halt(3600, 60)
      .drive(1800, 50)
      .halt(3 * 3600, 120, 20)
      .drive(1800, 50)
      .halt(1800, 60)
      .drive(600, 30)
      .halt(1800, 60);
    const n = track.points.length;
    const [first, unseen, rest] = [
      track.points.slice(0, Math.floor(n / 3)),
      track.points.slice(Math.floor(n / 3), Math.floor((2 * n) / 3)),
      track.points.slice(Math.floor((2 * n) / 3)),
    ];
    const one = createIngest(
      t.database.pool,
      new InProcessBus(),
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      P,
    );
    await send(one.writer, id, first);
    await one.writer.close();
    // Stored while no tracker ran (the process died before its trip rows were written).
    const blind = createIngest(t.database.pool, new InProcessBus());
    await send(blind.writer, id, unseen);
    await blind.writer.close();
    const two = createIngest(
      t.database.pool,
      new InProcessBus(),
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      P,
    );
    await send(two.writer, id, rest);
    await two.writer.close();
    expect(two.writer.trips!.stats.catchUps).toBe(1);
    expect(await rowsOf(t, id)).toEqual(expected(detectAll(track.points, P).segments));
  });

  it('is off with HISTORY_TRIPS=off', async () => {
    const off = await startTestApp(target, { HISTORY_TRIPS: 'off' });
    expect(off.ingest.writer.trips).toBeUndefined();
    await off.close();
  });
});
