import type { EventRow } from '@lodestar/contract/events';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { Fn } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { expectRefusedLikeMissing } from '../../test/refused.ts';
import { DEV, SQUARE, zoneWorld } from '../zones/test-fixtures.ts';

afterAll(stopTestServers);

type Page = { rows: EventRow[]; total: number };
const PERIOD = { StartTime: '2026-11-20 00:00:00', EndTime: '2026-11-21 00:00:00' };

/** Event/GetEventList and ExportEventList (function 31 or 51): events rows written straight, as the ingest would. */
describe.each(dbTargets())('events on $name PostgreSQL', (target) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof zoneWorld>>;
  let fenceId: number;
  let monitorOnly: string;

  const call = <T = unknown>(path: string, body: object, as = w.token) =>
    t.call<T>('POST', path, { token: as, body, lang: 'en' });
  const list = async (body: object = {}, as?: string) => {
    const r = await call<Page>('Event/GetEventList', { ...PERIOD, PageSize: 100, ...body }, as);
    expect(r.code, r.msg).toBe(200);
    return r.data;
  };

  beforeAll(async () => {
    t = await startTestApp(target);
    w = await zoneWorld(t);
    monitorOnly = (await t.buildUser(w.hold, [Fn.onlineMonitor])).token;
    fenceId = (
      await call<{ FenceID: number }>('Fence/AddFence', {
        HoldID: w.child.id,
        FenceName: 'Gate',
        Geometry: SQUARE,
        RecordType: 'both',
        TriggerAlarm: true,
      })
    ).data.FenceID;
    const full = await w.pkOf(DEV.full);
    const plain = await w.pkOf(DEV.plain);
    const theirs = await w.pkOf(DEV.theirs);
    // [device, type, alarm, UTC time, fence, road, released]
    const rows: [number, string, string | null, string, number | null, number | null, string | null][] = [
      [full, 'alarm', 'fenceEnter', '2026-11-20 01:00:00', fenceId, null, null],
      [full, 'zone', 'fenceLeave', '2026-11-20 02:00:00', fenceId, null, null],
      [full, 'alarm', 'sos', '2026-11-20 03:00:00', null, null, '2026-11-20 03:30:00'],
      [plain, 'ignitionOn', null, '2026-11-20 04:00:00', null, null, null],
      [plain, 'alarm', 'roadDeviation', '2026-11-20 05:00:00', null, 424242, null],
      // Outside the period (Shanghai's 20 November ends at 16:00 UTC), and another hold's device.
      [full, 'alarm', 'sos', '2026-11-20 17:00:00', null, null, null],
      [theirs, 'alarm', 'fenceEnter', '2026-11-20 01:00:00', fenceId, null, null],
    ];
    for (const [pk, type, alarm, at, fence, road, released] of rows)
      await w.q(
        `INSERT INTO events (device_pk, type, alarm, event_time, lat, lon, fence_id, road_id, speed, released_at)
         VALUES ($1, $2, $3, $4::timestamptz, 30.2, 120.1, $5, $6, 42, $7::timestamptz)`,
        [pk, type, alarm, `${at}Z`, fence, road, released && `${released}Z`],
      );
  });
  afterAll(() => t.close());

  it('lists the subtree’s events in the period, newest first, times in the caller’s zone', async () => {
    const page = await list({}, monitorOnly);
    expect(page.total).toBe(5);
    expect(page.rows.map((r) => r.Type)).toEqual(['roadDeviation', 'ignitionOn', 'sos', 'fenceLeave', 'fenceEnter']);
    expect(page.rows.at(-1)).toEqual({
      EventID: expect.any(Number),
      DeviceID: DEV.full,
      DeviceName: DEV.full,
      Plate: '浙A00001',
      HoldName: 'Fleet east',
      Type: 'fenceEnter',
      Alarm: true,
      EventTime: '2026-11-20 09:00:00',
      FenceID: fenceId,
      RoadID: null,
      ZoneName: 'Gate',
      Lat: 30.2,
      Lng: 120.1,
      Speed: 42,
      ReleaseTime: null,
    });
    expect(page.rows.find((r) => r.Type === 'sos')!.ReleaseTime).toBe('2026-11-20 11:30:00');
    // The road is gone (never existed): its name is null, the event stays.
    expect(page.rows[0]).toMatchObject({ RoadID: 424242, ZoneName: null });
  });

  it('filters by device, types, fence, road, alarm and unit, and sorts', async () => {
    const types = async (body: object) => (await list(body)).rows.map((r) => r.Type).sort();
    expect(await types({ DeviceID: DEV.plain })).toEqual(['ignitionOn', 'roadDeviation']);
    expect(await types({ Types: ['fenceEnter', 'ignitionOn'] })).toEqual(['fenceEnter', 'ignitionOn']);
    expect(await types({ FenceID: fenceId })).toEqual(['fenceEnter', 'fenceLeave']);
    expect(await types({ RoadID: 424242 })).toEqual(['roadDeviation']);
    expect(await types({ Alarm: true })).toEqual(['fenceEnter', 'roadDeviation', 'sos']);
    expect(await types({ Alarm: false })).toEqual(['fenceLeave', 'ignitionOn']);
    expect(await types({ HoldID: w.hold.id })).toHaveLength(5);
    expect((await list({ SortColumn: 'EventTime', SortType: 'asc' })).rows[0]!.Type).toBe('fenceEnter');
    expect((await list({ SortColumn: 'Type', SortType: 'asc' })).rows.map((r) => r.Type)).toEqual([
      'fenceEnter',
      'fenceLeave',
      'ignitionOn',
      'roadDeviation',
      'sos',
    ]);
    const paged = await list({ PageIndex: 2, PageSize: 2 });
    expect([paged.total, paged.rows.length]).toEqual([5, 2]);
  });

  it('refuses a period over 31 days, a missing time, both a fence and a road, and callers without 31 or 51', async () => {
    const long = await call('Event/GetEventList', { StartTime: '2026-10-01 00:00:00', EndTime: '2026-11-02 00:00:00' });
    expect([long.code, long.msg]).toEqual([400, 'Events are listed over 31 days at most: EndTime']);
    const missing = await call('Event/GetEventList', { StartTime: PERIOD.StartTime });
    expect([missing.code, missing.msg.includes('EndTime')]).toEqual([400, true]);
    const both = await call('Event/GetEventList', { ...PERIOD, FenceID: fenceId, RoadID: 1 });
    expect([both.code, both.msg]).toEqual([400, 'Choose a fence or a route: RoadID']);
    const none = (await t.buildUser(w.hold, [Fn.deviceManage, Fn.export])).token;
    expect((await call('Event/GetEventList', PERIOD, none)).code).toBe(403);
    expect((await call('Event/ExportEventList', PERIOD, monitorOnly)).code).toBe(403);
  });

  it('exports the list through the download centre', async () => {
    const r = await call<{ FileID: number }>('Event/ExportEventList', { ...PERIOD, FenceID: fenceId });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.FileID).toBeGreaterThan(0);
  });

  it("answers another hold's device and unit like missing ones, and lists nothing of another hold's fence", async () => {
    await expectRefusedLikeMissing(
      (path, body) => call(path, body),
      [
        ['Event/GetEventList', { ...PERIOD, DeviceID: DEV.theirs }, { ...PERIOD, DeviceID: '869999999999999' }],
        ['Event/GetEventList', { ...PERIOD, HoldID: w.other.id }, { ...PERIOD, HoldID: 999_999 }],
        ['Event/ExportEventList', { ...PERIOD, DeviceID: DEV.theirs }, { ...PERIOD, DeviceID: '869999999999999' }],
        ['Event/ExportEventList', { ...PERIOD, HoldID: w.other.id }, { ...PERIOD, HoldID: 999_999 }],
      ],
    );
    const theirFence = (
      await t.call<{ FenceID: number }>('POST', 'Fence/AddFence', {
        token: w.theirs,
        body: { HoldID: w.other.id, FenceName: 'T', Geometry: SQUARE, RecordType: 'both', TriggerAlarm: true },
      })
    ).data.FenceID;
    await w.q(
      `INSERT INTO events (device_pk, type, alarm, event_time, fence_id) VALUES ($1, 'alarm', 'fenceEnter', $2, $3)`,
      [await w.pkOf(DEV.theirs), '2026-11-20 06:00:00Z', theirFence],
    );
    expect(await list({ FenceID: theirFence })).toEqual({ rows: [], total: 0 });
    expect(await list({ FenceID: 999_999 })).toEqual({ rows: [], total: 0 });
  });
});
