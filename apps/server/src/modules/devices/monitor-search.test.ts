import { vehicles } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn, LIMITS } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { positionReport } from '../../test/reports.ts';

afterAll(stopTestServers);

// Ours: a truck with no vehicle, a van bound to a vehicle, a bus in a unit below; theirs: another hold's truck.
const TRUCK = '860000000000101';
const VAN = '860000000000102';
const BUS = '860000000000103';
const THEIRS = '860000000000201';

interface Row {
  DeviceID: string;
  Plate: string | null;
}
type List = { rows: Row[]; total: number };

/** Monitor/GetMonitorList's Keyword: device ID, device name or bound plate, over the whole scope (issue #4). */
describe.each(dbTargets())('monitor keyword search on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token: string;
  let unit: { id: number };
  let other: { id: number };

  const search = async (body: Record<string, unknown>, as = token) => {
    const r = await t.call<List>('POST', 'Monitor/GetMonitorList', { token: as, body });
    expect(r.code, r.msg).toBe(200);
    return { ids: r.data.rows.map((x) => x.DeviceID), total: r.data.total, rows: r.data.rows };
  };

  beforeAll(async () => {
    t = await startTestApp(target);
    const hold = await t.buildHold('Fleet');
    unit = await t.buildHold('Night shift', hold);
    other = await t.buildHold('Other fleet');
    token = (await t.buildUser(hold, [Fn.deviceManage, Fn.onlineMonitor])).token;
    const theirs = (await t.buildUser(other, [Fn.deviceManage])).token;
    const add = (DeviceID: string, DeviceName: string, HoldID: number, as = token, SIM = '') =>
      t.call('POST', 'Device/AddDevice', { token: as, body: { DeviceID, DeviceName, Protocol: 'gt06', HoldID, SIM } });
    await add(TRUCK, 'Truck One', hold.id, token, '13912345678');
    await add(VAN, '冷链车', hold.id);
    await add(BUS, 'Bus 7', unit.id);
    await add(THEIRS, 'Truck Theirs', other.id, theirs);
    const bind = async (deviceId: string, v: typeof vehicles.$inferInsert) => {
      const [row] = await t.database.db.insert(vehicles).values(v).returning();
      await t.database.pool.query('UPDATE devices SET vehicle_id = $1 WHERE device_id = $2', [row!.id, deviceId]);
    };
    await bind(VAN, { holdId: hold.id, plate: '浙A12345' });
    // Another hold's vehicles: one carrying our truck (not ours to see), one carrying their own device.
    await bind(TRUCK, { holdId: other.id, plate: 'ZZ-999' });
    await bind(THEIRS, { holdId: other.id, plate: '浙A77777' });
    await t.ingest.writer.persist([
      positionReport(TRUCK, { speedKmh: 50, attributes: { acc: true } }),
      positionReport(THEIRS, { speedKmh: 50, attributes: { acc: true } }),
    ]);
    await t.ingest.writer.flushStates();
  });
  afterAll(() => t.close());

  it('finds devices by a part of the device ID, the name in any case, or the bound vehicle’s plate', async () => {
    expect(await search({ Keyword: '0000000101' })).toMatchObject({ ids: [TRUCK], total: 1 });
    expect(await search({ Keyword: 'tRUCK' })).toMatchObject({ ids: [TRUCK], total: 1 });
    expect(await search({ Keyword: '冷链' })).toMatchObject({ ids: [VAN], total: 1 });
    const byPlate = await search({ Keyword: 'a123' });
    expect(byPlate.rows).toMatchObject([{ DeviceID: VAN, Plate: '浙A12345' }]);
    // A device below the caller's hold, and blanks around the keyword ignored.
    expect(await search({ Keyword: '  bus 7 ' })).toMatchObject({ ids: [BUS], total: 1 });
    expect(await search({ Keyword: '8600000000001' })).toMatchObject({ ids: [TRUCK, VAN, BUS], total: 3 });
    // LIKE's wildcards are plain characters; an empty keyword is no keyword.
    expect(await search({ Keyword: '%' })).toMatchObject({ ids: [], total: 0 });
    expect(await search({ Keyword: '_' })).toMatchObject({ ids: [], total: 0 });
    expect(await search({ Keyword: '' })).toMatchObject({ ids: [TRUCK, VAN, BUS], total: 3 });
  });

  it('combines the keyword with the status filter, the chosen unit and a batch of IDs', async () => {
    expect(await search({ Keyword: '86000', Status: 'moving' })).toMatchObject({ ids: [TRUCK], total: 1 });
    expect(await search({ Keyword: '86000', Status: 'unused' })).toMatchObject({ ids: [VAN, BUS], total: 2 });
    expect(await search({ Keyword: '浙A', Status: 'moving' })).toMatchObject({ ids: [], total: 0 });
    expect(await search({ Keyword: '86000', HoldID: unit.id })).toMatchObject({ ids: [BUS], total: 1 });
    expect(await search({ Keyword: 'truck', HoldID: unit.id })).toMatchObject({ ids: [], total: 0 });
    expect(await search({ Keyword: '86000', DeviceIDs: `${VAN},${BUS}` })).toMatchObject({ ids: [VAN, BUS] });
  });

  it('never finds another hold’s device, nor ours through another hold’s vehicle', async () => {
    for (const Keyword of ['theirs', '0000000201', '浙A77777', 'ZZ-999'])
      expect(await search({ Keyword }), Keyword).toMatchObject({ ids: [], total: 0 });
    expect((await search({ Keyword: 'truck' })).ids).toEqual([TRUCK]);
    const r = await t.call('POST', 'Monitor/GetMonitorList', { token, body: { Keyword: 'truck', HoldID: other.id } });
    expect({ code: r.code, errCode: r.errCode }).toEqual({ code: 403, errCode: ErrCode.OutsideHold });
  });

  it('shares its rule with Device/GetDeviceList, which matches the SIM as well as the plate', async () => {
    // "12345" is in the truck's SIM and in the van's plate.
    expect((await search({ Keyword: '12345' })).ids).toEqual([VAN]);
    const r = await t.call<List>('POST', 'Device/GetDeviceList', {
      token,
      body: { PageIndex: 1, PageSize: 10, Keyword: ' 12345 ' },
    });
    expect(r.data.rows.map((x) => x.DeviceID).sort()).toEqual([TRUCK, VAN]);
  });

  it('documents the keyword in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/API/docs/json' })).json() as {
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }>;
    };
    const body = doc.paths['/API/api/Monitor/GetMonitorList']?.post.requestBody.content['application/json']?.schema;
    expect(body).toMatchObject({ properties: { Keyword: { type: 'string', maxLength: 64 } } });
  });

  it('refuses a keyword over 64 characters, naming the field', async () => {
    const r = await t.call('POST', 'Monitor/GetMonitorList', { token, body: { Keyword: 'x'.repeat(65) } });
    expect(r).toMatchObject({ code: 400, errCode: ErrCode.Validation });
    expect(r.msg).toContain('Keyword');
  });

  it('loads at most 500 matching devices and says how many matched in all, with a status filter too', async () => {
    const hold = await t.buildHold('Big fleet');
    const own = (await t.buildUser(hold, [Fn.onlineMonitor])).token;
    const n = LIMITS.monitorAllDevices + 7;
    await t.database.pool.query(
      `INSERT INTO devices (device_id, protocol, hold_id, name)
       SELECT '77' || lpad(i::text, 8, '0'), 'osmand', $1, CASE WHEN i % 2 = 0 THEN 'Tanker ' || i ELSE 'Car ' || i END
         FROM generate_series(1, $2::int) i`,
      [hold.id, n + 20],
    );
    const all = await search({ Keyword: '77' }, own);
    expect(all.ids.length).toBe(LIMITS.monitorAllDevices);
    expect(all.total).toBe(n + 20);
    expect(all.ids[0]).toBe('7700000001');
    const tankers = await search({ Keyword: 'TANKER', Status: 'unused' }, own);
    expect(tankers.ids.length).toBe(Math.floor((n + 20) / 2));
    expect(tankers.total).toBe(Math.floor((n + 20) / 2));
    const unused = await search({ Keyword: '770', Status: 'unused' }, own);
    expect(unused).toMatchObject({ total: n + 20 });
    expect(unused.ids.length).toBe(LIMITS.monitorAllDevices);
  });
});
