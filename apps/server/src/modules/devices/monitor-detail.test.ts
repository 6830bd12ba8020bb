import { vehicles } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn } from '@lodestar/domain';
import { type Attributes, decodeH02 } from '@lodestar/protocols';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { expectRefusedLikeMissing } from '../../test/refused.ts';
import { positionReport } from '../../test/reports.ts';
import type { AttributeDetail } from './detail.ts';

afterAll(stopTestServers);

type Detail = AttributeDetail & { DeviceID: string; Vehicle: { Plate: string; OwnerName: string } | null };

const GT06 = '860000000000011';
const JT808 = '13900000012';
const H02 = '1400046168';
const SILENT = '860000000000014';
const B_DEVICE = '860000000000099';

const fix = (protocol: 'gt06' | 'jt808', deviceId: string, valid: boolean, attributes: Attributes) =>
  positionReport(deviceId, { protocol, valid, attributes, speedKmh: 30, course: 90 });

describe.each(dbTargets())('Monitor/GetDeviceDetail on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token: string;
  let noMonitor: string;
  let other: string;
  const detail = (DeviceID: string, as = token) =>
    t.call<Detail>('POST', 'Monitor/GetDeviceDetail', { token: as, body: { DeviceID } });

  beforeAll(async () => {
    t = await startTestApp(target);
    const fleet = await t.buildHold('Fleet');
    const holdB = await t.buildHold('Other fleet');
    token = (await t.buildUser(fleet, [Fn.deviceManage, Fn.onlineMonitor])).token;
    noMonitor = (await t.buildUser(fleet, [Fn.deviceManage])).token;
    other = (await t.buildUser(holdB, [Fn.deviceManage, Fn.onlineMonitor])).token;
    for (const [DeviceID, Protocol] of [
      [GT06, 'gt06'],
      [JT808, 'jt808'],
      [H02, 'h02'],
      [SILENT, 'gt06'],
    ])
      await t.call('POST', 'Device/AddDevice', { token, body: { DeviceID, Protocol, HoldID: fleet.id } });
    await t.call('POST', 'Device/AddDevice', {
      token: other,
      body: { DeviceID: B_DEVICE, Protocol: 'gt06', HoldID: holdB.id },
    });
    const bind = async (deviceId: string, v: typeof vehicles.$inferInsert) => {
      const [row] = await t.database.db.insert(vehicles).values(v).returning();
      await t.database.pool.query('UPDATE devices SET vehicle_id = $1 WHERE device_id = $2', [row!.id, deviceId]);
    };
    await bind(JT808, { holdId: fleet.id, plate: '沪A12345', ownerName: '张伟' });
    // Another hold's vehicle carrying this hold's device is not shown here.
    await bind(GT06, { holdId: holdB.id, plate: '浙B99999', ownerName: 'Other' });
    const nbr = decodeH02(
      Buffer.from('*HQ,1400046168,NBR,160169,460,0,1,2,9338,3692,150,9338,3691,145,180813,FFFFFBFF#', 'latin1'),
    );
    await t.ingest.writer.persist([
      fix('gt06', GT06, true, { ignition: true, mcc: 460, mnc: 0, lac: 10365, cellId: 8049 }),
      fix('jt808', JT808, true, { fuel: 45.6, tyrePressure: `232,230,176,235,${Array(26).fill(255).join(',')}` }),
      { protocol: 'h02', deviceId: H02, receivedAt: new Date(), remoteAddress: '127.0.0.1', message: nbr },
      fix('gt06', B_DEVICE, true, { mcc: 460, mnc: 0, lac: 1, cellId: 2 }),
    ]);
    await t.ingest.writer.flushStates();
  });
  afterAll(() => t.close());

  it('answers a GT06 device with its serving cell and GPS positioning, no vehicle, no oil, no tyres', async () => {
    const r = await detail(GT06);
    expect(r.code).toBe(200);
    expect(r.data).toEqual({
      DeviceID: GT06,
      Oil: null,
      Vehicle: null,
      Positioning: { Type: 'gps', Cells: [{ MCC: 460, MNC: 0, LAC: 10365, CellID: 8049 }], Wifi: [] },
      Tires: null,
    });
  });

  it('answers a JT/T 808 device with oil, its vehicle and its tyres (0xFF positions left out)', async () => {
    const r = await detail(JT808);
    expect(r.data.Oil).toBe(45.6);
    expect(r.data.Vehicle).toEqual({ Plate: '沪A12345', OwnerName: '张伟' });
    expect(r.data.Tires).toEqual([
      { Position: 1, PressureKPa: 232 },
      { Position: 2, PressureKPa: 230 },
      { Position: 3, PressureKPa: 176 },
      { Position: 4, PressureKPa: 235 },
    ]);
    expect(r.data.Positioning).toEqual({ Type: 'gps', Cells: [], Wifi: [] });
  });

  it('answers an H02 device known only by its NBR cell report with LBS positioning', async () => {
    const r = await detail(H02);
    expect(r.data.Positioning).toEqual({
      Type: 'lbs',
      Cells: [
        { MCC: 460, MNC: 0, LAC: 9338, CellID: 3692, Signal: 150 },
        { MCC: 460, MNC: 0, LAC: 9338, CellID: 3691, Signal: 145 },
      ],
      Wifi: [],
    });
  });

  it('answers a device that never reported with nothing known', async () => {
    const r = await detail(SILENT);
    expect(r.data).toEqual({
      DeviceID: SILENT,
      Oil: null,
      Vehicle: null,
      Positioning: { Type: 'lbs', Cells: [], Wifi: [] },
      Tires: null,
    });
  });

  it('needs the online monitor function', async () => {
    const r = await detail(GT06, noMonitor);
    expect({ code: r.code, errCode: r.errCode }).toEqual({ code: 403, errCode: ErrCode.NoFunction });
  });

  it("refuses another hold's device exactly as a missing one, both ways", async () => {
    const send = (path: string, body: Record<string, unknown>) => t.call('POST', path, { token, body });
    await expectRefusedLikeMissing(send, [
      ['Monitor/GetDeviceDetail', { DeviceID: B_DEVICE }, { DeviceID: '860000000000777' }],
    ]);
    const theirs = await detail(GT06, other);
    expect({ code: theirs.code, errCode: theirs.errCode }).toEqual({ code: 403, errCode: ErrCode.OutsideHold });
    expect((await detail(B_DEVICE, other)).data.Positioning.Cells).toEqual([{ MCC: 460, MNC: 0, LAC: 1, CellID: 2 }]);
  });
});
