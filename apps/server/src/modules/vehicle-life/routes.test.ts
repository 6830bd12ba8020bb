import { vehicles } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn, VehicleLifeStatus } from '@lodestar/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { expectRefusedLikeMissing } from '../../test/refused.ts';

afterAll(stopTestServers);

const BOUND = '860000000000021';
const BARE = '860000000000022';
const THEIRS = '860000000000029';

type Row = { DeviceID: string; Plate: string | null; VehicleLifeStatus: number | null };

/** Vehicle/SetLifeStatus (policy management, 163) and VehicleLifeStatus on the monitor rows. */
describe.each(dbTargets())('vehicle life status on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token: string;
  let noPolicy: string;
  let vehicleId: number;

  beforeAll(async () => {
    t = await startTestApp(target);
    const hold = await t.buildHold('Lender');
    const other = await t.buildHold('Other lender');
    token = (await t.buildUser(hold, [Fn.deviceManage, Fn.onlineMonitor, Fn.policyManage])).token;
    noPolicy = (await t.buildUser(hold, [Fn.deviceManage, Fn.onlineMonitor, Fn.vehicleManage])).token;
    const theirs = (await t.buildUser(other, [Fn.deviceManage])).token;
    for (const DeviceID of [BOUND, BARE])
      await t.call('POST', 'Device/AddDevice', { token, body: { DeviceID, Protocol: 'gt06', HoldID: hold.id } });
    await t.call('POST', 'Device/AddDevice', {
      token: theirs,
      body: { DeviceID: THEIRS, Protocol: 'gt06', HoldID: other.id },
    });
    const bind = async (deviceId: string, v: typeof vehicles.$inferInsert) => {
      const [row] = await t.database.db.insert(vehicles).values(v).returning();
      await t.database.pool.query('UPDATE devices SET vehicle_id = $1 WHERE device_id = $2', [row!.id, deviceId]);
      return row!.id;
    };
    vehicleId = await bind(BOUND, { holdId: hold.id, plate: '浙A12345', ownerName: '张三', lifeStatus: 1 });
    // Our device on another hold's vehicle: that vehicle is not ours to show or change.
    await bind(BARE, { holdId: other.id, plate: 'X-1', lifeStatus: VehicleLifeStatus.Overdue });
    await bind(THEIRS, { holdId: other.id, plate: 'X-2', lifeStatus: VehicleLifeStatus.Overdue });
  });
  afterAll(() => t.close());

  const rows = async () =>
    (await t.call<{ rows: Row[] }>('POST', 'Monitor/GetMonitorList', { token, body: {} })).data.rows;

  it('carries the bound vehicle’s plate and VehicleLifeStatus on the monitor rows, of the caller’s subtree only', async () => {
    expect(
      (await rows()).map(({ DeviceID, Plate, VehicleLifeStatus }) => ({ DeviceID, Plate, VehicleLifeStatus })),
    ).toEqual([
      { DeviceID: BOUND, Plate: '浙A12345', VehicleLifeStatus: 1 },
      { DeviceID: BARE, Plate: null, VehicleLifeStatus: null },
    ]);
  });

  it('refuses the change without policy management (163)', async () => {
    const r = await t.call('POST', 'Vehicle/SetLifeStatus', {
      token: noPolicy,
      body: { DeviceID: BOUND, VehicleLifeStatus: VehicleLifeStatus.Overdue },
    });
    expect({ code: r.code, errCode: r.errCode }).toEqual({ code: 403, errCode: ErrCode.NoFunction });
    const [v] = await t.database.db.select().from(vehicles).where(eq(vehicles.id, vehicleId));
    expect(v?.lifeStatus).toBe(1);
  });

  it("refuses another hold's device exactly as a missing one", async () => {
    await expectRefusedLikeMissing(
      (path, body) => t.call('POST', path, { token, body }),
      [
        [
          'Vehicle/SetLifeStatus',
          { DeviceID: THEIRS, VehicleLifeStatus: 4 },
          { DeviceID: '869999999999999', VehicleLifeStatus: 4 },
        ],
      ],
    );
    const theirs = await t.database.db.select().from(vehicles).where(eq(vehicles.plate, 'X-2'));
    expect(theirs[0]?.lifeStatus).toBe(VehicleLifeStatus.Overdue);
  });

  it('changes the life status, stores and logs it, and the monitor row shows it', async () => {
    const r = await t.call<Row & { OwnerName: string }>('POST', 'Vehicle/SetLifeStatus', {
      token,
      body: { DeviceID: BOUND, VehicleLifeStatus: VehicleLifeStatus.Repossessed },
    });
    expect(r.code).toBe(200);
    expect(r.data).toEqual({ DeviceID: BOUND, Plate: '浙A12345', OwnerName: '张三', VehicleLifeStatus: 3 });
    const [v] = await t.database.db.select().from(vehicles).where(eq(vehicles.id, vehicleId));
    expect(v?.lifeStatus).toBe(VehicleLifeStatus.Repossessed);
    expect((await rows()).find((x) => x.DeviceID === BOUND)?.VehicleLifeStatus).toBe(3);
    const log = await t.database.pool.query(`SELECT detail FROM operation_logs WHERE action = 'setVehicleLifeStatus'`);
    expect(log.rows).toEqual([{ detail: `浙A12345 (${BOUND}): normal → repossessed` }]);
  });

  it('answers "no vehicle information" for a device without a vehicle of the subtree, and checks the status', async () => {
    const none = await t.call('POST', 'Vehicle/SetLifeStatus', {
      token,
      body: { DeviceID: BARE, VehicleLifeStatus: 2 },
      lang: 'en',
    });
    expect({ code: none.code, msg: none.msg }).toEqual({ code: 400, msg: `No vehicle information: ${BARE}` });
    const other = await t.database.db.select().from(vehicles).where(eq(vehicles.plate, 'X-1'));
    expect(other[0]?.lifeStatus).toBe(VehicleLifeStatus.Overdue);
    const bad = await t.call('POST', 'Vehicle/SetLifeStatus', {
      token,
      body: { DeviceID: BOUND, VehicleLifeStatus: 9 },
    });
    expect({ code: bad.code, errCode: bad.errCode }).toEqual({ code: 400, errCode: ErrCode.Validation });
  });
});
