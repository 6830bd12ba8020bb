import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StopRow, TrackPoint, TripRow } from '@lodestar/contract/history';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { DEFAULT_APP_ID } from '@lodestar/domain';
import ExcelJS from 'exceljs';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCsv, parseCsv } from '../../lib/sheet-reader.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { expectRefusedLikeMissing } from '../../test/refused.ts';
import { Track, tripRecord } from '../trips/test-tracks.ts';
import { B_DEVICE, DAY_MS, FREE_DEVICE, historyFixture, shanghai, VIP_DEVICE } from './fixtures.ts';

afterAll(stopTestServers);

interface Download {
  FileID: number;
  FileName: string;
  Status: number;
}

/** Elements by name (namespace prefix kept) with their attributes and text, in document order. */
function parseXml(text: string): { name: string; attributes: Record<string, string>; text: string }[] {
  const parser = new SaxesParser();
  const out: { name: string; attributes: Record<string, string>; text: string }[] = [];
  const open: (typeof out)[number][] = [];
  parser.on('opentag', (tag) => {
    const el = { name: tag.name, attributes: tag.attributes as Record<string, string>, text: '' };
    out.push(el);
    open.push(el);
  });
  parser.on('text', (t) => {
    const el = open.at(-1);
    if (el) el.text += t;
  });
  parser.on('closetag', () => open.pop());
  parser.write(text).close();
  return out;
}

/** `2026-11-20T08:00:00+08:00` → `2026-11-20 08:00:00` in the zone the offset says. */
const wallClock = (iso: string) => iso.slice(0, 19).replace('T', ' ');

describe.each(dbTargets())('History/Export on $name PostgreSQL', (target) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof historyFixture>>;
  let expected: TrackPoint[];
  let period: { StartTime: string; EndTime: string };
  let drive: Track;

  const exportFile = async (body: Record<string, unknown>, token = f.user.token, lang = 'en') => {
    const r = await t.call<{ FileID: number }>('POST', 'History/Export', {
      token,
      lang,
      body: { DeviceIDs: [VIP_DEVICE], ...period, ...body },
    });
    expect({ code: r.code, msg: r.msg }).toEqual({ code: 200, msg: expect.any(String) });
    let entry: Download | undefined;
    for (let i = 0; i < 400 && !entry; i++) {
      const list = await t.call<{ rows: Download[] }>('GET', 'Download/GetDownloadList', {
        token,
        query: { PageIndex: '1', PageSize: '50' },
      });
      entry = list.data.rows.find((d) => d.FileID === r.data.FileID && d.Status !== 0);
      if (!entry) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(entry?.Status).toBe(1);
    const file = await t.app.inject({
      method: 'GET',
      url: '/API/api/Download/GetFile',
      query: { format: 'json', appid: DEFAULT_APP_ID, FileID: String(r.data.FileID) },
      headers: { authorization: token },
    });
    return { entry: entry!, file };
  };

  beforeAll(async () => {
    t = await startTestApp(target, { TRACK_ROLLUP: '0' });
    f = await historyFixture(t);
    // Two days and a bit: the export reads a UTC day at a time, so this crosses chunk boundaries.
    period = { StartTime: shanghai(f.end - 2 * DAY_MS - 3_600_000), EndTime: shanghai(f.end) };
    // Two trips and their stops through the ingest, whose trip tracker records them (GetTrips reads those).
    drive = new Track(f.end - DAY_MS + 7_000).halt(300).drive(1200, 50).halt(600).drive(600, 40).halt(600);
    for (let i = 0; i < drive.points.length; i += 40)
      await t.ingest.writer.persist([tripRecord(VIP_DEVICE, drive.points.slice(i, i + 40))]);
    // The tracker writes closed trips and stops behind the commit: wait for them, or the export may read none.
    await t.ingest.writer.trips?.idle();
    const track = await t.call<TrackPoint[]>('POST', 'History/GetTrack', {
      token: f.user.token,
      body: { DeviceID: VIP_DEVICE, ...period },
    });
    expected = track.data;
    expect(expected.length).toBe(2 * 1440 + 61 + drive.points.length);
  });
  afterAll(() => t?.close());

  it('writes GPX: a track per device, every point with its time in the caller’s zone', async () => {
    const { entry, file } = await exportFile({ DeviceIDs: [VIP_DEVICE, FREE_DEVICE], Format: 'gpx' });
    expect(entry.FileName).toMatch(/^Track-\d{8}-\d{6}\.gpx$/);
    expect(file.headers['content-type']).toMatch(/^application\/gpx\+xml/);
    expect(file.headers['content-disposition']).toMatch(/\.gpx"/);
    const xml = parseXml(file.body);
    expect(xml.filter((e) => e.name === 'trk').map((e) => e.name)).toHaveLength(2);
    expect(xml.filter((e) => e.name === 'name').map((e) => e.text)).toEqual([VIP_DEVICE, FREE_DEVICE]);
    const times = xml.filter((e) => e.name === 'time').map((e) => e.text);
    const points = xml.filter((e) => e.name === 'trkpt');
    expect(points).toHaveLength(2 * expected.length - drive.points.length);
    expect(xml.filter((e) => e.name === 'desc').map((e) => e.text)).toEqual([`车 ${VIP_DEVICE}`, `车 ${FREE_DEVICE}`]);
    expect(times.slice(0, expected.length).map(wallClock)).toEqual(expected.map((p) => p.GpsTime));
    expect(times.every((s) => s.endsWith('+08:00'))).toBe(true);
    expect(Number(points[5]!.attributes.lat)).toBe(expected[5]!.Lat);
    expect(Number(points[5]!.attributes.lon)).toBe(expected[5]!.Lng);
  });

  it('writes KML: a timed gx:Track per day read, one coordinate per time', async () => {
    const { file, entry } = await exportFile({ Format: 'kml' }, f.user.token, 'fr');
    expect(entry.FileName).toMatch(new RegExp(`^Trajet-${VIP_DEVICE}-\\d{8}-\\d{6}\\.kml$`));
    expect(file.headers['content-type']).toMatch(/^application\/vnd\.google-earth\.kml\+xml/);
    const xml = parseXml(file.body);
    const whens = xml.filter((e) => e.name === 'when').map((e) => e.text);
    const coords = xml.filter((e) => e.name === 'gx:coord').map((e) => e.text.split(' ').map(Number));
    expect(whens.map(wallClock)).toEqual(expected.map((p) => p.GpsTime));
    expect(coords.map(([lng, lat]) => [lat, lng])).toEqual(expected.map((p) => [p.Lat, p.Lng]));
    expect(xml.filter((e) => e.name === 'Placemark')).toHaveLength(1);
  });

  it('writes CSV rows as the track shows them, headers in the caller’s language', async () => {
    const { file } = await exportFile({ Format: 'csv' }, f.user.token, 'zh');
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    const rows = parseCsv(decodeCsv(file.rawPayload));
    expect(rows[0]!.slice(0, 3)).toEqual(['设备号', '设备名称', '定位时间']);
    const body = rows.slice(1).filter((r) => r.length > 1);
    expect(body).toHaveLength(expected.length);
    expect(body.map((r) => r[2])).toEqual(expected.map((p) => p.GpsTime));
    expect(body.map((r) => Number(r[4]))).toEqual(expected.map((p) => p.Lat));
    expect(body.map((r) => r[10])).toEqual(expected.map((p) => (p.Valid ? '是' : '否')));
    expect(body.map((r) => r[11])).toEqual(expected.map((p) => p.Alarms.join(' ')));
  });

  it('writes an xlsx workbook with a positions sheet, and the trips and stops GetTrips and GetStops answer', async () => {
    const { file } = await exportFile({ Format: 'xlsx' });
    const target = path.join(tmpdir(), `history-export-${process.pid}.xlsx`);
    await writeFile(target, file.rawPayload);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(target);
    const sheet = wb.getWorksheet('Positions')!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]!.slice(0, 3)).toEqual(['Device ID', 'Device name', 'GPS time']);
    expect(rows.slice(1).map((r) => r[2])).toEqual(expected.map((p) => p.GpsTime));
    expect(rows.slice(1).map((r) => r[5])).toEqual(expected.map((p) => p.Lng));
    const sheetRows = (name: string) => {
      const out: unknown[][] = [];
      wb.getWorksheet(name)!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
      return out.slice(1);
    };
    const body = { DeviceID: VIP_DEVICE, ...period };
    const trips = await t.call<TripRow[]>('POST', 'History/GetTrips', { token: f.user.token, body });
    const stops = await t.call<StopRow[]>('POST', 'History/GetStops', { token: f.user.token, body });
    expect(trips.data.length).toBeGreaterThanOrEqual(2);
    expect(sheetRows('Trips')).toEqual(
      trips.data.map((r) => [
        VIP_DEVICE,
        `车 ${VIP_DEVICE}`,
        r.StartTime,
        r.EndTime,
        r.StartLat,
        r.StartLng,
        r.EndLat,
        r.EndLng,
        r.Distance,
        r.Duration,
        r.MaxSpeed,
        r.AvgSpeed,
      ]),
    );
    expect(sheetRows('Stops')).toEqual(
      stops.data.map((r) => [VIP_DEVICE, `车 ${VIP_DEVICE}`, r.StartTime, r.EndTime, r.Lat, r.Lng, r.Duration]),
    );
  });

  it('checks every device before making a file: period rules, function 44, another hold’s device', async () => {
    const call = (body: Record<string, unknown>, token = f.user.token) =>
      t.call('POST', 'History/Export', { token, body: { ...period, Format: 'gpx', ...body } });
    const old = { StartTime: shanghai(f.end - 8 * DAY_MS), EndTime: shanghai(f.end - 7 * DAY_MS) };
    const vipOnly = await call({ DeviceIDs: [VIP_DEVICE, FREE_DEVICE], ...old });
    expect({ code: vipOnly.code, msg: vipOnly.msg }).toEqual({ code: 400, msg: expect.stringMatching(/VIP/) });
    const tooLong = await call({ DeviceIDs: [VIP_DEVICE], StartTime: shanghai(f.end - 31 * DAY_MS) });
    expect(tooLong.code).toBe(400);
    const tooMany = await call({ DeviceIDs: Array.from({ length: 11 }, () => VIP_DEVICE) });
    expect({ code: tooMany.code, msg: tooMany.msg }).toEqual({ code: 400, msg: expect.stringMatching(/DeviceIDs/) });
    const format = await call({ DeviceIDs: [VIP_DEVICE], Format: 'shp' });
    expect({ code: format.code, msg: format.msg }).toEqual({ code: 400, msg: expect.stringMatching(/Format/) });
    expect((await call({ DeviceIDs: [VIP_DEVICE] }, f.noExport.token)).code).toBe(403);
    expect((await call({ DeviceIDs: [VIP_DEVICE] }, f.noPlayback.token)).code).toBe(403);
    await expectRefusedLikeMissing(
      (p, body) => t.call('POST', p, { token: f.user.token, body: { ...period, Format: 'csv', ...body } }),
      [['History/Export', { DeviceIDs: [VIP_DEVICE, B_DEVICE] }, { DeviceIDs: [VIP_DEVICE, '869999999999999'] }]],
    );
    const list = await t.call<{ total: number }>('GET', 'Download/GetDownloadList', {
      token: f.noExport.token,
      query: { PageIndex: '1', PageSize: '50' },
    });
    expect(list.data.total).toBe(0);
  });
});
