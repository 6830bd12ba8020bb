import type { HistorySummary, StopRow, TripRow } from '@lodestar/contract/history';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn, formatInZone } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { expectRefusedLikeMissing } from '../../test/refused.ts';
import { seeded, Track, tripRecord } from './test-tracks.ts';

afterAll(stopTestServers);

const DEVICE = '861200000000021';
const THEIRS = '861200000000022';
const SH = 'Asia/Shanghai';
const DAY_MS = 86_400_000;

/** Shanghai midnight `daysAgo` days before today, as an instant. */
function shanghaiMidnight(daysAgo: number): number {
  const today = formatInZone(new Date(), SH).slice(0, 10);
  return Date.parse(`${today}T00:00:00+08:00`) - daysAgo * DAY_MS;
}
const sh = (ms: number) => formatInZone(new Date(ms), SH);

/** Three working days from four days ago: home at night, to work at 08:00 through lights, back at 18:00. */
function workingDays(): Track {
  const start = shanghaiMidnight(4);
  const t = new Track(start, 31.2, 121.4, { random: seeded(21) });
  const until = (ms: number, every: number, drift: number) => t.halt((ms - t.t) / 1000, every, drift);
  for (let d = 0; d < 3; d++) {
    until(start + d * DAY_MS + 8 * 3600_000, 300, 25);
    t.drive(1200, 50).halt(90).drive(900, 40).halt(120).drive(300, 30);
    until(start + d * DAY_MS + 18 * 3600_000, 300, 25);
    t.drive(1500, 45).halt(60).drive(900, 40);
    until(start + (d + 1) * DAY_MS - 300_000, 300, 25);
  }
  return t;
}

describe.each(dbTargets())('History/GetTrips, GetStops, GetSummary on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token: string;
  let theirs: string;
  let track: Track;
  const day = (daysAgo: number) => ({
    StartTime: sh(shanghaiMidnight(daysAgo)),
    EndTime: sh(shanghaiMidnight(daysAgo) + DAY_MS - 1000),
  });
  const ask = <T>(path: string, body: Record<string, unknown>, as = token) =>
    t.call<T>('POST', `History/${path}`, { token: as, body: { DeviceID: DEVICE, ...body } });

  beforeAll(async () => {
    t = await startTestApp(target);
    const [a, b] = [await t.buildHold('Fleet A'), await t.buildHold('Fleet B')];
    token = (await t.buildUser(a, [Fn.deviceManage, Fn.playback])).token;
    theirs = (await t.buildUser(b, [Fn.deviceManage, Fn.trackQuery])).token;
    for (const [id, tok, hold] of [
      [DEVICE, token, a.id],
      [THEIRS, theirs, b.id],
    ] as const) {
      const r = await t.call('POST', 'Device/AddDevice', {
        token: tok,
        body: { DeviceID: id, Protocol: 'gt06', HoldID: hold },
      });
      expect(r.code, r.msg).toBe(200);
    }
    track = workingDays();
    for (let i = 0; i < track.points.length; i += 40)
      await t.ingest.writer.persist([tripRecord(DEVICE, track.points.slice(i, i + 40))]);
    await t.ingest.writer.trips!.idle();
  });
  afterAll(() => t?.close());

  it('answers a day’s trips and stops, rows overlapping the day whole, the open stop included', async () => {
    const trips = await ask<TripRow[]>('GetTrips', day(3));
    expect(trips.code, trips.msg).toBe(200);
    expect(trips.data).toHaveLength(2);
    const date = day(3).StartTime.slice(0, 10);
    expect(trips.data[0]!.StartTime.startsWith(`${date} 08:0`)).toBe(true);
    expect(trips.data[1]!.StartTime.startsWith(`${date} 18:0`)).toBe(true);
    for (const r of trips.data) {
      expect(r.Distance).toBeGreaterThan(2000);
      expect(r.Duration).toBeGreaterThan(1800);
      expect(r.AvgSpeed).toBeCloseTo((r.Distance / r.Duration) * 3.6, 0);
      expect(r.MaxSpeed).toBeGreaterThan(40);
    }
    const stops = await ask<StopRow[]>('GetStops', day(3));
    // The night before (from the day before), the day at work, and the night after (into the next day).
    expect(stops.data).toHaveLength(3);
    expect(stops.data[0]!.StartTime < day(3).StartTime).toBe(true);
    expect(stops.data[2]!.EndTime > day(3).EndTime).toBe(true);
    expect(stops.data[1]).toMatchObject({ StartTime: trips.data[0]!.EndTime, EndTime: trips.data[1]!.StartTime });
    // The last night is still open: it ends at the latest fix.
    const last = await ask<StopRow[]>('GetStops', day(2));
    expect(last.data.at(-1)!.EndTime).toBe(sh(track.t));

    const sum = await ask<HistorySummary>('GetSummary', day(3));
    expect(sum.data).toMatchObject({ TripCount: 2, StopCount: 3 });
    expect(Math.abs(sum.data.Distance - trips.data.reduce((n, r) => n + r.Distance, 0))).toBeLessThanOrEqual(1);
    expect(sum.data.MovingTime).toBe(trips.data.reduce((n, r) => n + r.Duration, 0));
    expect(sum.data.StoppedTime).toBe(stops.data.reduce((n, r) => n + r.Duration, 0));
  });

  it('a day alone answers what it answers inside a longer range, with or without MinStopSeconds', async () => {
    const range = { StartTime: day(4).StartTime, EndTime: day(2).EndTime };
    for (const extra of [{}, { MinStopSeconds: 36_000 }, { MinStopSeconds: 600 }]) {
      for (const path of ['GetTrips', 'GetStops']) {
        const whole = await ask<StopRow[]>(path, { ...range, ...extra });
        for (const d of [4, 3, 2]) {
          const { StartTime, EndTime } = day(d);
          const alone = await ask<StopRow[]>(path, { StartTime, EndTime, ...extra });
          expect(alone.data).toEqual(whole.data.filter((r) => r.StartTime <= EndTime && r.EndTime >= StartTime));
        }
      }
    }
  });

  it('MinStopSeconds: a shorter stop neither ends a trip nor is listed', async () => {
    const trips = await ask<TripRow[]>('GetTrips', { ...day(3), MinStopSeconds: 36_000 });
    // The nine hours at work are shorter than ten: one trip from the morning to the evening arrival.
    expect(trips.data).toHaveLength(1);
    const plain = await ask<TripRow[]>('GetTrips', day(3));
    expect(trips.data[0]).toMatchObject({ StartTime: plain.data[0]!.StartTime, EndTime: plain.data[1]!.EndTime });
    expect(trips.data[0]!.Distance).toBe(plain.data[0]!.Distance + plain.data[1]!.Distance);
    const stops = await ask<StopRow[]>('GetStops', { ...day(3), MinStopSeconds: 36_000 });
    expect(stops.data.every((s) => s.Duration >= 36_000)).toBe(true);
    expect(stops.data).toHaveLength(2);
  });

  it('reads the period and writes the times in the user’s zone', async () => {
    const paris = await t.call('POST', 'User/SaveSettings', { token, body: { TimeZone: 'Europe/Paris' } });
    expect(paris.code).toBe(200);
    const from = shanghaiMidnight(3);
    const body = {
      StartTime: formatInZone(new Date(from), 'Europe/Paris'),
      EndTime: formatInZone(new Date(from + DAY_MS - 1000), 'Europe/Paris'),
    };
    const inParis = await ask<TripRow[]>('GetTrips', body);
    await t.call('POST', 'User/SaveSettings', { token, body: { TimeZone: SH } });
    const inShanghai = await ask<TripRow[]>('GetTrips', day(3));
    expect(inParis.data).toHaveLength(2);
    expect(inParis.data.map((r) => r.Distance)).toEqual(inShanghai.data.map((r) => r.Distance));
    // Shanghai is 7 hours ahead of Paris in winter: the same instants, written 7 hours earlier.
    const hours = (s: string) => Date.parse(`${s.replace(' ', 'T')}Z`);
    expect(hours(inShanghai.data[0]!.StartTime) - hours(inParis.data[0]!.StartTime)).toBe(7 * 3600_000);
  });

  it('refuses a bad field with a 400 naming it, more than 30 days, and history older than the VIP rule allows', async () => {
    for (const [body, field] of [
      [{ ...day(3), StartTime: 'yesterday' }, 'StartTime'],
      [{ ...day(3), EndTime: '2026-13-01 00:00:00' }, 'EndTime'],
      [{ ...day(3), MinStopSeconds: 10 }, 'MinStopSeconds'],
    ] as const) {
      const r = await ask('GetTrips', body);
      expect({ field, code: r.code, named: r.msg.includes(field) }).toEqual({ field, code: 400, named: true });
    }
    const long = await ask('GetStops', {
      StartTime: sh(Date.now() - 40 * DAY_MS),
      EndTime: sh(Date.now() - 5 * DAY_MS),
    });
    expect(long.code).toBe(400);
    expect(long.msg).toBe('轨迹查询最多30天');
    // The device has its VIP since its first report: 90 days back, not 91.
    expect(
      (await ask('GetSummary', { StartTime: sh(Date.now() - 60 * DAY_MS), EndTime: sh(Date.now() - 50 * DAY_MS) }))
        .code,
    ).toBe(200);
    expect(
      (await ask('GetSummary', { StartTime: sh(Date.now() - 91 * DAY_MS), EndTime: sh(Date.now() - 80 * DAY_MS) }))
        .code,
    ).toBe(400);
    await t.database.pool.query('UPDATE devices SET vip_expires_at = NULL WHERE device_id = $1', [DEVICE]);
    const old = await ask('GetTrips', { StartTime: sh(Date.now() - 8 * DAY_MS), EndTime: sh(Date.now() - 6 * DAY_MS) });
    expect(old.code).toBe(400);
    expect(old.msg).toMatch(/VIP/);
    expect((await ask('GetTrips', day(3))).code).toBe(200);
    await t.database.pool.query(`UPDATE devices SET vip_expires_at = '2099-01-01' WHERE device_id = $1`, [DEVICE]);
  });

  it('refuses a user without playback or track query (403), and another hold’s device like a missing one', async () => {
    const hold = await t.buildHold('No history');
    const none = (await t.buildUser(hold, [Fn.deviceManage, Fn.onlineMonitor])).token;
    for (const path of ['GetTrips', 'GetStops', 'GetSummary']) {
      const r = await ask(path, day(3), none);
      expect({ path, code: r.code, errCode: r.errCode }).toEqual({ path, code: 403, errCode: ErrCode.NoFunction });
    }
    // Their user, with track query only, reads their own device.
    expect(
      (await t.call('POST', 'History/GetStops', { token: theirs, body: { DeviceID: THEIRS, ...day(3) } })).code,
    ).toBe(200);
    await expectRefusedLikeMissing(
      (path, body) => t.call('POST', path, { token, body }),
      ['History/GetTrips', 'History/GetStops', 'History/GetSummary'].map((p) => [
        p,
        { DeviceID: THEIRS, ...day(3) },
        { DeviceID: '861299999999999', ...day(3) },
      ]),
    );
  });
});
