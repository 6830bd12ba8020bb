import type { HistorySummary } from '@lodestar/contract/history';
import type { ReportResult } from '@lodestar/contract/report-centre';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { Fn, formatInZone, type TripPoint } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { tripRecord } from '../trips/test-tracks.ts';

afterAll(stopTestServers);

const NIGHT = '861300000000041';
const PLAIN = '861300000000042';
const SILENT = '861300000000043';
const SH = 'Asia/Shanghai';
const DAY_MS = 86_400_000;
const MIN = 60_000;

function shanghaiMidnight(daysAgo: number): number {
  const today = formatInZone(new Date(), SH).slice(0, 10);
  return Date.parse(`${today}T00:00:00+08:00`) - daysAgo * DAY_MS;
}
const sh = (ms: number) => formatInZone(new Date(ms), SH);
/** The midnight five days ago (Shanghai): the night drive crosses it. */
const M = shanghaiMidnight(5);
const at = (minutes: number) => M + minutes * MIN;
const day = (daysAgo: number) => ({
  StartTime: sh(shanghaiMidnight(daysAgo)),
  EndTime: sh(shanghaiMidnight(daysAgo) + DAY_MS - 1000),
});
const BOTH = { StartTime: day(6).StartTime, EndTime: day(5).EndTime };

/**
 * The hand-made night, a fix a minute (odometer in metres, ACC as the tracker reports it):
 * parked 22:00–23:40 with the engine off until 23:30, then on; driving 23:41–00:20 at 60 km/h, 1,000 m a minute
 * north (40 steps: 20 before midnight, the fix at 00:00 among them, and 20 after); parked 00:21–01:30 with the engine
 * on until 00:40.
 */
function night(acc: boolean): TripPoint[] {
  const points: TripPoint[] = [];
  let odometer = 5_000_000;
  let lat = 31.2;
  const fix = (minute: number, speed: number, on: boolean) =>
    points.push({ time: at(minute), lat, lon: 121.4, speed, valid: true, odometer, ...(acc ? { acc: on } : {}) });
  for (let m = -120; m <= -20; m++) fix(m, 0, m >= -30);
  for (let m = -19; m <= 20; m++) {
    odometer += 1000;
    lat += 1000 / 111_195;
    fix(m, 60, true);
  }
  for (let m = 21; m <= 90; m++) fix(m, 0, m < 40);
  return points;
}

describe.each(dbTargets())('daily mileage across midnight, ACC and idling on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token: string;
  const run = (body: Record<string, unknown>) =>
    t.call<ReportResult>('POST', 'Report/Run', { token, body: { PageIndex: 1, PageSize: 100, ...body } });
  const summary = async (period: object) => {
    const r = await t.call<HistorySummary>('POST', 'History/GetSummary', {
      token,
      body: { DeviceID: NIGHT, ...period },
    });
    expect(r.code, r.msg).toBe(200);
    return r.data;
  };

  beforeAll(async () => {
    t = await startTestApp(target);
    const hold = await t.buildHold('Night shift');
    token = (await t.buildUser(hold, [Fn.deviceManage, Fn.playback, Fn.reportCentre, Fn.reports])).token;
    for (const id of [NIGHT, PLAIN, SILENT]) {
      const r = await t.call('POST', 'Device/AddDevice', {
        token,
        body: { DeviceID: id, Protocol: 'gt06', HoldID: hold.id },
      });
      expect(r.code, r.msg).toBe(200);
    }
    for (const [id, points] of [
      [NIGHT, night(true)],
      [PLAIN, night(false)],
    ] as const)
      for (let i = 0; i < points.length; i += 30)
        await t.ingest.writer.persist([tripRecord(id, points.slice(i, i + 30))]);
    await t.ingest.writer.trips!.idle();
  });
  afterAll(() => t?.close());

  it('splits the trip across midnight by its fixes: 20 km on each day, as History/GetSummary counts each day', async () => {
    const r = await run({ Type: 'mileageDaily', DeviceIDs: [NIGHT], ...BOTH });
    expect(r.code, r.msg).toBe(200);
    const pick = ['Date', 'Distance', 'TripCount', 'MovingTime', 'MaxSpeed'] as const;
    expect(r.data.rows.map((x) => Object.fromEntries(pick.map((k) => [k, x[k]])))).toEqual([
      { Date: day(6).StartTime.slice(0, 10), Distance: 20_000, TripCount: 1, MovingTime: 1200, MaxSpeed: 60 },
      { Date: day(5).StartTime.slice(0, 10), Distance: 20_000, TripCount: 0, MovingTime: 1200, MaxSpeed: 60 },
    ]);
    expect(r.data.Totals).toMatchObject({ Distance: 40_000, TripCount: 1, MovingTime: 2400 });
    expect(await summary(BOTH)).toMatchObject({ Distance: 40_000, TripCount: 1, MovingTime: 2400, MaxSpeed: 60 });
    for (const d of [6, 5]) {
      const alone = await run({ Type: 'mileageDaily', DeviceIDs: [NIGHT], ...day(d) });
      // A day asked alone: the part driven in it, the trip counted on the first day it drives in.
      expect(alone.data.rows).toMatchObject([{ Distance: 20_000, TripCount: 1, MovingTime: 1200 }]);
      expect(await summary(day(d))).toMatchObject({ Distance: 20_000, TripCount: 1, MovingTime: 1200 });
    }
  });

  it('ACC on/off and engine hours come from the ACC the fixes report; a device without ACC has no data', async () => {
    const r = await run({ Type: 'acc', ...BOTH });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.rows.map((x) => [x.DeviceID, x.OnTime, x.OffTime, x.Duration, x.Note])).toEqual([
      [NIGHT, sh(at(-30)), sh(at(40)), 4200, null],
      // Driven the same night, but without ACC: no guess from its movement.
      [PLAIN, null, null, null, 'noAcc'],
      [SILENT, null, null, null, 'noAcc'],
    ]);
    expect(r.data.Totals.Duration).toBe(4200);
    // Asked from midnight: the engine was already on (the fix at 23:59 said so), counted from the period's start.
    const second = await run({ Type: 'acc', DeviceIDs: [NIGHT], ...day(5) });
    expect(second.data.rows).toMatchObject([{ OnTime: null, OffTime: sh(at(40)), Duration: 2400 }]);
  });

  it('idling is ACC on and not moving, at least the chosen time', async () => {
    const r = await run({ Type: 'idling', ...BOTH, Params: { MinIdleSeconds: 600 } });
    expect(r.code, r.msg).toBe(200);
    // 23:30–23:41 (until the first moving fix, 660 s) and 00:21–00:40 (1,140 s).
    expect(r.data.rows.map((x) => [x.DeviceID, x.StartTime, x.EndTime, x.IdleTime, x.Note])).toEqual([
      [NIGHT, sh(at(-30)), sh(at(-19)), 660, null],
      [NIGHT, sh(at(21)), sh(at(40)), 1140, null],
      [PLAIN, null, null, null, 'noAcc'],
      [SILENT, null, null, null, 'noAcc'],
    ]);
    expect(r.data.Totals.IdleTime).toBe(1800);
    const long = await run({ Type: 'idling', DeviceIDs: [NIGHT], ...BOTH, Params: { MinIdleSeconds: 1800 } });
    expect(long.data.rows).toEqual([]);
    const bad = await run({ Type: 'idling', ...BOTH, Params: { MinIdleSeconds: 7 } });
    expect([bad.code, bad.msg.includes('MinIdleSeconds')]).toEqual([400, true]);
  });
});
