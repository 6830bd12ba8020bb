import { gunzipSync } from 'node:zlib';
import type { CompactTrack } from '@lodestar/contract/history';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { DEFAULT_APP_ID, decodeCompactTrack } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { positionReport } from '../../test/reports.ts';
import { DAY_MS, historyFixture, shanghai, VIP_DEVICE } from './fixtures.ts';
import { HistoryRepository } from './repository.ts';
import { TrackRollup } from './rollup.ts';
import { RollupRepository } from './rollup-repository.ts';

afterAll(stopTestServers);

describe.each(dbTargets())('track rollup on $name PostgreSQL', (target) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof historyFixture>>;
  let rollup: TrackRollup;
  let pk: number;
  const compact = async (fromMs: number, toMs: number) => {
    const r = await t.call<CompactTrack>('POST', 'History/GetTrack', {
      token: f.user.token,
      body: { DeviceID: VIP_DEVICE, StartTime: shanghai(fromMs), EndTime: shanghai(toMs), Format: 'compact' },
    });
    expect(r.code).toBe(200);
    return r;
  };
  const rolledRows = async () =>
    (
      await t.database.pool.query<{ day: string; points: number }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, points FROM track_days WHERE device_pk = $1 ORDER BY day`,
        [pk],
      )
    ).rows;

  beforeAll(async () => {
    t = await startTestApp(target, { TRACK_ROLLUP: '0' });
    f = await historyFixture(t);
    pk = (await t.database.pool.query(`SELECT id FROM devices WHERE device_id = $1`, [VIP_DEVICE])).rows[0].id;
    // The days the fixture's positions span, as the ingest would have recorded them (written directly here).
    await t.database.pool.query(
      `INSERT INTO device_days (day, device_pk)
       SELECT DISTINCT (fix_time AT TIME ZONE 'Asia/Shanghai')::date, device_pk FROM positions ON CONFLICT DO NOTHING`,
    );
    rollup = new TrackRollup(new RollupRepository(t.database.pool, new HistoryRepository(t.database.pool)));
  });
  afterAll(() => t?.close());

  it('packs every closed UTC day once, and the track read from them equals the one read from positions', async () => {
    const from = f.end - 30 * DAY_MS;
    const before = await compact(from, f.end);
    const rolled = await rollup.run();
    expect(rolled).toBeGreaterThanOrEqual(40 + 10 + 2); // three devices' closed days
    const rows = await rolledRows();
    const today = new Date().toISOString().slice(0, 10);
    expect(rows.every((r) => r.day < today)).toBe(true);
    // The fixture's first day is partial, the rest whole days of a fix a minute (a day next to one the device
    // reported on in Shanghai's calendar is rolled too, empty).
    const full = rows.filter((r) => r.points > 0).slice(1);
    expect(full.length).toBeGreaterThanOrEqual(39);
    expect(full.every((r) => r.points === 1440)).toBe(true);
    expect(await rollup.run()).toBe(0);
    const after = await compact(from, f.end);
    expect(after.raw.body).toBe(before.raw.body);
    // A browser takes gzip: the whole days' stored segments joined with the cut ends and today, the same text.
    const gz = await t.app.inject({
      method: 'POST',
      url: '/API/api/History/GetTrack',
      query: { format: 'json', appid: DEFAULT_APP_ID },
      headers: { authorization: f.user.token, 'accept-encoding': 'gzip, deflate, br, zstd' },
      payload: { DeviceID: VIP_DEVICE, StartTime: shanghai(from), EndTime: shanghai(f.end), Format: 'compact' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(before.raw.body);
    // A window starting and ending inside rolled days cuts them at the same points.
    const inner = f.end - 20.5 * DAY_MS;
    const cut = await compact(inner, inner + 3 * DAY_MS + 7_000);
    const d = decodeCompactTrack(cut.data);
    expect(d.time[0]).toBe(inner);
    expect(d.time.at(-1)).toBe(inner + 3 * DAY_MS);
    expect(cut.data.Count).toBe(3 * 24 * 60 + 1);
  });

  it('rolls again a day rolled before rows had a reply, and reads it from its packed points meanwhile', async () => {
    const day = (await rolledRows()).at(-3)!.day;
    const whole = [Date.parse(`${day}T00:00:00Z`), Date.parse(`${day}T23:59:59Z`)] as const;
    const before = await compact(...whole);
    await t.database.pool.query('UPDATE track_days SET reply = NULL WHERE device_pk = $1 AND day = $2', [pk, day]);
    expect((await compact(...whole)).raw.body).toBe(before.raw.body);
    expect(await rollup.run()).toBe(1);
    const { rows } = await t.database.pool.query('SELECT 1 FROM track_days WHERE reply IS NULL');
    expect(rows).toEqual([]);
    expect((await compact(...whole)).raw.body).toBe(before.raw.body);
  });

  it('marks a day stale when a late fix for it is stored, reads it from positions until rolled again', async () => {
    const lateMs = Math.floor((f.end - 3 * DAY_MS) / 60_000) * 60_000 + 30_000; // between two stored minutes
    const day = new Date(lateMs).toISOString().slice(0, 10);
    const pointsBefore = (await rolledRows()).find((r) => r.day === day)!.points;
    const report = positionReport(VIP_DEVICE, { speedKmh: 12.3 });
    if (report.message.kind === 'position') report.message.positions[0]!.fixTime = new Date(lateMs);
    await t.ingest.writer.persist([report]);
    const marks = await t.database.pool.query('SELECT 1 FROM track_days_stale WHERE device_pk = $1 AND day = $2', [
      pk,
      day,
    ]);
    expect(marks.rowCount).toBe(1);
    const window = [lateMs - 120_000, lateMs + 120_000] as const;
    const seen = decodeCompactTrack((await compact(...window)).data);
    expect(Array.from(seen.time)).toEqual([lateMs - 90_000, lateMs - 30_000, lateMs, lateMs + 30_000, lateMs + 90_000]);
    expect(seen.speed[2]).toBe(12.3);
    expect(await rollup.run()).toBe(1);
    expect((await rolledRows()).find((r) => r.day === day)!.points).toBe(pointsBefore + 1);
    const marksAfter = await t.database.pool.query('SELECT 1 FROM track_days_stale WHERE device_pk = $1', [pk]);
    expect(marksAfter.rowCount).toBe(0);
    expect(Array.from(decodeCompactTrack((await compact(...window)).data).time)).toEqual(Array.from(seen.time));
  });

  it('serves a rolled day from its row: a fix written without a mark is not read until the day is stale', async () => {
    const atMs = Math.floor((f.end - 2 * DAY_MS) / 60_000) * 60_000 + 15_000;
    const day = new Date(atMs).toISOString().slice(0, 10);
    await t.database.pool.query(
      `INSERT INTO positions (device_pk, fix_time, server_time, valid, lat, lon, speed, course)
       VALUES ($1, to_timestamp($2::float8), now(), true, 31.3, 121.5, 5, 0)`,
      [pk, atMs / 1000],
    );
    const window = [atMs - 45_000, atMs + 45_000] as const;
    expect(decodeCompactTrack((await compact(...window)).data).time).not.toContain(atMs);
    await t.database.pool.query('INSERT INTO track_days_stale (device_pk, day) VALUES ($1, $2)', [pk, day]);
    expect(decodeCompactTrack((await compact(...window)).data).time).toContain(atMs);
    await rollup.run();
    expect(decodeCompactTrack((await compact(...window)).data).time).toContain(atMs);
  });
});
