import type { MoveResult } from '@lodestar/contract/moves';
import { deviceObjects, devices, operationLogs, simHistory, sims, vehicles } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn, LIMITS, ObjectType } from '@lodestar/domain';
import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { expectRefusedLikeMissing } from '../../test/refused.ts';
import { buildCatalogue, type Catalogue, iccid, insertSims } from '../sims/test-fixtures.ts';

afterAll(stopTestServers);

type Hold = { id: number; path: string };
let seq = 0;
const nextId = () => `86910000${String(++seq).padStart(7, '0')}`;

describe.each(dbTargets())('Device/MoveDevices and Vehicle/MoveVehicles on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token: string;
  let cat: Catalogue;
  // provider (the caller) ⊃ a, b; outside is a sibling of the provider the caller cannot see.
  let provider: Hold;
  let a: Hold;
  let b: Hold;
  let outside: Hold;

  const move = (path: 'Device/MoveDevices' | 'Vehicle/MoveVehicles', body: object, as = token) =>
    t.call<MoveResult>('POST', path, { token: as, body, lang: 'en' });

  const addVehicle = async (hold: Hold, plate: string) => {
    const [v] = await t.database.db.insert(vehicles).values({ holdId: hold.id, plate }).returning();
    return v!;
  };
  const addDevice = async (hold: Hold, extra: Partial<typeof devices.$inferInsert> = {}) => {
    const [d] = await t.database.db
      .insert(devices)
      .values({ deviceId: nextId(), protocol: 'gt06', holdId: hold.id, ...extra })
      .returning();
    return d!;
  };
  const holdsOf = async (ids: string[]) => {
    const rows = await t.database.db
      .select({ deviceId: devices.deviceId, holdId: devices.holdId, vehicleId: devices.vehicleId })
      .from(devices)
      .where(inArray(devices.deviceId, ids))
      .orderBy(asc(devices.id));
    return rows.map((r) => [r.deviceId, r.holdId, r.vehicleId]);
  };
  const simHolds = async (ids: number[]) =>
    (await t.database.db.select().from(sims).where(inArray(sims.id, ids)).orderBy(asc(sims.id))).map((s) => s.holdId);

  beforeAll(async () => {
    t = await startTestApp(target);
    provider = await t.buildHold('Provider');
    a = await t.buildHold('Unit A', provider);
    b = await t.buildHold('Unit B', provider);
    outside = await t.buildHold('Outside');
    token = (await t.buildUser(provider, [Fn.deviceManage, Fn.vehicleManage])).token;
    cat = await buildCatalogue(t, provider);
  });
  afterAll(() => t.close());

  it("previews a vehicle's move: its devices and their SIMs come along, nothing changes", async () => {
    const car = await addVehicle(a, '粤B12345');
    const [simByNumber, simByIccid] = await insertSims(t, cat, a.id, [
      { iccid: iccid(1), msisdn: '1440000000001' },
      { iccid: iccid(2), msisdn: '1440000000002' },
    ]);
    const wired = await addDevice(a, { vehicleId: car.id, sim: '1440000000001', name: 'wired' });
    const wireless = await addDevice(a, { vehicleId: car.id, sim: iccid(2), trackerType: 2 });
    const r = await move('Vehicle/MoveVehicles', { VehicleIDs: [car.id], HoldID: b.id, DryRun: true });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toEqual({
      HoldID: b.id,
      HoldName: 'Unit B',
      DryRun: true,
      Vehicles: [{ VehicleID: car.id, Plate: '粤B12345', FromHoldID: a.id, FromHoldName: 'Unit A' }],
      Devices: [wired, wireless].map((d) => ({
        DeviceID: d.deviceId,
        DeviceName: d.name,
        FromHoldID: a.id,
        FromHoldName: 'Unit A',
        ObjectType: 'vehicle',
        ObjectName: '粤B12345',
        Along: true,
        Unbound: false,
      })),
      Sims: [
        { SimID: simByNumber!.id, ICCID: iccid(1), MSISDN: '1440000000001', DeviceID: wired.deviceId },
        { SimID: simByIccid!.id, ICCID: iccid(2), MSISDN: '1440000000002', DeviceID: wireless.deviceId },
      ].map((s) => ({ ...s, FromHoldID: a.id, FromHoldName: 'Unit A' })),
      AlreadyThere: 0,
    });
    expect(await holdsOf([wired.deviceId, wireless.deviceId])).toEqual([
      [wired.deviceId, a.id, car.id],
      [wireless.deviceId, a.id, car.id],
    ]);
    expect(await simHolds([simByNumber!.id, simByIccid!.id])).toEqual([a.id, a.id]);
  });

  it('moves vehicles with their devices and SIMs in one go, logged, and the live side reads the new unit', async () => {
    const car = await addVehicle(a, '粤B54321');
    const [card] = await insertSims(t, cat, a.id, [{ iccid: iccid(3), msisdn: '1440000000003' }]);
    const one = await addDevice(a, { vehicleId: car.id, sim: '1440000000003' });
    const two = await addDevice(a, { vehicleId: car.id });
    // The ingest cache holds the device's hold path, which decides who sees it live.
    expect((await t.ingest.cache.resolve([one.deviceId])).get(one.deviceId)?.holdPath).toBe(a.path);
    const r = await move('Vehicle/MoveVehicles', { VehicleIDs: [car.id, car.id], HoldID: b.id });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ DryRun: false, Vehicles: [{ VehicleID: car.id }], AlreadyThere: 0 });
    expect(r.data.Devices.map((d) => d.DeviceID)).toEqual([one.deviceId, two.deviceId]);
    expect(await holdsOf([one.deviceId, two.deviceId])).toEqual([
      [one.deviceId, b.id, car.id],
      [two.deviceId, b.id, car.id],
    ]);
    const [moved] = await t.database.db
      .select()
      .from(vehicles)
      .where(inArray(vehicles.id, [car.id]));
    expect(moved?.holdId).toBe(b.id);
    expect(await simHolds([card!.id])).toEqual([b.id]);
    expect((await t.ingest.cache.resolve([one.deviceId])).get(one.deviceId)?.holdPath).toBe(b.path);
    const history = await t.database.db
      .select()
      .from(simHistory)
      .where(inArray(simHistory.simId, [card!.id]));
    expect(history).toMatchObject([
      { action: 'move', detail: { holdId: [a.id, b.id], holdName: ['Unit A', 'Unit B'], deviceId: one.deviceId } },
    ]);
    const log = await t.database.db
      .select({ action: operationLogs.action, detail: operationLogs.detail })
      .from(operationLogs)
      .where(inArray(operationLogs.action, ['moveVehicle', 'moveDevice', 'moveSim']))
      .orderBy(asc(operationLogs.id));
    expect(log).toEqual([
      { action: 'moveVehicle', detail: '粤B54321: Unit A → Unit B' },
      { action: 'moveDevice', detail: `${one.deviceId}: Unit A → Unit B` },
      { action: 'moveDevice', detail: `${two.deviceId}: Unit A → Unit B` },
      { action: 'moveSim', detail: `${iccid(3)} (${one.deviceId}): Unit A → Unit B` },
    ]);
    // Moving it again changes nothing: it is already there.
    const again = await move('Vehicle/MoveVehicles', { VehicleIDs: [car.id], HoldID: b.id });
    expect(again.data).toMatchObject({ Vehicles: [], Devices: [], Sims: [], AlreadyThere: 1 });
  });

  it("moves devices alone: off a vehicle that stays, a person's row goes with its device", async () => {
    const car = await addVehicle(a, '粤B77777');
    const onCar = await addDevice(a, { vehicleId: car.id });
    const staysOnCar = await addDevice(a, { vehicleId: car.id });
    const tracker = await addDevice(a, { objectType: ObjectType.Person });
    await t.database.db.insert(deviceObjects).values({ devicePk: tracker.id, kind: ObjectType.Person, name: '张三' });
    const already = await addDevice(b);
    const ids = [onCar.deviceId, tracker.deviceId, already.deviceId];
    const preview = await move('Device/MoveDevices', { DeviceIDs: ids, HoldID: b.id, DryRun: true });
    expect(preview.code, preview.msg).toBe(200);
    expect(preview.data.Devices.map((d) => [d.DeviceID, d.ObjectType, d.ObjectName, d.Along, d.Unbound])).toEqual([
      [onCar.deviceId, 'vehicle', '粤B77777', false, true],
      [tracker.deviceId, 'person', '张三', false, false],
    ]);
    expect(preview.data.AlreadyThere).toBe(1);
    const r = await move('Device/MoveDevices', { DeviceIDs: ids, HoldID: b.id });
    expect(r.code, r.msg).toBe(200);
    expect(await holdsOf([onCar.deviceId, staysOnCar.deviceId, tracker.deviceId])).toEqual([
      [onCar.deviceId, b.id, null],
      [staysOnCar.deviceId, a.id, car.id],
      [tracker.deviceId, b.id, null],
    ]);
    const [person] = await t.database.db
      .select()
      .from(deviceObjects)
      .where(inArray(deviceObjects.devicePk, [tracker.id]));
    expect(person?.name).toBe('张三');
  });

  it('keeps a device on its vehicle when the vehicle is already in the unit', async () => {
    const car = await addVehicle(b, '粤B88888');
    const strayed = await addDevice(a, { vehicleId: car.id });
    const r = await move('Device/MoveDevices', { DeviceIDs: [strayed.deviceId], HoldID: b.id });
    expect(r.data.Devices).toMatchObject([{ Unbound: false }]);
    expect(await holdsOf([strayed.deviceId])).toEqual([[strayed.deviceId, b.id, car.id]]);
  });

  it('finds a JT/T 808 terminal typed with its label’s zeros', async () => {
    const terminal = await addDevice(a, { deviceId: '13912345678', protocol: 'jt808' });
    const r = await move('Device/MoveDevices', { DeviceIDs: ['013912345678', '13912345678'], HoldID: b.id });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.Devices.map((d) => d.DeviceID)).toEqual(['13912345678']);
    expect(await holdsOf([terminal.deviceId])).toEqual([[terminal.deviceId, b.id, null]]);
  });

  it('refuses a unit the caller cannot see like a missing one, and moves nothing', async () => {
    const d = await addDevice(a);
    const car = await addVehicle(a, '粤B00001');
    await expectRefusedLikeMissing(
      (path, body) => move(path as 'Device/MoveDevices', body),
      [
        [
          'Device/MoveDevices',
          { DeviceIDs: [d.deviceId], HoldID: outside.id },
          { DeviceIDs: [d.deviceId], HoldID: 999_999 },
        ],
        [
          'Vehicle/MoveVehicles',
          { VehicleIDs: [car.id], HoldID: outside.id },
          { VehicleIDs: [car.id], HoldID: 999_999 },
        ],
      ],
    );
    expect(await holdsOf([d.deviceId])).toEqual([[d.deviceId, a.id, null]]);
  });

  it("refuses another hold's devices and vehicles like missing ones, and moves none of the rest", async () => {
    const mine = await addDevice(a);
    const theirs = await addDevice(outside);
    const myCar = await addVehicle(a, '粤B00002');
    const theirCar = await addVehicle(outside, '粤B00003');
    await expectRefusedLikeMissing(
      (path, body) => move(path as 'Device/MoveDevices', body),
      [
        [
          'Device/MoveDevices',
          { DeviceIDs: [mine.deviceId, theirs.deviceId], HoldID: b.id },
          { DeviceIDs: [mine.deviceId, '869999999999999'], HoldID: b.id },
        ],
        [
          'Vehicle/MoveVehicles',
          { VehicleIDs: [myCar.id, theirCar.id], HoldID: b.id },
          { VehicleIDs: [myCar.id, 999_999], HoldID: b.id },
        ],
      ],
    );
    expect(await holdsOf([mine.deviceId, theirs.deviceId])).toEqual([
      [mine.deviceId, a.id, null],
      [theirs.deviceId, outside.id, null],
    ]);
    const cars = await t.database.db
      .select()
      .from(vehicles)
      .where(inArray(vehicles.id, [myCar.id, theirCar.id]));
    expect(cars.map((c) => c.holdId).sort()).toEqual([a.id, outside.id].sort());
  });

  it("refuses to move a vehicle whose bound device is another hold's", async () => {
    const car = await addVehicle(a, '粤B00004');
    const hidden = await addDevice(outside, { vehicleId: car.id });
    const r = await move('Vehicle/MoveVehicles', { VehicleIDs: [car.id], HoldID: b.id });
    expect({ code: r.code, errCode: r.errCode }).toEqual({ code: 403, errCode: ErrCode.OutsideHold });
    expect(await holdsOf([hidden.deviceId])).toEqual([[hidden.deviceId, outside.id, car.id]]);
  });

  it('leaves SIMs the caller cannot see where they are', async () => {
    const outsideCat = await buildCatalogue(t, outside, ' outside');
    const [hiddenSim] = await insertSims(t, outsideCat, outside.id, [{ iccid: iccid(9), msisdn: '1440000000009' }]);
    const d = await addDevice(a, { sim: '1440000000009' });
    const r = await move('Device/MoveDevices', { DeviceIDs: [d.deviceId], HoldID: b.id });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.Sims).toEqual([]);
    expect(await simHolds([hiddenSim!.id])).toEqual([outside.id]);
  });

  it('answers 403 without the function of the call', async () => {
    const d = await addDevice(a);
    const car = await addVehicle(a, '粤B00005');
    const devicesOnly = (await t.buildUser(provider, [Fn.deviceManage])).token;
    const vehiclesOnly = (await t.buildUser(provider, [Fn.vehicleManage])).token;
    const r1 = await move('Vehicle/MoveVehicles', { VehicleIDs: [car.id], HoldID: b.id }, devicesOnly);
    const r2 = await move('Device/MoveDevices', { DeviceIDs: [d.deviceId], HoldID: b.id }, vehiclesOnly);
    for (const r of [r1, r2])
      expect({ code: r.code, errCode: r.errCode }).toEqual({ code: 403, errCode: ErrCode.NoFunction });
    expect(await holdsOf([d.deviceId])).toEqual([[d.deviceId, a.id, null]]);
  });

  it('answers 400 naming the field for no ids, too many ids or a bad id', async () => {
    const tooMany = Array.from({ length: LIMITS.moveIdsMax + 1 }, (_, i) => `8692${String(i).padStart(11, '0')}`);
    const cases: [string, object, string][] = [
      ['Device/MoveDevices', { DeviceIDs: [], HoldID: b.id }, 'DeviceIDs'],
      ['Device/MoveDevices', { DeviceIDs: tooMany, HoldID: b.id }, 'DeviceIDs'],
      ['Device/MoveDevices', { DeviceIDs: ['x!'], HoldID: b.id }, 'DeviceIDs'],
      ['Device/MoveDevices', { DeviceIDs: [nextId()] }, 'HoldID'],
      ['Vehicle/MoveVehicles', { VehicleIDs: [0], HoldID: b.id }, 'VehicleIDs'],
      ['Vehicle/MoveVehicles', { VehicleIDs: [1], HoldID: b.id, DryRun: 'maybe' }, 'DryRun'],
    ];
    for (const [path, body, field] of cases) {
      const r = await move(path as 'Device/MoveDevices', body);
      expect({ path, field, code: r.code, named: r.msg.includes(field) }).toEqual({
        path,
        field,
        code: 400,
        named: true,
      });
    }
  });
});
