import type { HistorySummary, StopRow, TripRow } from '@lodestar/contract/history';
import type { ReportResult, ReportTypeRow } from '@lodestar/contract/report-centre';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { DEFAULT_APP_ID, ErrCode, Fn, formatInZone, REPORT_TYPES } from '@lodestar/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { startTestApp } from '../../test/harness.ts';
import { expectRefusedLikeMissing } from '../../test/refused.ts';
import { positionReport } from '../../test/reports.ts';
import { seeded, Track, tripRecord } from '../trips/test-tracks.ts';
import { pdfText } from './pdf-text.ts';

afterAll(stopTestServers);

const DEVICE = '861300000000031';
const QUIET = '861300000000032';
const THEIRS = '861300000000033';
const SH = 'Asia/Shanghai';
const DAY_MS = 86_400_000;

function shanghaiMidnight(daysAgo: number): number {
  const today = formatInZone(new Date(), SH).slice(0, 10);
  return Date.parse(`${today}T00:00:00+08:00`) - daysAgo * DAY_MS;
}
const sh = (ms: number) => formatInZone(new Date(ms), SH);
const day = (daysAgo: number) => ({
  StartTime: sh(shanghaiMidnight(daysAgo)),
  EndTime: sh(shanghaiMidnight(daysAgo) + DAY_MS - 1000),
});

/** Three working days from four days ago (the trips tests' track): to work at 08:00, back at 18:00. */
function workingDays(): Track {
  const start = shanghaiMidnight(4);
  const t = new Track(start, 31.2, 121.4, { random: seeded(31) });
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

describe.each(dbTargets())('Report/GetReportTypes, Run, Export on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token: string;
  let theirs: string;
  let noReports: string;
  let otherHold: number;
  const run = (body: Record<string, unknown>, as = token, lang = 'en') =>
    t.call<ReportResult>('POST', 'Report/Run', { token: as, lang, body: { PageIndex: 1, PageSize: 100, ...body } });
  const history = <T>(path: string, body: Record<string, unknown>) =>
    t.call<T>('POST', `History/${path}`, { token, body: { DeviceID: DEVICE, ...body } });
  const sql = (text: string, values: unknown[] = []) => t.database.pool.query(text, values);

  /** Starts an export, waits for its download to be ready and answers the file's bytes. */
  async function download(body: Record<string, unknown>, lang = 'en'): Promise<Buffer> {
    const started = await t.call<{ FileID: number }>('POST', 'Report/Export', { token, lang, body });
    expect(started.code, started.msg).toBe(200);
    return fileOf(started.data.FileID);
  }
  async function fileOf(fileId: number): Promise<Buffer> {
    for (let i = 0; i < 400; i++) {
      const list = await t.call<{ rows: { FileID: number; Status: number }[] }>('GET', 'Download/GetDownloadList', {
        token,
        query: { PageIndex: '1', PageSize: '50' },
      });
      const row = list.data.rows.find((d) => d.FileID === fileId);
      if (row && row.Status !== 0) {
        expect(row.Status).toBe(1);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const raw = await t.app.inject({
      method: 'GET',
      url: '/API/api/Download/GetFile',
      query: { format: 'json', appid: DEFAULT_APP_ID, FileID: String(fileId) },
      headers: { authorization: token },
    });
    expect(raw.statusCode).toBe(200);
    return raw.rawPayload;
  }

  beforeAll(async () => {
    t = await startTestApp(target);
    const [a, b] = [await t.buildHold('Fleet A'), await t.buildHold('Fleet B')];
    otherHold = b.id;
    token = (await t.buildUser(a, [Fn.deviceManage, Fn.playback, Fn.reportCentre, Fn.reports, Fn.export])).token;
    theirs = (await t.buildUser(b, [Fn.deviceManage])).token;
    noReports = (await t.buildUser(a, [Fn.deviceManage, Fn.reportCentre])).token;
    for (const [id, tok, hold] of [
      [DEVICE, token, a.id],
      [QUIET, token, a.id],
      [THEIRS, theirs, b.id],
    ] as const) {
      const r = await t.call('POST', 'Device/AddDevice', {
        token: tok,
        body: { DeviceID: id, Protocol: 'gt06', HoldID: hold },
      });
      expect(r.code, r.msg).toBe(200);
    }
    const track = workingDays();
    for (let i = 0; i < track.points.length; i += 40)
      await t.ingest.writer.persist([tripRecord(DEVICE, track.points.slice(i, i + 40))]);
    await t.ingest.writer.trips!.idle();
    // Hand-made events on the second day at 10:00 (Shanghai): two SOS, an overspeed at 95 km/h, a fence visit of
    // 30 minutes, ignition events without ACC in the fixes; and one SOS of the other unit's device, which no report may count.
    const at = (minutes: number) => new Date(shanghaiMidnight(3) + 10 * 3600_000 + minutes * 60_000);
    const pk = async (id: string) => (await sql('SELECT id FROM devices WHERE device_id = $1', [id])).rows[0].id;
    const [mine, other] = [await pk(DEVICE), await pk(THEIRS)];
    const fence = (
      await sql(
        `INSERT INTO fences (hold_id, name, shape, geometry, min_lng, min_lat, max_lng, max_lat, record_type, trigger_alarm, time_zone) VALUES ($1, 'Depot', 'circle', '{}', 121, 31, 122, 32, 'both', false, 'UTC') RETURNING id`,
        [a.id],
      )
    ).rows[0].id;
    const events: [number, string, string | null, Date, number | null, number | null][] = [
      [mine, 'alarm', 'sos', at(0), null, null],
      [mine, 'alarm', 'sos', at(5), null, null],
      [mine, 'alarm', 'overspeed', at(10), 95, null],
      [mine, 'zone', 'fenceEnter', at(20), 20, fence],
      [mine, 'zone', 'fenceLeave', at(50), 20, fence],
      [mine, 'ignitionOn', null, at(60), null, null],
      [mine, 'ignitionOff', null, at(120), null, null],
      [other, 'alarm', 'sos', at(0), null, null],
    ];
    await sql(
      `INSERT INTO commands (device_pk, type, payload, status, created_at) VALUES ($1, 'positionQuery', '{}', 'acknowledged', $2)`,
      [mine, at(30)],
    );
    await sql(
      `INSERT INTO photos (device_pk, hold_id, channel, event, multimedia_id, taken_at, size, path)
       VALUES ($1, $2, 1, 0, 7, $3, 2048, 'x.jpg')`,
      [mine, a.id, at(40)],
    );
    for (const [device, type, alarm, time, speed, fenceId] of events)
      await sql(
        'INSERT INTO events (device_pk, type, alarm, event_time, lat, lon, speed, fence_id) VALUES ($1, $2, $3, $4, 31.2, 121.4, $5, $6)',
        [device, type, alarm, time, speed, fenceId],
      );
  });
  afterAll(() => t?.close());

  it('lists every report type with its columns in the caller’s language', async () => {
    const r = await t.call<ReportTypeRow[]>('POST', 'Report/GetReportTypes', { token, lang: 'fr', body: {} });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.map((x) => x.Type)).toEqual([...REPORT_TYPES]);
    const mileage = r.data[0]!;
    expect(mileage).toMatchObject({ Name: 'Kilométrage quotidien', Period: true, Chart: 'bar' });
    expect(mileage.Columns.find((c) => c.Key === 'Distance')).toMatchObject({ Kind: 'distance', Total: true });
    expect(r.data.find((x) => x.Type === 'stops')!.Params[0]).toMatchObject({ Name: 'MinStopSeconds', Default: 3600 });
  });

  it('daily mileage agrees with History/GetSummary day by day, with totals and a chart', async () => {
    const range = { StartTime: day(4).StartTime, EndTime: day(2).EndTime };
    const r = await run({ Type: 'mileageDaily', ...range });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.rows.map((x) => x.Date)).toEqual([4, 3, 2].map((d) => day(d).StartTime.slice(0, 10)));
    for (const [i, d] of [4, 3, 2].entries()) {
      const sum = await history<HistorySummary>('GetSummary', day(d));
      expect(r.data.rows[i]).toMatchObject({
        DeviceID: DEVICE,
        Distance: sum.data.Distance,
        TripCount: sum.data.TripCount,
        MovingTime: sum.data.MovingTime,
        MaxSpeed: sum.data.MaxSpeed,
      });
    }
    const whole = await history<HistorySummary>('GetSummary', range);
    expect(Math.abs(r.data.Totals.Distance! - whole.data.Distance)).toBeLessThanOrEqual(2);
    expect(r.data.Totals.TripCount).toBe(whole.data.TripCount);
    expect(r.data.Chart!.X).toHaveLength(3);
    expect(r.data.Chart!.Series[0]!.Data.reduce((a, b) => a + b, 0)).toBe(r.data.Totals.Distance);
    // Sorted and paged on the server.
    const page = await run({
      Type: 'mileageDaily',
      ...range,
      SortColumn: 'Distance',
      SortType: 'desc',
      PageSize: 1,
      PageIndex: 2,
    });
    const sorted = [...r.data.rows].sort((x, y) => (y.Distance as number) - (x.Distance as number));
    expect(page.data).toMatchObject({ total: 3, rows: [sorted[1]] });
  });

  it('trips and stops are History/GetTrips and GetStops for the same period', async () => {
    const range = { StartTime: day(4).StartTime, EndTime: day(2).EndTime };
    const trips = await run({ Type: 'trips', DeviceIDs: [DEVICE], ...range });
    const replay = await history<TripRow[]>('GetTrips', range);
    expect(
      trips.data.rows.map(({ StartTime, EndTime, Distance, Duration, MaxSpeed }) => ({
        StartTime,
        EndTime,
        Distance,
        Duration,
        MaxSpeed,
      })),
    ).toEqual(
      replay.data.map(({ StartTime, EndTime, Distance, Duration, MaxSpeed }) => ({
        StartTime,
        EndTime,
        Distance,
        Duration,
        MaxSpeed,
      })),
    );
    const stops = await run({ Type: 'stops', ...range, Params: { MinStopSeconds: 3600 } });
    const replayStops = await history<StopRow[]>('GetStops', { ...range, MinStopSeconds: 3600 });
    expect(stops.data.rows.map((s) => [s.StartTime, s.EndTime, s.Duration])).toEqual(
      replayStops.data.map((s) => [s.StartTime, s.EndTime, s.Duration]),
    );
    expect(stops.data.Totals.Duration).toBe(replayStops.data.reduce((n, s) => n + s.Duration, 0));
  });

  it('event reports count the hand-made events of the caller’s devices only', async () => {
    const period = day(3);
    const alarms = await run({ Type: 'alarms', ...period });
    expect(alarms.data.rows.map((r) => [r.DeviceID, r.EventType, r.Count])).toEqual([
      [DEVICE, 'sos', 2],
      [DEVICE, 'overspeed', 1],
    ]);
    expect(alarms.data.Totals.Count).toBe(3);
    expect(alarms.data.Chart).toEqual({ X: ['overspeed', 'sos'], Series: [{ Name: 'Count', Data: [1, 2] }] });
    const over = await run({ Type: 'overspeed', ...period });
    expect(over.data.rows).toMatchObject([{ DeviceID: DEVICE, EventType: 'overspeed', Speed: 95 }]);
    const fence = await run({ Type: 'fence', ...period });
    expect(fence.data.rows.map((r) => [r.EventType, r.Zone, r.StaySeconds])).toEqual([
      ['fenceEnter', 'Depot', null],
      ['fenceLeave', 'Depot', 1800],
    ]);
    // Neither device's fixes carry ACC: no data, whatever ignition events say (night.test.ts reads ACC from fixes).
    for (const type of ['acc', 'idling']) {
      const engine = await run({ Type: type, ...period });
      expect(engine.data.rows.map((r) => [r.DeviceID, r.Note])).toEqual([
        [DEVICE, 'noAcc'],
        [QUIET, 'noAcc'],
      ]);
    }
    const commands = await run({ Type: 'commandLog', ...period });
    expect(commands.data.rows).toMatchObject([
      { DeviceID: DEVICE, Command: 'positionQuery', Status: 'acknowledged', Via: 'device' },
    ]);
    const photos = await run({ Type: 'photoLog', ...period });
    expect(photos.data.rows).toMatchObject([{ DeviceID: DEVICE, Channel: 1, Size: 2048 }]);
    const driving = await run({ Type: 'driving', ...period });
    expect(driving.data.rows).toMatchObject([{ DeviceID: DEVICE, Overspeed: 1, HardBraking: 0, Count: 1 }]);
  });

  it('fleet reports: inventory, VIP expiry and online rate', async () => {
    const inv = await run({ Type: 'inventory' });
    expect(inv.data.rows).toMatchObject([{ HoldName: 'Fleet A', Protocol: 'gt06', Count: 2 }]);
    const today = formatInZone(new Date(), SH).slice(0, 10);
    await sql(`UPDATE devices SET vip_expires_at = $2::date + 5 WHERE device_id = $1`, [QUIET, today]);
    const vip = await run({ Type: 'vipExpiry', Params: { Days: 7 } });
    expect(vip.data.rows).toMatchObject([{ DeviceID: QUIET, DaysLeft: 5 }]);
    // Both added ten days ago; the moving device reported on that day (device_days follows the server's clock).
    await sql(`UPDATE devices SET created_at = now() - interval '10 days' WHERE device_id = ANY($1::text[])`, [
      [DEVICE, QUIET],
    ]);
    await sql(
      `INSERT INTO device_days (day, device_pk) SELECT $1::date, id FROM devices WHERE device_id = $2 ON CONFLICT DO NOTHING`,
      [day(3).StartTime.slice(0, 10), DEVICE],
    );
    const online = await run({ Type: 'onlineRate', ...day(3) });
    expect(online.data.rows).toMatchObject([{ Date: day(3).StartTime.slice(0, 10), Online: 1, Total: 2, Rate: 50 }]);
  });

  it('fuel (VIP-only): levels, refuels and drains of the VIP devices; a named device without VIP refused', async () => {
    const today = formatInZone(new Date(), SH).slice(0, 10);
    await sql(`UPDATE devices SET vip_expires_at = $2::date + 30 WHERE device_id = $1`, [QUIET, today]);
    await sql(`UPDATE devices SET vip_expires_at = $2::date - 1 WHERE device_id = $1`, [DEVICE, today]);
    for (const [secondsAgo, fuel] of [
      [50, 50],
      [40, 48],
      [30, 70],
      [20, 60],
    ] as const)
      await t.ingest.writer.persist([positionReport(QUIET, { secondsAgo, attributes: { fuel } })]);
    const types = await t.call<ReportTypeRow[]>('POST', 'Report/GetReportTypes', { token, body: {} });
    expect(types.data.find((x) => x.Type === 'fuel')).toMatchObject({ VipOnly: true });
    const period = day(0);
    const r = await run({ Type: 'fuel', ...period });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.rows).toMatchObject([
      { Date: today, DeviceID: QUIET, FuelStart: 50, FuelEnd: 60, FuelMin: 48, Refuel: 22, Drain: 10 },
    ]);
    const refused = await run({ Type: 'fuel', ...period, DeviceIDs: [DEVICE] });
    expect([refused.code, refused.msg.includes(DEVICE)]).toEqual([400, true]);
  });

  it('exports to XLSX, CSV and PDF in the caller’s language, with the totals row', async () => {
    const body = { Type: 'mileageDaily', StartTime: day(4).StartTime, EndTime: day(2).EndTime };
    const shown = await run(body);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await download({ ...body, Format: 'xlsx' }, 'zh')) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]!.slice(0, 5)).toEqual(['日期', '设备号', '设备名称', '所属单位', '里程(米)']);
    expect(rows.slice(1, 4).map((r) => r[4])).toEqual(shown.data.rows.map((r) => r.Distance));
    expect(rows[4]!.slice(0, 1)).toEqual(['合计']);
    expect(rows[4]![4]).toBe(shown.data.Totals.Distance);

    const csv = (await download({ ...body, Format: 'csv' })).toString('utf8');
    expect(csv.startsWith('\ufeffDate,Device ID,')).toBe(true);
    expect(csv.trim().split('\r\n')).toHaveLength(5);

    const pdf = pdfText(await download({ ...body, Format: 'pdf' }, 'zh'));
    expect(pdf).toContain('每日里程');
    expect(pdf).toContain(DEVICE);
    expect(pdf).toContain(String(shown.data.rows[0]!.Distance));
  });

  it('names event types and command ids in the reader’s language in every file, not by their ids', async () => {
    const sheet = async (body: Record<string, unknown>, lang: string) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await download({ ...body, ...day(3), Format: 'xlsx' }, lang)) as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };
    const alarmsZh = await sheet({ Type: 'alarms' }, 'zh');
    expect(alarmsZh.slice(1, 3).map((r) => [r[3], r[4]])).toEqual([
      ['SOS求救', 2],
      ['超速', 1],
    ]);
    const fenceFr = await sheet({ Type: 'fence' }, 'fr');
    const type = fenceFr[0]!.indexOf('Type');
    expect(fenceFr.slice(1, 3).map((r) => r[type])).toEqual(['Entrée dans la clôture', 'Sortie de la clôture']);
    const fenceEn = (await download({ Type: 'fence', ...day(3), Format: 'csv' })).toString('utf8');
    expect(fenceEn).toContain(',Fence entered,');
    expect(fenceEn).not.toContain('fenceEnter');
    const overZh = pdfText(await download({ Type: 'overspeed', ...day(3), Format: 'pdf' }, 'zh'));
    expect(overZh).toContain('超速');
    expect(overZh).not.toContain('overspeed');
    // The command log's type, status and channel too.
    const commandsFr = await sheet({ Type: 'commandLog' }, 'fr');
    const at = (name: string) => commandsFr[0]!.indexOf(name);
    expect([at('Commande'), at('Envoyée par'), at('État')].every((i) => i >= 0)).toBe(true);
    expect([commandsFr[1]![at('Commande')], commandsFr[1]![at('Envoyée par')], commandsFr[1]![at('État')]]).toEqual([
      'Demande de position',
      'Connexion de l’appareil',
      'Acquittée',
    ]);
  });

  it('runs a report too long for a request in the background, into the download centre', async () => {
    await sql(`INSERT INTO devices (device_id, protocol, hold_id) SELECT '86139' || lpad(g::text, 10, '0'), 'gt06', h.id
                 FROM generate_series(1, 70) g, holds h WHERE h.name = 'Fleet A'`);
    const r = await run({ Type: 'trips', StartTime: day(92).StartTime, EndTime: day(0).EndTime });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.rows).toEqual([]);
    expect(r.data.FileID).toBeGreaterThan(0);
    expect((await fileOf(r.data.FileID!)).subarray(0, 2).toString()).toBe('PK');
    await sql(`DELETE FROM devices WHERE device_id LIKE '86139%'`);
  });

  it('400 names the field: the type, a period beyond 3 months, a missing time, a column it lacks', async () => {
    const bad = await run({ Type: 'nope', ...day(1) });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('Type');
    const long = await run({ Type: 'trips', StartTime: sh(shanghaiMidnight(100)), EndTime: day(0).EndTime });
    expect([long.code, long.errCode]).toEqual([400, ErrCode.Validation]);
    expect(long.msg).toContain('EndTime');
    const missing = await run({ Type: 'trips', EndTime: day(0).EndTime });
    expect([missing.code, missing.msg.includes('StartTime')]).toEqual([400, true]);
    const sort = await run({ Type: 'inventory', SortColumn: 'Distance' });
    expect([sort.code, sort.msg.includes('SortColumn')]).toEqual([400, true]);
    const stop = await run({ Type: 'stops', ...day(1), Params: { MinStopSeconds: 60 } });
    expect([stop.code, stop.msg.includes('MinStopSeconds')]).toEqual([400, true]);
  });

  it('403 without the reports function (81), and export without 44', async () => {
    const r = await run({ Type: 'inventory' }, noReports);
    expect([r.code, r.errCode]).toEqual([403, ErrCode.NoFunction]);
    const types = await t.call('POST', 'Report/GetReportTypes', { token: noReports, body: {} });
    expect(types.code).toBe(403);
    const reader = (
      await t.buildUser((await sql(`SELECT id, path FROM holds WHERE name = 'Fleet A'`)).rows[0], [Fn.reports])
    ).token;
    const e = await t.call('POST', 'Report/Export', { token: reader, body: { Type: 'inventory', Format: 'csv' } });
    expect([e.code, e.errCode]).toEqual([403, ErrCode.NoFunction]);
  });

  it('another unit’s device or unit answers like a missing one', async () => {
    await expectRefusedLikeMissing(
      (p, body) => t.call('POST', p, { token, body: { PageIndex: 1, PageSize: 10, ...body } }),
      [
        [
          'Report/Run',
          { Type: 'trips', ...day(1), DeviceIDs: [THEIRS] },
          { Type: 'trips', ...day(1), DeviceIDs: ['861399999999999'] },
        ],
        ['Report/Run', { Type: 'inventory', HoldID: otherHold }, { Type: 'inventory', HoldID: 999_999 }],
        [
          'Report/Export',
          { Type: 'trips', Format: 'csv', ...day(1), DeviceIDs: [DEVICE, THEIRS] },
          { Type: 'trips', Format: 'csv', ...day(1), DeviceIDs: [DEVICE, '861399999999999'] },
        ],
      ],
    );
  });
});
