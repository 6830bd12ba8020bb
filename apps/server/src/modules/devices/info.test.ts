import { randomBytes } from 'node:crypto';
import { devices, vehicles } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { DEFAULT_APP_ID, ErrCode, Fn, SimState } from '@lodestar/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { expectRefusedLikeMissing } from '../../test/refused.ts';
import { positionReport } from '../../test/reports.ts';
import { buildCatalogue, insertSims } from '../sims/test-fixtures.ts';

afterAll(stopTestServers);

const ID_CARD = '11010519491231002X';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);

interface InfoRow {
  DeviceID: string;
  DeviceName: string;
  ObjectType: number;
  ObjectName: string;
  VehicleID: number | null;
  VipExpiry: string | null;
  Oil: number | null;
  Online: boolean;
  Sim: { SimID: number; ICCID: string; MSISDN: string; State: number; ExpiresOn: string | null } | null;
}

/** Device/* of /info/device: what a device is on (vehicle, person, asset), the list's filters, photos, export. */
describe.each(dbTargets())('device register on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token: string;
  let noFn: string;
  let childToken: string;
  let hold: { id: number; path: string };
  let child: { id: number; path: string };
  let other: { id: number; path: string };
  let otherToken: string;

  const send = (tok: string) => (path: string, body: Record<string, unknown>) =>
    t.call('POST', path, { token: tok, body });
  const add = (body: Record<string, unknown>, tok = token) =>
    t.call<{ DeviceID: string }>('POST', 'Device/AddDevice', {
      token: tok,
      lang: 'en',
      body: { Protocol: 'gt06', ...body },
    });
  const list = async (body: Record<string, unknown> = {}, tok = token) => {
    const r = await t.call<{ rows: InfoRow[]; total: number }>('POST', 'Device/GetDeviceList', {
      token: tok,
      body: { PageIndex: 1, PageSize: 100, ...body },
    });
    expect(r.code).toBe(200);
    return r.data;
  };
  const ids = async (body: Record<string, unknown>) => (await list(body)).rows.map((r) => r.DeviceID).sort();
  const photo = (tok: string, DeviceID: string, bytes: Buffer, name = 'me.png') => {
    const boundary = `----dev${randomBytes(6).toString('hex')}`;
    return t.app.inject({
      method: 'POST',
      url: '/API/api/Device/UploadPhoto',
      query: { format: 'json', appid: DEFAULT_APP_ID, DeviceID },
      headers: { authorization: tok, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  };

  beforeAll(async () => {
    t = await startTestApp(target);
    hold = await t.buildHold('Fleet');
    child = await t.buildHold('Depot', hold);
    other = await t.buildHold('Other');
    token = (await t.buildUser(hold, [Fn.deviceManage, Fn.activate, Fn.export, Fn.onlineMonitor])).token;
    noFn = (await t.buildUser(hold, [Fn.onlineMonitor])).token;
    childToken = (await t.buildUser(child, [Fn.deviceManage])).token;
    otherToken = (await t.buildUser(other, [Fn.deviceManage])).token;
    expect((await add({ DeviceID: '860000000000099', HoldID: other.id }, otherToken)).code).toBe(200);
  });
  afterAll(() => t.close());

  it('adds a person device with its person, checked by the ID card’s GB 11643 check digit', async () => {
    const bad = await add({
      DeviceID: '860000000000001',
      HoldID: hold.id,
      ObjectType: 2,
      Person: { Name: 'Li Lei', IdCard: '110105194912310021' },
    });
    expect(bad).toMatchObject({ code: 400, errCode: ErrCode.Validation });
    expect(bad.msg).toContain('Person.IdCard');
    const noName = await add({ DeviceID: '860000000000001', HoldID: hold.id, ObjectType: 2, Person: { Name: '' } });
    expect(noName.code).toBe(400);
    expect(noName.msg).toContain('Person.Name');
    const missing = await add({ DeviceID: '860000000000001', HoldID: hold.id, ObjectType: 2 });
    expect(missing.code).toBe(400);
    expect(missing.msg).toContain('Person.Name');
    expect((await list()).total).toBe(0);

    const ok = await add({
      DeviceID: '860000000000001',
      HoldID: hold.id,
      SIM: '13900000001',
      ObjectType: 2,
      Person: {
        Name: 'Li Lei',
        IdCard: ID_CARD.toLowerCase(),
        Age: 30,
        Sex: 1,
        Phone: '13900000009',
        Category: 'guard',
      },
    });
    expect(ok.code).toBe(200);
    const got = await t.call<Record<string, unknown>>('POST', 'Device/GetDevice', {
      token,
      body: { DeviceID: '860000000000001' },
    });
    expect(got.data).toMatchObject({
      DeviceID: '860000000000001',
      DeviceName: 'Li Lei',
      ObjectType: 2,
      ObjectName: 'Li Lei',
      VehicleID: null,
      VipExpiry: null,
      Person: { Name: 'Li Lei', IdCard: ID_CARD, Age: 30, Sex: 1, Category: 'guard', HasPhoto: false },
      Asset: null,
    });
  });

  it('adds an asset device; the asset’s name is required', async () => {
    const noName = await add({ DeviceID: '860000000000002', HoldID: child.id, ObjectType: 3, Asset: { Shape: 'box' } });
    expect(noName.code).toBe(400);
    expect(noName.msg).toContain('Asset.Name');
    const ok = await add({
      DeviceID: '860000000000002',
      HoldID: child.id,
      TrackerType: 'wireless',
      ObjectType: 3,
      Asset: { Name: 'Container 7', Colour: 'red', Weight: 1200.5, Length: 6, Width: 2.4, Height: 2.6, Shape: 'box' },
    });
    expect(ok.code).toBe(200);
    const got = await t.call<{ Asset: Record<string, unknown> }>('POST', 'Device/GetDevice', {
      token,
      body: { DeviceID: '860000000000002' },
    });
    expect(got.data.Asset).toEqual({
      Name: 'Container 7',
      ObjectNo: '',
      Colour: 'red',
      Weight: 1200.5,
      Length: 6,
      Width: 2.4,
      Height: 2.6,
      Shape: 'box',
    });
  });

  it('refuses a device ID twice, naming the unit only to a caller who may see it', async () => {
    expect((await add({ DeviceID: '860000000000003', HoldID: child.id })).code).toBe(200);
    const seen = await add({ DeviceID: '860000000000003', HoldID: hold.id });
    expect({ code: seen.code, errCode: seen.errCode }).toEqual({ code: 400, errCode: ErrCode.Conflict });
    expect(seen.msg).toContain('Depot (DeviceID)');
    const unseen = await add({ DeviceID: '860000000000099', HoldID: hold.id });
    expect(unseen.errCode).toBe(ErrCode.Conflict);
    expect(unseen.msg).not.toContain('Other');
    expect(unseen.msg).toContain('already registered');
    const fromChild = await add({ DeviceID: '860000000000001', HoldID: child.id }, childToken);
    expect(fromChild.errCode).toBe(ErrCode.Conflict);
    expect(fromChild.msg).not.toContain('Fleet');
  });

  it('turns a vehicle’s device into a person’s: unbound from the vehicle, and logged', async () => {
    expect((await add({ DeviceID: '860000000000004', HoldID: hold.id })).code).toBe(200);
    const [car] = await t.database.db.insert(vehicles).values({ holdId: hold.id, plate: '京A12345' }).returning();
    await t.database.db.update(devices).set({ vehicleId: car!.id }).where(eq(devices.deviceId, '860000000000004'));
    const before = (await list({ Keyword: '京A123' })).rows;
    expect(before).toMatchObject([
      { DeviceID: '860000000000004', ObjectType: 1, ObjectName: '京A12345', VehicleID: car!.id },
    ]);

    const toPerson = await t.call('POST', 'Device/ModifyDevice', {
      token,
      body: { DeviceID: '860000000000004', ObjectType: 2, Person: { Name: 'Han Meimei' } },
    });
    expect(toPerson.code).toBe(200);
    const [row] = await t.database.db.select().from(devices).where(eq(devices.deviceId, '860000000000004'));
    expect(row).toMatchObject({ vehicleId: null, objectType: 2 });
    const { rows: logs } = await t.database.pool.query(
      `SELECT action, detail FROM operation_logs WHERE action = 'unbindDevice'`,
    );
    expect(logs).toEqual([{ action: 'unbindDevice', detail: '860000000000004 ✕ 京A12345' }]);
    expect((await list({ Keyword: 'meimei' })).rows.map((r) => r.ObjectName)).toEqual(['Han Meimei']);

    // Back on a vehicle: the person goes.
    await t.call('POST', 'Device/ModifyDevice', { token, body: { DeviceID: '860000000000004', ObjectType: 1 } });
    const { rows: objects } = await t.database.pool.query(
      'SELECT count(*)::int AS n FROM device_objects o JOIN devices d ON d.id = o.device_pk WHERE d.device_id = $1',
      ['860000000000004'],
    );
    expect(objects[0].n).toBe(0);
  });

  it('filters by object type, tracker type, state, VIP state and keyword, and sorts newest first', async () => {
    expect(await ids({ ObjectType: 2 })).toEqual(['860000000000001']);
    expect(await ids({ ObjectType: 3, TrackerType: 'wireless' })).toEqual(['860000000000002']);
    expect(await ids({ HoldID: child.id })).toEqual(['860000000000002', '860000000000003']);
    expect(await ids({ Keyword: 'container' })).toEqual(['860000000000002']);

    await t.ingest.writer.persist([positionReport('860000000000003')]);
    await t.ingest.writer.flushStates();
    expect(await ids({ State: 'online' })).toEqual(['860000000000003']);
    expect(await ids({ State: 'unused' })).toEqual(['860000000000001', '860000000000002', '860000000000004']);
    const counts = await t.call<Record<string, number>>('POST', 'Monitor/GetMonitorCounts', { token, body: {} });
    expect(counts.code).toBe(200);
    for (const state of ['online', 'offline', 'moving', 'unused'] as const)
      expect({ state, n: (await list({ State: state })).total }).toEqual({ state, n: counts.data[state] });

    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const vip = (id: string, d: string) =>
      t.database.db.update(devices).set({ vipExpiresAt: d }).where(eq(devices.deviceId, id));
    await vip('860000000000001', day(-3));
    await vip('860000000000002', day(3));
    await vip('860000000000003', day(20));
    await vip('860000000000004', day(45));
    expect(await ids({ Vip: 'expired' })).toEqual(['860000000000001']);
    expect(await ids({ Vip: '7' })).toEqual(['860000000000002']);
    expect(await ids({ Vip: '30' })).toEqual(['860000000000002', '860000000000003']);
    expect(await ids({ Vip: '60' })).toEqual(['860000000000002', '860000000000003', '860000000000004']);

    const recent = await list({ Recent: 1, SortColumn: 'DeviceID', SortType: 'asc' });
    expect(recent.rows.map((r) => r.DeviceID)).toEqual([
      '860000000000004',
      '860000000000003',
      '860000000000002',
      '860000000000001',
    ]);
    const byVip = await list({ SortColumn: 'VipExpiry', SortType: 'desc' });
    expect(byVip.rows[0]?.DeviceID).toBe('860000000000004');

    const badState = await t.call('POST', 'Device/GetDeviceList', {
      token,
      body: { PageIndex: 1, PageSize: 10, State: 'sleeping' },
    });
    expect(badState.code).toBe(400);
    expect(badState.msg).toContain('State');
  });

  it('links the SIM to the subtree’s SIM card by MSISDN or ICCID, never to another hold’s', async () => {
    const cat = await buildCatalogue(t, hold);
    const [card] = await insertSims(t, cat, hold.id, [
      { msisdn: '13900000001', state: SimState.Active, expiresOn: '2030-01-31' },
    ]);
    const otherCat = await buildCatalogue(t, other, 'o');
    const [theirs] = await insertSims(t, otherCat, other.id, [{ msisdn: '13900000002' }]);
    await t.call('POST', 'Device/ModifyDevice', { token, body: { DeviceID: '860000000000003', SIM: card!.iccid } });
    await t.call('POST', 'Device/ModifyDevice', { token, body: { DeviceID: '860000000000004', SIM: '13900000002' } });
    const rows = new Map((await list()).rows.map((r) => [r.DeviceID, r]));
    const expected = {
      SimID: card!.id,
      ICCID: card!.iccid,
      MSISDN: '13900000001',
      State: SimState.Active,
      ExpiresOn: '2030-01-31',
    };
    expect(rows.get('860000000000001')?.Sim).toEqual(expected);
    expect(rows.get('860000000000003')?.Sim).toEqual(expected);
    expect(rows.get('860000000000004')?.Sim).toBeNull();
    expect(theirs).toBeDefined();
  });

  it('starts the VIP at activation: the default 4 years, unless one is set already', async () => {
    expect((await add({ DeviceID: '860000000000005', HoldID: hold.id })).code).toBe(200);
    expect((await list({ Keyword: '860000000000005' })).rows[0]?.VipExpiry).toBeNull();
    expect((await t.call('POST', 'Device/Activate', { token, body: { DeviceID: '860000000000005' } })).code).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const inFour = `${Number(today.slice(0, 4)) + 4}${today.slice(4)}`;
    const expiry = (await list({ Keyword: '860000000000005' })).rows[0]?.VipExpiry;
    // 29 February four years on is the same day (a leap year); the 1 March fallback only matters for 2100.
    expect(expiry).toBe(inFour);

    expect((await add({ DeviceID: '860000000000006', HoldID: hold.id })).code).toBe(200);
    await t.database.db
      .update(devices)
      .set({ vipExpiresAt: '2027-05-01' })
      .where(eq(devices.deviceId, '860000000000006'));
    await t.call('POST', 'Device/Activate', { token, body: { DeviceID: '860000000000006' } });
    expect((await list({ Keyword: '860000000000006' })).rows[0]?.VipExpiry).toBe('2027-05-01');
  });

  it('stores a person’s photo (JPG or PNG) and gives it back to its hold only', async () => {
    const notImage = await photo(token, '860000000000004', Buffer.from('GIF89a not a photo'));
    expect(notImage.json().code).toBe(400);
    const vehicleDevice = await photo(token, '860000000000003', PNG);
    expect(vehicleDevice.json()).toMatchObject({ code: 400 });
    expect((await photo(token, '860000000000001', Buffer.from('GIF89a not a photo'))).json().code).toBe(400);
    const tooBig = await photo(token, '860000000000001', Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]));
    expect(tooBig.json().code).toBe(400);

    const ok = await photo(token, '860000000000001', PNG);
    expect(ok.json()).toMatchObject({ code: 200 });
    const back = await t.app.inject({
      method: 'GET',
      url: '/API/api/Device/GetPhoto',
      query: { format: 'json', appid: DEFAULT_APP_ID, DeviceID: '860000000000001' },
      headers: { authorization: token },
    });
    expect(back.headers['content-type']).toBe('image/png');
    expect(back.rawPayload.equals(PNG)).toBe(true);
    const got = await t.call<{ Person: { HasPhoto: boolean } }>('POST', 'Device/GetDevice', {
      token,
      body: { DeviceID: '860000000000001' },
    });
    expect(got.data.Person.HasPhoto).toBe(true);

    const theirs = await photo(otherToken, '860000000000001', PNG);
    expect(theirs.json()).toMatchObject({ code: 403, errCode: ErrCode.OutsideHold });
    const read = await t.call('GET', 'Device/GetPhoto', { token: otherToken, query: { DeviceID: '860000000000001' } });
    expect(read).toMatchObject({ code: 403, errCode: ErrCode.OutsideHold });
    const missing = await t.call('GET', 'Device/GetPhoto', {
      token: otherToken,
      query: { DeviceID: '869999999999999' },
    });
    expect({ code: missing.code, msg: missing.msg }).toEqual({ code: read.code, msg: read.msg });
  });

  it('exports the filtered list to the download centre', async () => {
    const r = await t.call<{ FileID: number }>('POST', 'Device/ExportDevices', { token, body: { ObjectType: 2 } });
    expect(r.code).toBe(200);
    expect(r.data.FileID).toBeGreaterThan(0);
  });

  it('refuses a caller without device management (403)', async () => {
    for (const [path, body] of [
      ['Device/GetDeviceList', { PageIndex: 1, PageSize: 10 }],
      ['Device/GetDevice', { DeviceID: '860000000000001' }],
      ['Device/ExportDevices', {}],
      ['Device/AddDevice', { DeviceID: '860000000000010', Protocol: 'gt06', HoldID: hold.id }],
    ] as const) {
      const r = await t.call('POST', path, { token: noFn, body });
      expect({ path, code: r.code, errCode: r.errCode }).toEqual({ path, code: 403, errCode: ErrCode.NoFunction });
    }
    expect((await photo(noFn, '860000000000001', PNG)).json().code).toBe(403);
  });

  it("refuses another hold's device and units like missing ones", async () => {
    await expectRefusedLikeMissing(send(token), [
      ['Device/GetDevice', { DeviceID: '860000000000099' }, { DeviceID: '869999999999999' }],
      [
        'Device/ModifyDevice',
        { DeviceID: '860000000000099', ObjectType: 2, Person: { Name: 'x' } },
        { DeviceID: '869999999999999', ObjectType: 2, Person: { Name: 'x' } },
      ],
      [
        'Device/GetDeviceList',
        { PageIndex: 1, PageSize: 10, HoldID: other.id },
        { PageIndex: 1, PageSize: 10, HoldID: 999999 },
      ],
      ['Device/ExportDevices', { HoldID: other.id }, { HoldID: 999999 }],
    ]);
    const theirs = await photo(token, '860000000000099', PNG);
    expect(theirs.json()).toMatchObject({ code: 403, errCode: ErrCode.OutsideHold });
    const [row] = await t.database.db.select().from(devices).where(eq(devices.deviceId, '860000000000099'));
    expect(row?.objectType).toBe(1);
  });
});
