import type { BindResult, FenceDetail, FenceRow } from '@lodestar/contract/zones';
import { operationLogs } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn } from '@lodestar/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { expectRefusedLikeMissing } from '../../test/refused.ts';
import { BOWTIE, DEV, SQUARE, WITH_HOLE, zoneWorld } from './test-fixtures.ts';

afterAll(stopTestServers);

type Page = { rows: FenceRow[]; total: number };

/** Fence/… (function 51): add, modify, remove, list, get, bind and unbind devices. */
describe.each(dbTargets())('fences on $name PostgreSQL', (target) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof zoneWorld>>;
  let theirFence: number;
  let changes = 0;

  const call = <T = unknown>(path: string, body: object, as = w.token, lang = 'en') =>
    t.call<T>('POST', path, { token: as, body, lang });
  const addFence = async (body: object) => {
    const r = await call<{ FenceID: number }>('Fence/AddFence', {
      HoldID: w.child.id,
      FenceName: 'Depot',
      Geometry: SQUARE,
      RecordType: 'both',
      TriggerAlarm: true,
      ...body,
    });
    expect(r.code, r.msg).toBe(200);
    return r.data.FenceID;
  };
  const get = async (FenceID: number) => (await call<FenceDetail>('Fence/GetFence', { FenceID })).data;
  const states = async (fenceId: number) =>
    (await w.q(`SELECT device_pk FROM zone_states WHERE zone_kind = 'f' AND zone_id = $1`, [fenceId])).rows.length;
  const visit = (pk: number, fenceId: number) =>
    w.q(`INSERT INTO zone_states (device_pk, zone_kind, zone_id, entered_at) VALUES ($1, 'f', $2, now())`, [
      pk,
      fenceId,
    ]);

  beforeAll(async () => {
    t = await startTestApp(target);
    w = await zoneWorld(t);
    // The fence engine's reload hook, counted: every write must call it.
    t.ingest.zonesChanged = () => {
      changes++;
    };
    const r = await t.call<{ FenceID: number }>('POST', 'Fence/AddFence', {
      token: w.theirs,
      body: { HoldID: w.other.id, FenceName: 'Theirs', Geometry: SQUARE, RecordType: 'enter', TriggerAlarm: false },
    });
    expect(r.code, r.msg).toBe(200);
    theirFence = r.data.FenceID;
  });
  afterAll(() => t.close());

  it('adds a polygon fence with every rule and reads it back in the caller’s zone', async () => {
    const before = changes;
    const id = await addFence({
      FenceName: 'Warehouse',
      ValidFrom: '2026-12-01 08:00:00',
      ValidTo: '2027-01-01 00:00:00',
      DailyFrom: '22:00',
      DailyTo: '06:00',
      SpeedLimit: 30,
      MaxStayMinutes: 45,
    });
    expect(changes).toBe(before + 1);
    const f = await get(id);
    expect(f).toMatchObject({
      FenceID: id,
      FenceName: 'Warehouse',
      HoldID: w.child.id,
      HoldName: 'Fleet east',
      Shape: 'rectangle',
      Geometry: SQUARE,
      RecordType: 'both',
      TriggerAlarm: true,
      ValidFrom: '2026-12-01 08:00:00',
      ValidTo: '2027-01-01 00:00:00',
      DailyFrom: '22:00',
      DailyTo: '06:00',
      SpeedLimit: 30,
      MaxStayMinutes: 45,
      DeviceCount: 0,
      Devices: [],
    });
    // Stored as an instant (08:00 in Shanghai), minutes after midnight, the writer's zone and the box.
    const row = (await w.q('SELECT * FROM fences WHERE id = $1', [id])).rows[0];
    expect(row.valid_from.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect([row.daily_from, row.daily_to, row.time_zone]).toEqual([22 * 60, 6 * 60, 'Asia/Shanghai']);
    expect([row.min_lng, row.min_lat, row.max_lng, row.max_lat]).toEqual([120.1, 30.2, 120.11, 30.21]);
    const logs = await t.database.db.select().from(operationLogs).where(eq(operationLogs.action, 'addFence'));
    expect(logs.map((l) => l.detail)).toContainEqual(`Warehouse #${id}`);
  });

  it('stores circles and polygons with holes as drawn', async () => {
    const circle = await addFence({
      FenceName: 'Ring',
      Geometry: { type: 'Circle', Center: [120.1, 30.2], Radius: 500 },
    });
    expect(await get(circle)).toMatchObject({
      Shape: 'circle',
      Geometry: { type: 'Circle', Center: [120.1, 30.2], Radius: 500 },
    });
    const holed = await addFence({ FenceName: 'Holed', Geometry: WITH_HOLE });
    expect(await get(holed)).toMatchObject({ Shape: 'polygon', Geometry: WITH_HOLE });
  });

  it('refuses bad geometry, clocks, periods and names with a 400 naming the field', async () => {
    const refused = async (body: object, field: string, text?: string) => {
      const r = await call('Fence/AddFence', {
        HoldID: w.child.id,
        FenceName: 'Bad',
        Geometry: SQUARE,
        RecordType: 'both',
        TriggerAlarm: false,
        ...body,
      });
      expect({ body, code: r.code, field: r.msg.includes(field) }, r.msg).toEqual({ body, code: 400, field: true });
      if (text) expect(r.msg).toContain(text);
    };
    await refused({ Geometry: BOWTIE }, 'Geometry', 'crosses itself');
    const open = { type: 'Polygon', coordinates: [SQUARE.coordinates[0]!.slice(0, 4).concat([[120.1, 30.205]])] };
    await refused({ Geometry: open }, 'Geometry', 'must end where it starts');
    await refused({ Geometry: { type: 'Circle', Center: [120.1, 30.2], Radius: 1 } }, 'Geometry');
    await refused({ DailyFrom: '25:00', DailyTo: '06:00' }, 'DailyFrom');
    await refused({ DailyFrom: '08:00' }, 'DailyTo', 'daily window');
    await refused({ DailyFrom: '08:00', DailyTo: '08:00' }, 'DailyTo');
    await refused({ ValidFrom: '2026-12-02 00:00:00', ValidTo: '2026-12-01 00:00:00' }, 'ValidTo', 'after its start');
    await refused({ ValidFrom: '2026-02-30 00:00:00' }, 'ValidFrom');
    await refused({ FenceName: 'x'.repeat(51) }, 'FenceName');
    await refused({ FenceName: '   ' }, 'FenceName');
    await refused({ RecordType: 'sometimes' }, 'RecordType');
    await refused({ SpeedLimit: 301 }, 'SpeedLimit');
    await refused({ MaxStayMinutes: 10_081 }, 'MaxStayMinutes');
    expect((await call<Page>('Fence/GetFenceList', { Keyword: 'Bad' })).data.total).toBe(0);
  });

  it('modifies only the fields given, clears with null, checks the period against what is stored', async () => {
    const id = await addFence({ FenceName: 'Yard', ValidFrom: '2026-12-01 00:00:00', SpeedLimit: 40 });
    const before = changes;
    const r = await call('Fence/ModifyFence', {
      FenceID: id,
      Geometry: { type: 'Circle', Center: [120.2, 30.3], Radius: 800 },
      SpeedLimit: null,
      DailyFrom: '08:00',
      DailyTo: '18:00',
    });
    expect(r.code, r.msg).toBe(200);
    expect(changes).toBe(before + 1);
    expect(await get(id)).toMatchObject({
      FenceName: 'Yard',
      Shape: 'circle',
      SpeedLimit: null,
      ValidFrom: '2026-12-01 00:00:00',
      DailyFrom: '08:00',
      DailyTo: '18:00',
    });
    const early = await call('Fence/ModifyFence', { FenceID: id, ValidTo: '2026-11-30 00:00:00' });
    expect([early.code, early.msg.includes('ValidTo')]).toEqual([400, true]);
    const half = await call('Fence/ModifyFence', { FenceID: id, DailyTo: null });
    expect([half.code, half.msg.includes('DailyTo')]).toEqual([400, true]);
    const bad = await call('Fence/ModifyFence', { FenceID: id, Geometry: BOWTIE });
    expect([bad.code, bad.msg.includes('Geometry')]).toEqual([400, true]);
    expect((await get(id)).Shape).toBe('circle');
  });

  let bound: number;

  it('binds VIP devices, names the ones whose model is not full-function, and lists them', async () => {
    bound = await addFence({ FenceName: 'Bound' });
    const before = changes;
    const r = await call<BindResult>('Fence/BindDevices', { FenceID: bound, DeviceIDs: [DEV.full, DEV.plain] });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toEqual({ Bound: 2, Pushed: 0, NotFullFunction: [DEV.plain], VipExpired: [] });
    expect(changes).toBe(before + 1);
    const f = await get(bound);
    expect(f.DeviceCount).toBe(2);
    expect(f.Devices).toEqual([
      expect.objectContaining({
        DeviceID: DEV.full,
        Plate: '浙A00001',
        Model: 'LS-X9',
        Protocol: 'gt06',
        FullFunction: true,
        VipExpired: false,
        PushStatus: null,
      }),
      expect.objectContaining({ DeviceID: DEV.plain, Plate: null, FullFunction: false }),
    ]);
    expect(f.Devices[0]!.BindTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Binding again is no change, and no error.
    const again = await call<BindResult>('Fence/BindDevices', { FenceID: bound, DeviceIDs: [DEV.full] });
    expect(again.data.Bound).toBe(1);
    expect((await get(bound)).DeviceCount).toBe(2);
  });

  it('refuses a device whose VIP has expired or never began, naming it, in the caller’s language', async () => {
    for (const d of [DEV.lapsed, DEV.ended]) {
      const r = await call('Fence/BindDevices', { FenceID: bound, DeviceIDs: [DEV.full, d] });
      expect([r.code, r.msg]).toEqual([400, `Device VIP expired: ${d}`]);
    }
    const zh = await call('Fence/BindDevices', { FenceID: bound, DeviceIDs: [DEV.lapsed] }, w.token, 'zh');
    expect(zh.msg).toBe(`设备VIP已过期: ${DEV.lapsed}`);
    const fr = await call('Fence/BindDevices', { FenceID: bound, DeviceIDs: [DEV.lapsed] }, w.token, 'fr');
    expect(fr.msg).toBe(`VIP de l’appareil expiré: ${DEV.lapsed}`);
    expect((await get(bound)).Devices.map((d) => d.DeviceID)).toEqual([DEV.full, DEV.plain]);
  });

  it('refuses a device of a unit above the fence’s, and asks for a target when none is given', async () => {
    const above = await call('Fence/BindDevices', { FenceID: bound, DeviceIDs: [DEV.above] });
    expect([above.code, above.msg]).toEqual([400, `The device is not in the unit of the fence or route: ${DEV.above}`]);
    const none = await call('Fence/BindDevices', { FenceID: bound, DeviceIDs: [] });
    expect([none.code, none.msg]).toEqual([400, 'Select target data: DeviceIDs']);
    const unitAbove = await call('Fence/BindDevices', { FenceID: bound, HoldID: w.hold.id });
    expect(unitAbove.code).toBe(400);
  });

  it('binds a whole unit: its VIP devices, the lapsed ones answered apart', async () => {
    const id = await addFence({ FenceName: 'Unit' });
    const r = await call<BindResult>('Fence/BindDevices', { FenceID: id, HoldID: w.child.id });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.Bound).toBe(2);
    expect(r.data.VipExpired.sort()).toEqual([DEV.lapsed, DEV.ended].sort());
    expect(r.data.NotFullFunction).toEqual([DEV.plain]);
    // A fence of the parent unit takes the child's devices and its own.
    const top = await addFence({ HoldID: w.hold.id, FenceName: 'Top' });
    const all = await call<BindResult>('Fence/BindDevices', { FenceID: top, HoldID: w.hold.id });
    expect(all.data.Bound).toBe(3);
  });

  it('unbinds devices and forgets their visits of the fence', async () => {
    const id = await addFence({ FenceName: 'Unbind' });
    await call('Fence/BindDevices', { FenceID: id, DeviceIDs: [DEV.full, DEV.plain] });
    await visit(await w.pkOf(DEV.full), id);
    await visit(await w.pkOf(DEV.plain), id);
    const before = changes;
    const r = await call('Fence/UnbindDevices', { FenceID: id, DeviceIDs: [DEV.full] });
    expect(r.code, r.msg).toBe(200);
    expect(changes).toBe(before + 1);
    expect((await get(id)).Devices.map((d) => d.DeviceID)).toEqual([DEV.plain]);
    expect(await states(id)).toBe(1);
    const logs = await t.database.db.select().from(operationLogs).where(eq(operationLogs.action, 'unbindFenceDevices'));
    expect(logs.length).toBe(1);
  });

  it('removes fences with their bindings and every visit of them', async () => {
    const a = await addFence({ FenceName: 'Gone A' });
    const b = await addFence({ FenceName: 'Gone B' });
    await call('Fence/BindDevices', { FenceID: a, DeviceIDs: [DEV.full] });
    await visit(await w.pkOf(DEV.full), a);
    await visit(await w.pkOf(DEV.full), b);
    const before = changes;
    const r = await call('Fence/RemoveFence', { FenceIDs: [a, b] });
    expect(r.code, r.msg).toBe(200);
    expect(changes).toBe(before + 1);
    expect((await w.q('SELECT * FROM fence_devices WHERE fence_id = ANY($1)', [[a, b]])).rows).toEqual([]);
    expect((await states(a)) + (await states(b))).toBe(0);
    const gone = await call('Fence/GetFence', { FenceID: a });
    expect([gone.code, gone.errCode]).toEqual([403, ErrCode.OutsideHold]);
  });

  it('lists the subtree’s fences, narrowed by unit and name, sorted', async () => {
    const all = (await call<Page>('Fence/GetFenceList', { PageIndex: 1, PageSize: 100 })).data;
    expect(all.rows.map((f) => f.FenceName)).not.toContain('Theirs');
    expect(all.rows[0]!.FenceID).toBeGreaterThan(all.rows[1]!.FenceID);
    const top = (await call<Page>('Fence/GetFenceList', { HoldID: w.child.id, PageIndex: 1, PageSize: 100 })).data;
    expect(top.rows.map((f) => f.FenceName)).not.toContain('Top');
    expect(top.total).toBe(all.total - 1);
    const named = (await call<Page>('Fence/GetFenceList', { Keyword: 'ware' })).data;
    expect(named.rows.map((f) => f.FenceName)).toEqual(['Warehouse']);
    const wild = (await call<Page>('Fence/GetFenceList', { Keyword: '%' })).data;
    expect(wild.total).toBe(0);
    const byCount = (await call<Page>('Fence/GetFenceList', { SortColumn: 'DeviceCount', SortType: 'desc' })).data;
    expect(byCount.rows[0]!.FenceName).toBe('Top');
    const byName = (await call<Page>('Fence/GetFenceList', { SortColumn: 'FenceName', PageSize: 100 })).data;
    const names = byName.rows.map((f) => f.FenceName);
    expect(names).toEqual([...names].sort());
  });

  it('refuses every call without the geo-fence function (51)', async () => {
    const noFence = (await t.buildUser(w.hold, [Fn.deviceManage, Fn.onlineMonitor])).token;
    for (const [path, body] of [
      ['Fence/GetFenceList', {}],
      ['Fence/GetFence', { FenceID: bound }],
      [
        'Fence/AddFence',
        { HoldID: w.hold.id, FenceName: 'x', Geometry: SQUARE, RecordType: 'both', TriggerAlarm: false },
      ],
      ['Fence/ModifyFence', { FenceID: bound, FenceName: 'x' }],
      ['Fence/RemoveFence', { FenceIDs: [bound] }],
      ['Fence/BindDevices', { FenceID: bound, DeviceIDs: [DEV.full] }],
      ['Fence/UnbindDevices', { FenceID: bound, DeviceIDs: [DEV.full] }],
    ] as const) {
      const r = await call(path, body, noFence);
      expect({ path, code: r.code }).toEqual({ path, code: 403 });
    }
  });

  it("answers another hold's fences, devices and units exactly like missing ones", async () => {
    const mine = bound;
    await expectRefusedLikeMissing(
      (path, body) => call(path, body),
      [
        ['Fence/GetFence', { FenceID: theirFence }, { FenceID: 999_999 }],
        ['Fence/ModifyFence', { FenceID: theirFence, FenceName: 'x' }, { FenceID: 999_999, FenceName: 'x' }],
        ['Fence/RemoveFence', { FenceIDs: [theirFence] }, { FenceIDs: [999_999] }],
        ['Fence/RemoveFence', { FenceIDs: [mine, theirFence] }, { FenceIDs: [mine, 999_999] }],
        [
          'Fence/BindDevices',
          { FenceID: theirFence, DeviceIDs: [DEV.full] },
          { FenceID: 999_999, DeviceIDs: [DEV.full] },
        ],
        [
          'Fence/BindDevices',
          { FenceID: mine, DeviceIDs: [DEV.theirs] },
          { FenceID: mine, DeviceIDs: ['869999999999999'] },
        ],
        ['Fence/BindDevices', { FenceID: mine, HoldID: w.other.id }, { FenceID: mine, HoldID: 999_999 }],
        [
          'Fence/UnbindDevices',
          { FenceID: theirFence, DeviceIDs: [DEV.full] },
          { FenceID: 999_999, DeviceIDs: [DEV.full] },
        ],
        [
          'Fence/UnbindDevices',
          { FenceID: mine, DeviceIDs: [DEV.theirs] },
          { FenceID: mine, DeviceIDs: ['869999999999999'] },
        ],
        [
          'Fence/AddFence',
          { HoldID: w.other.id, FenceName: 'x', Geometry: SQUARE, RecordType: 'both', TriggerAlarm: false },
          { HoldID: 999_999, FenceName: 'x', Geometry: SQUARE, RecordType: 'both', TriggerAlarm: false },
        ],
        ['Fence/GetFenceList', { HoldID: w.other.id }, { HoldID: 999_999 }],
      ],
    );
    // The refused removal removed nothing, not even the caller's own fence named with it.
    expect((await call('Fence/GetFence', { FenceID: mine })).code).toBe(200);
    expect((await call('Fence/GetFence', { FenceID: theirFence }, w.theirs)).code).toBe(200);
  });
});
