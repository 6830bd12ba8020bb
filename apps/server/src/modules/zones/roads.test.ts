import type { BindResult, RoadDetail, RoadRow } from '@lodestar/contract/zones';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { Fn } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { expectRefusedLikeMissing } from '../../test/refused.ts';
import { DEV, ROUTE, zoneWorld } from './test-fixtures.ts';

afterAll(stopTestServers);

/** Road/… (function 40 or 51): the fence rules on routes with a corridor width and per-segment limits. */
describe.each(dbTargets())('roads on $name PostgreSQL', (target) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof zoneWorld>>;
  let roadsOnly: string;
  let theirRoad: number;
  let changes = 0;

  const call = <T = unknown>(path: string, body: object, as = w.token) =>
    t.call<T>('POST', path, { token: as, body, lang: 'en' });
  const addRoad = async (body: object = {}, as?: string) => {
    const r = await call<{ RoadID: number }>(
      'Road/AddRoad',
      { HoldID: w.child.id, RoadName: 'Ring road', Geometry: ROUTE, Width: 60, TriggerAlarm: true, ...body },
      as,
    );
    expect(r.code, r.msg).toBe(200);
    return r.data.RoadID;
  };
  const get = async (RoadID: number, as?: string) => (await call<RoadDetail>('Road/GetRoad', { RoadID }, as)).data;

  beforeAll(async () => {
    t = await startTestApp(target);
    w = await zoneWorld(t);
    t.ingest.zonesChanged = () => {
      changes++;
    };
    roadsOnly = (await t.buildUser(w.hold, [Fn.lineProvinceManage])).token;
    theirRoad = (
      await t.call<{ RoadID: number }>('POST', 'Road/AddRoad', {
        token: w.theirs,
        body: { HoldID: w.other.id, RoadName: 'Theirs', Geometry: ROUTE, Width: 20, TriggerAlarm: false },
      })
    ).data.RoadID;
  });
  afterAll(() => t.close());

  it('adds a road with per-segment limits (line and province management alone suffice) and reads it back', async () => {
    const before = changes;
    const id = await addRoad({ SpeedLimit: 80, SegmentLimits: [60, null] }, roadsOnly);
    expect(changes).toBe(before + 1);
    expect(await get(id, roadsOnly)).toMatchObject({
      RoadID: id,
      RoadName: 'Ring road',
      HoldName: 'Fleet east',
      Geometry: ROUTE,
      Width: 60,
      SpeedLimit: 80,
      SegmentLimits: [60, null],
      TriggerAlarm: true,
      DeviceCount: 0,
      Devices: [],
    });
    // The box holds the line widened by half the corridor (30 m, about 0.00027° of latitude).
    const row = (await w.q('SELECT * FROM roads WHERE id = $1', [id])).rows[0];
    expect(row.min_lat).toBeLessThan(30.2 - 0.0002);
    expect(row.max_lng).toBeGreaterThan(120.2);
  });

  it('refuses segment limits that do not match the segments, bad widths and lines, naming the field', async () => {
    for (const [body, field] of [
      [{ SegmentLimits: [60] }, 'SegmentLimits'],
      [{ SegmentLimits: [60, 70, 80] }, 'SegmentLimits'],
      [{ Width: 5 }, 'Width'],
      [{ Width: 501 }, 'Width'],
      [{ Geometry: { type: 'LineString', coordinates: [[120.1, 30.2]] } }, 'Geometry'],
      [
        {
          Geometry: {
            type: 'LineString',
            coordinates: [
              [120.1, 30.2],
              [120.1, 30.2],
            ],
          },
        },
        'Geometry',
      ],
      [{ RoadName: 'r'.repeat(51) }, 'RoadName'],
    ] as const) {
      const r = await call('Road/AddRoad', {
        HoldID: w.child.id,
        RoadName: 'Bad',
        Geometry: ROUTE,
        Width: 60,
        TriggerAlarm: false,
        ...body,
      });
      expect({ body, code: r.code, named: r.msg.includes(field) }, r.msg).toEqual({ body, code: 400, named: true });
    }
    const id = await addRoad({ RoadName: 'Modified' });
    const short = await call('Road/ModifyRoad', { RoadID: id, SegmentLimits: [50] });
    expect([short.code, short.msg.includes('SegmentLimits')]).toEqual([400, true]);
    // A new line with the stored limits' count still checked against them.
    const ok = await call('Road/ModifyRoad', { RoadID: id, SegmentLimits: [50, 40], Width: 100, RoadName: 'Wider' });
    expect(ok.code, ok.msg).toBe(200);
    const two = { type: 'LineString', coordinates: [ROUTE.coordinates[0], ROUTE.coordinates[2]] };
    const mismatch = await call('Road/ModifyRoad', { RoadID: id, Geometry: two });
    expect([mismatch.code, mismatch.msg.includes('SegmentLimits')]).toEqual([400, true]);
    expect(await get(id)).toMatchObject({ RoadName: 'Wider', Width: 100, SegmentLimits: [50, 40] });
  });

  it('binds VIP devices only, and unbinds and removes with the visits of the road', async () => {
    const id = await addRoad({ RoadName: 'Bound road' });
    const lapsed = await call('Road/BindDevices', { RoadID: id, DeviceIDs: [DEV.lapsed] });
    expect([lapsed.code, lapsed.msg]).toEqual([400, `Device VIP expired: ${DEV.lapsed}`]);
    const r = await call<BindResult>('Road/BindDevices', { RoadID: id, DeviceIDs: [DEV.full, DEV.plain] });
    expect(r.data).toEqual({ Bound: 2, Pushed: 0, NotFullFunction: [DEV.plain], VipExpired: [] });
    expect((await get(id)).Devices.map((d) => d.DeviceID)).toEqual([DEV.full, DEV.plain]);
    const pk = await w.pkOf(DEV.full);
    for (const zone of ['r', 'f'])
      await w.q(`INSERT INTO zone_states (device_pk, zone_kind, zone_id, entered_at) VALUES ($1, $2, $3, now())`, [
        pk,
        zone,
        id,
      ]);
    expect((await call('Road/UnbindDevices', { RoadID: id, DeviceIDs: [DEV.full] })).code).toBe(200);
    // The road's visit is gone; a fence of the same id is another zone.
    const kinds = async () => (await w.q('SELECT zone_kind FROM zone_states WHERE device_pk = $1', [pk])).rows;
    expect(await kinds()).toEqual([{ zone_kind: 'f' }]);
    await call('Road/BindDevices', { RoadID: id, DeviceIDs: [DEV.full] });
    await w.q(`INSERT INTO zone_states (device_pk, zone_kind, zone_id, entered_at) VALUES ($1, 'r', $2, now())`, [
      pk,
      id,
    ]);
    expect((await call('Road/RemoveRoad', { RoadIDs: [id] })).code).toBe(200);
    expect(await kinds()).toEqual([{ zone_kind: 'f' }]);
    expect((await w.q('SELECT * FROM road_devices WHERE road_id = $1', [id])).rows).toEqual([]);
  });

  it('lists the subtree’s roads by name and device count', async () => {
    const page = (await call<{ rows: RoadRow[]; total: number }>('Road/GetRoadList', { PageSize: 100 })).data;
    expect(page.rows.map((r) => r.RoadName)).not.toContain('Theirs');
    expect(page.total).toBe(page.rows.length);
    const named = (await call<{ rows: RoadRow[] }>('Road/GetRoadList', { Keyword: 'wide' })).data;
    expect(named.rows.map((r) => r.RoadName)).toEqual(['Wider']);
  });

  it('refuses every call without function 40 or 51, and another hold’s ids like missing ones', async () => {
    const none = (await t.buildUser(w.hold, [Fn.deviceManage])).token;
    const r = await call('Road/GetRoadList', {}, none);
    expect(r.code).toBe(403);
    const mine = await addRoad({ RoadName: 'Mine' });
    for (const [path, body] of [
      ['Road/GetRoad', { RoadID: mine }],
      ['Road/AddRoad', { HoldID: w.hold.id, RoadName: 'x', Geometry: ROUTE, Width: 60, TriggerAlarm: false }],
      ['Road/ModifyRoad', { RoadID: mine, RoadName: 'x' }],
      ['Road/RemoveRoad', { RoadIDs: [mine] }],
      ['Road/BindDevices', { RoadID: mine, DeviceIDs: [DEV.full] }],
      ['Road/UnbindDevices', { RoadID: mine, DeviceIDs: [DEV.full] }],
    ] as const)
      expect({ path, code: (await call(path, body, none)).code }).toEqual({ path, code: 403 });
    await expectRefusedLikeMissing(
      (path, body) => call(path, body),
      [
        ['Road/GetRoad', { RoadID: theirRoad }, { RoadID: 999_999 }],
        ['Road/ModifyRoad', { RoadID: theirRoad, RoadName: 'x' }, { RoadID: 999_999, RoadName: 'x' }],
        ['Road/RemoveRoad', { RoadIDs: [mine, theirRoad] }, { RoadIDs: [mine, 999_999] }],
        ['Road/BindDevices', { RoadID: theirRoad, DeviceIDs: [DEV.full] }, { RoadID: 999_999, DeviceIDs: [DEV.full] }],
        [
          'Road/BindDevices',
          { RoadID: mine, DeviceIDs: [DEV.theirs] },
          { RoadID: mine, DeviceIDs: ['869999999999999'] },
        ],
        [
          'Road/UnbindDevices',
          { RoadID: theirRoad, DeviceIDs: [DEV.full] },
          { RoadID: 999_999, DeviceIDs: [DEV.full] },
        ],
        [
          'Road/AddRoad',
          { HoldID: w.other.id, RoadName: 'x', Geometry: ROUTE, Width: 60, TriggerAlarm: false },
          { HoldID: 999_999, RoadName: 'x', Geometry: ROUTE, Width: 60, TriggerAlarm: false },
        ],
        ['Road/GetRoadList', { HoldID: w.other.id }, { HoldID: 999_999 }],
      ],
    );
    expect((await call('Road/GetRoad', { RoadID: mine })).code).toBe(200);
  });
});
