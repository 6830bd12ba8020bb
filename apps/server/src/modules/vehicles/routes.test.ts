import type { VehicleRow } from '@lodestar/contract/vehicles';
import { deviceObjects, devices, operationLogs } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn, ObjectType, vinCheckDigit } from '@lodestar/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { expectRefusedLikeMissing } from '../../test/refused.ts';

afterAll(stopTestServers);

/** A Chinese VIN (world manufacturer code L…) with its check digit set right. */
const vin = (body17: string) => `${body17.slice(0, 8)}${vinCheckDigit(body17)}${body17.slice(9)}`;
const VIN_A = vin('LSVAU2180N2183294');
const VIN_B = vin('LFV2A21K5D4012345');
const WRONG_CHECK = `${VIN_A.slice(0, 8)}${VIN_A[8] === '1' ? '2' : '1'}${VIN_A.slice(9)}`;

const WIRED = '868120300000001';
const WIRELESS = '868120300000002';
const SPARE = '868120300000003';
const ON_PERSON = '868120300000004';
const THEIRS = '868120300000009';

type Page = { rows: VehicleRow[]; total: number };

/** Vehicle/… (function 38): add, modify, remove, get, list, bind devices, export. */
describe.each(dbTargets())('vehicles on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token: string;
  let noVehicles: string;
  let noExport: string;
  let hold: { id: number; path: string };
  let child: { id: number; path: string };
  let other: { id: number; path: string };
  let theirVehicle: number;

  const call = <T = unknown>(path: string, body: object, as = token, lang?: string) =>
    t.call<T>('POST', path, { token: as, body, ...(lang ? { lang } : {}) });
  const list = async (body: object = {}) =>
    (await call<Page>('Vehicle/GetVehicleList', { PageIndex: 1, PageSize: 50, ...body })).data;

  beforeAll(async () => {
    t = await startTestApp(target);
    hold = await t.buildHold('Fleet');
    child = await t.buildHold('Fleet east', hold);
    other = await t.buildHold('Rival');
    token = (await t.buildUser(hold, [Fn.vehicleManage, Fn.deviceManage, Fn.export])).token;
    noVehicles = (await t.buildUser(hold, [Fn.deviceManage, Fn.export])).token;
    noExport = (await t.buildUser(hold, [Fn.vehicleManage])).token;
    const theirs = (await t.buildUser(other, [Fn.vehicleManage, Fn.deviceManage])).token;
    for (const DeviceID of [WIRED, WIRELESS, SPARE, ON_PERSON])
      expect((await call('Device/AddDevice', { DeviceID, Protocol: 'gt06', HoldID: hold.id })).code).toBe(200);
    await call('Device/ModifyDevice', { DeviceID: WIRELESS, TrackerType: 'wireless' });
    await call('Device/AddDevice', { DeviceID: THEIRS, Protocol: 'gt06', HoldID: other.id }, theirs);
    const added = await call<{ VehicleID: number }>(
      'Vehicle/AddVehicle',
      { HoldID: other.id, Plate: '沪Z99999', DeviceIDs: [THEIRS] },
      theirs,
    );
    expect(added.code).toBe(200);
    theirVehicle = added.data.VehicleID;
    // A person tracker: the devices helper's device_objects row.
    const [person] = await t.database.db.select().from(devices).where(eq(devices.deviceId, ON_PERSON));
    await t.database.db.update(devices).set({ objectType: ObjectType.Person }).where(eq(devices.id, person!.id));
    await t.database.db.insert(deviceObjects).values({ devicePk: person!.id, kind: ObjectType.Person, name: '李四' });
  });
  afterAll(() => t.close());

  let vehicleId: number;

  it('adds a vehicle with every field and two devices, and reads it back in the user’s zone and fen', async () => {
    const r = await call<{ VehicleID: number }>('Vehicle/AddVehicle', {
      HoldID: child.id,
      Plate: '浙A12345',
      OwnerName: '张三',
      Brand: '大众',
      VehicleType: '轿车',
      Colour: '白',
      VIN: VIN_A.toLowerCase(),
      EngineNo: 'EA211-778899',
      StoreName: '杭州一店',
      StorePhone: '0571-88888888',
      WorkOrderNo: 'WO-2026-001',
      InstallTime: '2026-11-20 09:30:00',
      Cost: 12345,
      HomeAddress: '杭州市西湖区',
      HomeLat: 30.25,
      HomeLng: 120.15,
      CompanyAddress: '杭州市滨江区',
      CompanyLat: 30.2,
      CompanyLng: 120.2,
      Province: '浙江',
      VehicleLifeStatus: 1,
      Tag: '贷款',
      Remark: 'first',
      DeviceIDs: [WIRED, WIRELESS],
    });
    expect(r.code, r.msg).toBe(200);
    vehicleId = r.data.VehicleID;
    const got = await call<VehicleRow>('Vehicle/GetVehicle', { VehicleID: vehicleId });
    expect(got.data).toMatchObject({
      VehicleID: vehicleId,
      HoldID: child.id,
      HoldName: 'Fleet east',
      Plate: '浙A12345',
      VIN: VIN_A,
      InstallTime: '2026-11-20 09:30:00',
      Cost: 12345,
      HomeLat: 30.25,
      HomeLng: 120.15,
      Province: '浙江',
      VehicleLifeStatus: 1,
      Tag: '贷款',
      DeviceIDs: [WIRED, WIRELESS],
      Devices: [
        { DeviceID: WIRED, TrackerType: 'wired', Online: false },
        { DeviceID: WIRELESS, TrackerType: 'wireless', Online: false },
      ],
    });
    // Stored in UTC: 09:30 in Shanghai.
    const { rows } = await t.database.pool.query('SELECT install_time FROM vehicles WHERE id = $1', [vehicleId]);
    expect((rows[0].install_time as Date).toISOString()).toBe('2026-11-20T01:30:00.000Z');
    const logs = await t.database.db.select().from(operationLogs).where(eq(operationLogs.action, 'addVehicle'));
    expect(logs.map((l) => l.detail)).toContainEqual(expect.stringContaining('浙A12345'));
  });

  it('finds it by a part of the plate, VIN, owner or a bound device, in any case, and filters', async () => {
    // Three characters or more go through the trigram indexes, shorter ones through one scan; a keyword that
    // cannot be in a VIN or device ID (Chinese) skips those fields.
    for (const Keyword of ['a123', '浙A1', 'a1', VIN_A.slice(3, 12).toLowerCase(), '张', WIRELESS.slice(5), '02']) {
      const page = await list({ Keyword });
      expect({ Keyword, plates: page.rows.map((r) => r.Plate) }).toEqual({ Keyword, plates: ['浙A12345'] });
    }
    expect((await list({ Keyword: 'nothing-like-it' })).total).toBe(0);
    expect((await list({ Keyword: THEIRS })).total).toBe(0);
    expect((await list({ VehicleLifeStatus: 2 })).total).toBe(0);
    expect((await list({ VehicleLifeStatus: 1, Province: '浙江', Tag: '贷款' })).total).toBe(1);
    expect((await list({ HoldID: child.id })).total).toBe(1);
    const row = (await list()).rows[0]!;
    expect(row).toMatchObject({ HoldName: 'Fleet east', VehicleLifeStatus: 1, DeviceIDs: [WIRED, WIRELESS] });
  });

  it('sorts by every listed column both ways, and pages', async () => {
    await call('Vehicle/AddVehicle', { HoldID: hold.id, Plate: '浙B00001', Cost: 1, OwnerName: '王五' });
    await call('Vehicle/AddVehicle', { HoldID: hold.id, Plate: '浙C00001', Cost: 99999 });
    const plates = async (SortColumn: string, SortType: string) =>
      (await list({ SortColumn, SortType })).rows.map((r) => r.Plate);
    expect(await plates('Plate', 'asc')).toEqual(['浙A12345', '浙B00001', '浙C00001']);
    expect(await plates('Plate', 'desc')).toEqual(['浙C00001', '浙B00001', '浙A12345']);
    expect(await plates('Cost', 'desc')).toEqual(['浙C00001', '浙A12345', '浙B00001']);
    // By unit name ('Fleet' before 'Fleet east'), each unit's vehicles newest first, and paged across units.
    expect(await plates('HoldName', 'asc')).toEqual(['浙C00001', '浙B00001', '浙A12345']);
    expect(await plates('HoldName', 'desc')).toEqual(['浙A12345', '浙C00001', '浙B00001']);
    const byUnit = async (PageIndex: number, SortType: string) =>
      (await call<Page>('Vehicle/GetVehicleList', { PageIndex, PageSize: 2, SortColumn: 'HoldName', SortType })).data;
    expect(await byUnit(2, 'asc')).toMatchObject({ total: 3, rows: [{ Plate: '浙A12345' }] });
    expect((await byUnit(1, 'desc')).rows.map((r) => r.Plate)).toEqual(['浙A12345', '浙C00001']);
    expect((await list({ SortColumn: 'HoldName', Keyword: '浙B' })).rows.map((r) => r.Plate)).toEqual(['浙B00001']);
    // A vehicle without an install time comes last either way.
    expect((await plates('InstallTime', 'desc'))[0]).toBe('浙A12345');
    expect((await plates('InstallTime', 'asc'))[0]).toBe('浙A12345');
    const second = await call<Page>('Vehicle/GetVehicleList', {
      PageIndex: 2,
      PageSize: 1,
      SortColumn: 'Plate',
      SortType: 'asc',
    });
    expect(second.data).toMatchObject({ total: 3, rows: [{ Plate: '浙B00001' }] });
  });

  it('refuses a missing plate, a bad VIN and half a point with a 400 naming the field', async () => {
    const cases: [object, string][] = [
      [{ HoldID: hold.id }, 'Plate'],
      [{ HoldID: hold.id, Plate: '' }, 'Plate'],
      [{ HoldID: hold.id, Plate: 'x', VIN: 'ABC' }, 'VIN'],
      [{ HoldID: hold.id, Plate: 'x', VIN: 'LSVAU2180N21832I4' }, 'VIN'],
      [{ HoldID: hold.id, Plate: 'x', VIN: WRONG_CHECK }, 'VIN'],
      [{ HoldID: hold.id, Plate: 'x', HomeLat: 30 }, 'HomeLng'],
      [{ HoldID: hold.id, Plate: 'x', CompanyLat: 91, CompanyLng: 120 }, 'CompanyLat'],
      [{ HoldID: hold.id, Plate: 'x', Cost: 1.5 }, 'Cost'],
      [{ HoldID: hold.id, Plate: 'x', InstallTime: '2026-02-30 10:00:00' }, 'InstallTime'],
      [{ HoldID: hold.id, Plate: 'x', VehicleLifeStatus: 9 }, 'VehicleLifeStatus'],
    ];
    for (const [body, field] of cases) {
      const r = await call('Vehicle/AddVehicle', body, token, 'en');
      expect({ body, code: r.code, named: r.msg.includes(field) }).toEqual({ body, code: 400, named: true });
    }
    const checkDigit = await call('Vehicle/AddVehicle', { HoldID: hold.id, Plate: 'x', VIN: WRONG_CHECK }, token, 'en');
    expect(checkDigit.msg).toBe('The VIN check digit (9th character) is wrong: VIN');
    expect((await list({ Keyword: 'x' })).rows.filter((r) => r.Plate === 'x')).toEqual([]);
  });

  it('keeps VINs unique, naming the unit only to a caller who may see it', async () => {
    const mine = await call('Vehicle/AddVehicle', { HoldID: hold.id, Plate: 'dup', VIN: VIN_A }, token, 'en');
    expect(mine).toMatchObject({ code: 400, errCode: ErrCode.Conflict });
    expect(mine.msg).toBe('This VIN is already registered in the unit: Fleet east (VIN)');
    const rival = (await t.buildUser(other, [Fn.vehicleManage])).token;
    const theirs = await call('Vehicle/AddVehicle', { HoldID: other.id, Plate: 'dup', VIN: VIN_A }, rival, 'en');
    expect(theirs).toMatchObject({ code: 400, errCode: ErrCode.Conflict, msg: 'This VIN is already registered: VIN' });
    // The vehicle keeps its own VIN on a change; another vehicle's is refused.
    expect((await call('Vehicle/ModifyVehicle', { VehicleID: vehicleId, VIN: VIN_A })).code).toBe(200);
    const b = (await list({ Keyword: '浙B00001' })).rows[0]!;
    const taken = await call('Vehicle/ModifyVehicle', { VehicleID: b.VehicleID, VIN: VIN_A });
    expect(taken.errCode).toBe(ErrCode.Conflict);
    expect((await call('Vehicle/ModifyVehicle', { VehicleID: b.VehicleID, VIN: VIN_B })).code).toBe(200);
  });

  it('modifies only the fields given, clears with null, and keeps the devices without DeviceIDs', async () => {
    const ok = await call('Vehicle/ModifyVehicle', {
      VehicleID: vehicleId,
      OwnerName: '张三丰',
      InstallTime: null,
      HomeLat: null,
      HomeLng: null,
      VehicleLifeStatus: 2,
    });
    expect(ok.code, ok.msg).toBe(200);
    const got = (await call<VehicleRow>('Vehicle/GetVehicle', { VehicleID: vehicleId })).data;
    expect(got).toMatchObject({
      Plate: '浙A12345',
      OwnerName: '张三丰',
      InstallTime: null,
      HomeLat: null,
      HomeLng: null,
      CompanyLat: 30.2,
      VehicleLifeStatus: 2,
      Cost: 12345,
      DeviceIDs: [WIRED, WIRELESS],
    });
  });

  it('binds exactly the devices given; one on another object is refused with where it is, then moved with Force', async () => {
    const b = (await list({ Keyword: '浙B00001' })).rows[0]!;
    // WIRED is on 浙A12345: the caller sees that vehicle, so its plate is named.
    const refused = await call(
      'Vehicle/BindDevices',
      { VehicleID: b.VehicleID, DeviceIDs: [WIRED, SPARE] },
      token,
      'en',
    );
    expect(refused).toMatchObject({ code: 400, errCode: ErrCode.Conflict });
    expect(refused.msg).toContain(`${WIRED} → vehicle 浙A12345`);
    expect(refused.msg).not.toContain(SPARE);
    const person = await call('Vehicle/BindDevices', { VehicleID: b.VehicleID, DeviceIDs: [ON_PERSON] }, token, 'en');
    expect(person.msg).toContain(`${ON_PERSON} → person 李四`);
    // Nothing changed.
    expect((await call<VehicleRow>('Vehicle/GetVehicle', { VehicleID: b.VehicleID })).data.DeviceIDs).toEqual([]);

    const forced = await call('Vehicle/BindDevices', {
      VehicleID: b.VehicleID,
      DeviceIDs: [WIRED, SPARE, ON_PERSON],
      Force: true,
    });
    expect(forced.code, forced.msg).toBe(200);
    expect((await call<VehicleRow>('Vehicle/GetVehicle', { VehicleID: b.VehicleID })).data.DeviceIDs).toEqual([
      WIRED,
      SPARE,
      ON_PERSON,
    ]);
    expect((await call<VehicleRow>('Vehicle/GetVehicle', { VehicleID: vehicleId })).data.DeviceIDs).toEqual([WIRELESS]);
    const pks = await t.database.db.select().from(devices).where(eq(devices.deviceId, ON_PERSON));
    expect(pks[0]!.objectType).toBe(ObjectType.Vehicle);
    expect(
      await t.database.db
        .select()
        .from(deviceObjects)
        .where(inArray(deviceObjects.devicePk, [pks[0]!.id])),
    ).toEqual([]);

    // The full set afterwards: an empty list unbinds them all.
    expect((await call('Vehicle/BindDevices', { VehicleID: b.VehicleID, DeviceIDs: [SPARE] })).code).toBe(200);
    expect((await call<VehicleRow>('Vehicle/GetVehicle', { VehicleID: b.VehicleID })).data.DeviceIDs).toEqual([SPARE]);
    const logs = await t.database.db.select().from(operationLogs).where(eq(operationLogs.action, 'bindVehicleDevices'));
    // Two bindings were made; the refused ones changed nothing and logged nothing.
    expect(logs.length).toBe(2);
  });

  it('removes a vehicle and leaves its devices unbound', async () => {
    const c = (await list({ Keyword: '浙C00001' })).rows[0]!;
    await call('Vehicle/BindDevices', { VehicleID: c.VehicleID, DeviceIDs: [WIRED] });
    expect((await call('Vehicle/RemoveVehicle', { VehicleID: c.VehicleID })).code).toBe(200);
    expect((await call('Vehicle/GetVehicle', { VehicleID: c.VehicleID })).errCode).toBe(ErrCode.OutsideHold);
    const [d] = await t.database.db.select().from(devices).where(eq(devices.deviceId, WIRED));
    expect(d?.vehicleId).toBeNull();
    const logs = await t.database.db.select().from(operationLogs).where(eq(operationLogs.action, 'removeVehicle'));
    expect(logs.length).toBe(1);
  });

  it('refuses every call without vehicle management (38), and the export without export (44)', async () => {
    for (const [path, body] of [
      ['Vehicle/GetVehicleList', { PageIndex: 1, PageSize: 10 }],
      ['Vehicle/GetVehicle', { VehicleID: vehicleId }],
      ['Vehicle/AddVehicle', { HoldID: hold.id, Plate: 'nope' }],
      ['Vehicle/ModifyVehicle', { VehicleID: vehicleId, Plate: 'nope' }],
      ['Vehicle/RemoveVehicle', { VehicleID: vehicleId }],
      ['Vehicle/BindDevices', { VehicleID: vehicleId, DeviceIDs: [] }],
      ['Vehicle/ExportVehicles', {}],
    ] as const) {
      const r = await call(path, body, noVehicles);
      expect({ path, code: r.code, errCode: r.errCode }).toEqual({ path, code: 403, errCode: ErrCode.NoFunction });
    }
    expect((await call('Vehicle/ExportVehicles', {}, noExport)).code).toBe(403);
    const started = await call<{ FileID: number }>('Vehicle/ExportVehicles', { Keyword: '浙', SortColumn: 'Plate' });
    expect(started.code, started.msg).toBe(200);
    expect(started.data.FileID).toBeGreaterThan(0);
  });

  it("refuses another hold's ids exactly as missing ones", async () => {
    await expectRefusedLikeMissing(
      (path, body) => call(path, body),
      [
        ['Vehicle/GetVehicle', { VehicleID: theirVehicle }, { VehicleID: 999_999 }],
        ['Vehicle/ModifyVehicle', { VehicleID: theirVehicle, Plate: 'taken' }, { VehicleID: 999_999, Plate: 'taken' }],
        ['Vehicle/RemoveVehicle', { VehicleID: theirVehicle }, { VehicleID: 999_999 }],
        ['Vehicle/BindDevices', { VehicleID: theirVehicle, DeviceIDs: [] }, { VehicleID: 999_999, DeviceIDs: [] }],
        [
          'Vehicle/BindDevices',
          { VehicleID: vehicleId, DeviceIDs: [THEIRS], Force: true },
          { VehicleID: vehicleId, DeviceIDs: ['869999999999999'], Force: true },
        ],
        [
          'Vehicle/AddVehicle',
          { HoldID: hold.id, Plate: 'y', DeviceIDs: [THEIRS] },
          { HoldID: hold.id, Plate: 'y', DeviceIDs: ['869999999999999'] },
        ],
        ['Vehicle/AddVehicle', { HoldID: other.id, Plate: 'y' }, { HoldID: 999_999, Plate: 'y' }],
        [
          'Vehicle/GetVehicleList',
          { PageIndex: 1, PageSize: 10, HoldID: other.id },
          { PageIndex: 1, PageSize: 10, HoldID: 999_999 },
        ],
        ['Vehicle/ExportVehicles', { HoldID: other.id }, { HoldID: 999_999 }],
      ],
    );
    // Nothing of theirs changed, and none of it is listed.
    const [d] = await t.database.db.select().from(devices).where(eq(devices.deviceId, THEIRS));
    expect(d?.vehicleId).toBe(theirVehicle);
    expect((await list()).rows.map((r) => r.Plate)).not.toContain('沪Z99999');
    expect((await list({ Keyword: 'y' })).rows.filter((r) => r.Plate === 'y')).toEqual([]);
  });
});
