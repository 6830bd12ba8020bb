import type { InfoImportResult } from '@lodestar/contract/imports';
import { deviceObjects, devices, operationLogs, vehicles } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn, ObjectType, ReplyCode, vinCheckDigit } from '@lodestar/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { getTemplate, headerRow, imei, insertDevice, insertVehicle, upload, xlsx } from './test-fixtures.ts';

afterAll(stopTestServers);

const GOOD_VIN = '1M8GDM9AXKP042788';
/** A Chinese VIN with its check digit computed. */
const CHINESE = 'LSVAU0335N2184526';
const CHINESE_VIN = `${CHINESE.slice(0, 8)}${vinCheckDigit(CHINESE)}${CHINESE.slice(9)}`;

describe.each(dbTargets())('Vehicle/ImportVehicles on $name PostgreSQL', (target) => {
  let t: TestApp;
  let provider: Awaited<ReturnType<TestApp['buildHold']>>;
  let fleet: Awaited<ReturnType<TestApp['buildHold']>>;
  let sibling: Awaited<ReturnType<TestApp['buildHold']>>;
  let token: string;
  let userId: number;
  const importVehicles = (body: object, lang = 'en', as = token) =>
    t.call<InfoImportResult>('POST', 'Vehicle/ImportVehicles', { token: as, body, lang });
  const byPlate = (plates: string[]) =>
    t.database.db.select().from(vehicles).where(inArray(vehicles.plate, plates)).orderBy(vehicles.plate);
  const deviceRow = async (deviceId: string) =>
    (await t.database.db.select().from(devices).where(eq(devices.deviceId, deviceId)))[0]!;

  beforeAll(async () => {
    t = await startTestApp(target);
    provider = await t.buildHold('Provider');
    fleet = await t.buildHold('Fleet A', provider);
    sibling = await t.buildHold('Other provider');
    const admin = await t.buildUser(provider, [Fn.vehicleManage]);
    token = admin.token;
    userId = admin.id;
  });
  afterAll(() => t.close());

  it('imports an uploaded sheet: every field, cost in fen, install time in the user’s zone, devices bound', async () => {
    await insertDevice(t, fleet.id, imei(1, 1));
    await insertDevice(t, provider.id, '13912345001', { protocol: 'jt808', trackerType: 2 });
    const file = await xlsx([
      [
        '车牌号',
        '车主',
        '品牌',
        '车辆类型',
        '颜色',
        '车架号',
        '发动机号',
        '门店名称',
        '门店电话',
        '工单号',
        '安装时间',
        '费用(元)',
        '家庭地址',
        '公司地址',
        '省份',
        '标签',
        '备注',
        '绑定设备号',
      ],
      [
        '粤B12345',
        '王五',
        '比亚迪',
        '轿车',
        '白',
        GOOD_VIN.toLowerCase(),
        'E123',
        '南山店',
        '0755-1234567',
        'WO-1',
        '2026-03-01 08:30',
        '1234.5',
        '深圳南山',
        '深圳福田',
        '广东',
        'VIP',
        '备注一',
        `${imei(1, 1)}，013912345001`,
      ],
      ['粤B54321', '', '', '', '', '', '', '', '', '', new Date(Date.UTC(2026, 2, 2)), '', '', '', '', '', '', ''],
    ]);
    const up = await upload(t, token, '车辆.xlsx', file);
    expect(up.code, up.msg).toBe(ReplyCode.Ok);
    const r = await importVehicles({ HoldID: fleet.id, FileID: up.data.FileID }, 'zh');
    expect(r.data).toEqual({ Total: 2, Imported: 2, Failed: 0, Errors: [] });

    const [first, second] = await byPlate(['粤B12345', '粤B54321']);
    expect(first).toMatchObject({
      holdId: fleet.id,
      ownerName: '王五',
      brand: '比亚迪',
      vehicleType: '轿车',
      colour: '白',
      vin: GOOD_VIN,
      engineNo: 'E123',
      storeName: '南山店',
      storePhone: '0755-1234567',
      workOrderNo: 'WO-1',
      cost: 123450,
      homeAddress: '深圳南山',
      companyAddress: '深圳福田',
      province: '广东',
      tag: 'VIP',
      remark: '备注一',
    });
    // The test user's zone is the default Asia/Shanghai: 08:30 there is 00:30 UTC.
    expect(first!.installTime?.toISOString()).toBe('2026-03-01T00:30:00.000Z');
    expect(second).toMatchObject({ cost: 0, vin: '' });
    expect(second!.installTime?.toISOString()).toBe('2026-03-01T16:00:00.000Z');
    expect((await deviceRow(imei(1, 1))).vehicleId).toBe(first!.id);
    expect((await deviceRow('13912345001')).vehicleId).toBe(first!.id);
    const logs = await t.database.db.select().from(operationLogs).where(eq(operationLogs.action, 'importVehicles'));
    expect(logs).toMatchObject([{ userId, holdId: fleet.id, detail: '2/2 车辆.xlsx' }]);
  });

  it('refuses the planted bad rows, writes nothing without AllowPartial, and the good rows with it', async () => {
    await insertVehicle(t, fleet.id, 'OLD-1', { vin: 'WVWZZZ1JZXW000001' });
    const onVehicle = await insertVehicle(t, fleet.id, 'OLD-2');
    await insertDevice(t, fleet.id, imei(2, 1), { vehicleId: onVehicle.id });
    const person = await insertDevice(t, fleet.id, imei(2, 2), { objectType: ObjectType.Person });
    await t.database.db.insert(deviceObjects).values({ devicePk: person.id, kind: ObjectType.Person, name: 'P' });
    await insertDevice(t, sibling.id, imei(2, 3));
    const free = await insertDevice(t, fleet.id, imei(2, 4));
    const rows = [
      { Plate: 'GOOD-1', VIN: CHINESE_VIN, DeviceIDs: imei(2, 4) }, // 1
      { Plate: '', OwnerName: 'nobody' }, // 2: missing plate
      { Plate: 'BAD-VIN', VIN: '1M8GDM9A1KP042788' }, // 3: wrong check digit
      { Plate: 'OLD-1' }, // 4: plate of a vehicle of the caller's units
      { Plate: 'DUP-VIN', VIN: 'wvwzzz1jzxw000001' }, // 5: VIN of a stored vehicle
      { Plate: 'good-1' }, // 6: repeats row 1's plate
      { Plate: 'DEV-1', DeviceIDs: `${imei(2, 1)},${imei(2, 2)},${imei(2, 3)},${imei(2, 9)}` }, // 7: four bad devices
      { Plate: 'DEV-2', DeviceIDs: imei(2, 4) }, // 8: row 1 binds it already
      { Plate: 'MONEY', Cost: '12.345', InstallTime: '2026-02-30' }, // 9
      { Plate: 'GOOD-2', Cost: '99' }, // 10
    ];
    const r = await importVehicles({ HoldID: fleet.id, Rows: rows });
    expect(r.code, r.msg).toBe(ReplyCode.Ok);
    expect(r.data).toMatchObject({ Total: 10, Imported: 0, Failed: 8 });
    expect(r.data.Errors).toEqual([
      { Row: 2, Column: 'Plate', Reason: 'Required' },
      { Row: 3, Column: 'VIN', Reason: 'Wrong check digit (position 9) in the VIN' },
      { Row: 4, Column: 'Plate', Reason: 'A vehicle of your units already has this plate' },
      { Row: 5, Column: 'VIN', Reason: 'This VIN is already another vehicle’s' },
      { Row: 6, Column: 'Plate', Reason: 'Repeats an earlier row of the file, row: 1' },
      { Row: 7, Column: 'DeviceIDs', Reason: `The device is on another vehicle: ${imei(2, 1)} → OLD-2` },
      { Row: 7, Column: 'DeviceIDs', Reason: `The device is on a person or asset: ${imei(2, 2)}` },
      { Row: 7, Column: 'DeviceIDs', Reason: `No such device in your units: ${imei(2, 3)}` },
      { Row: 7, Column: 'DeviceIDs', Reason: `No such device in your units: ${imei(2, 9)}` },
      {
        Row: 8,
        Column: 'DeviceIDs',
        Reason: `The device is bound by an earlier row of the file, row: 1 (${imei(2, 4)})`,
      },
      { Row: 9, Column: 'InstallTime', Reason: 'A time is YYYY-MM-DD or YYYY-MM-DD HH:mm:ss (years 1970–2100)' },
      { Row: 9, Column: 'Cost', Reason: 'Cost is in yuan, at most 2 decimals' },
    ]);
    expect(await byPlate(['GOOD-1', 'GOOD-2'])).toEqual([]);
    expect((await deviceRow(imei(2, 4))).vehicleId).toBeNull();

    const partial = await importVehicles({ HoldID: fleet.id, Rows: rows, AllowPartial: true });
    expect(partial.data).toMatchObject({ Total: 10, Imported: 2, Failed: 8 });
    const [g1, g2] = await byPlate(['GOOD-1', 'GOOD-2']);
    expect(g1).toMatchObject({ vin: CHINESE_VIN });
    expect(g2).toMatchObject({ cost: 9900 });
    expect((await deviceRow(imei(2, 4))).vehicleId).toBe(g1!.id);
    expect(free.vehicleId).toBeNull();
    // The sibling's device stays where it was.
    expect((await deviceRow(imei(2, 3))).vehicleId).toBeNull();
  });

  it('names the vehicle a device is on only when that vehicle is in the caller’s units', async () => {
    const theirs = await insertVehicle(t, sibling.id, 'SECRET-1');
    await insertDevice(t, fleet.id, imei(3, 1), { vehicleId: theirs.id });
    const r = await importVehicles({ HoldID: fleet.id, Rows: [{ Plate: 'NEW-3', DeviceIDs: imei(3, 1) }] });
    expect(r.data.Errors).toEqual([
      { Row: 1, Column: 'DeviceIDs', Reason: `The device is on another vehicle: ${imei(3, 1)}` },
    ]);
  });

  it('refuses another hold’s HoldID like a missing one, and callers without vehicle management', async () => {
    const other = await importVehicles({ HoldID: sibling.id, Rows: [{ Plate: 'X-1' }] });
    expect(other).toMatchObject({ code: ReplyCode.Forbidden, errCode: ErrCode.OutsideHold });
    const missing = await importVehicles({ HoldID: 999_999, Rows: [{ Plate: 'X-1' }] });
    expect(missing).toMatchObject({ code: other.code, errCode: other.errCode, msg: other.msg });
    const devicesOnly = await t.buildUser(provider, [Fn.deviceManage]);
    const r = await importVehicles({ HoldID: provider.id, Rows: [{ Plate: 'X-1' }] }, 'en', devicesOnly.token);
    expect(r).toMatchObject({ code: ReplyCode.Forbidden, errCode: ErrCode.NoFunction });
    expect(await byPlate(['X-1'])).toEqual([]);
    // Another user's upload is not the caller's: refused like another hold's id.
    const up = await upload(t, devicesOnly.token, 'v.csv', Buffer.from('Plate\nX-2\n'));
    expect(up.code, up.msg).toBe(ReplyCode.Ok);
    const theirs = await importVehicles({ HoldID: provider.id, FileID: up.data.FileID });
    expect(theirs).toMatchObject({ code: ReplyCode.Forbidden, errCode: ErrCode.OutsideHold });
  });

  it('serves the vehicle template in zh, en and fr and reads each back', async () => {
    for (const [lang, first, last] of [
      ['zh', '车牌号', '绑定设备号'],
      ['en', 'Plate', 'Device IDs'],
      ['fr', 'Immatriculation', 'ID des appareils'],
    ] as const) {
      const tpl = await getTemplate(t, token, 'Vehicle/ImportTemplate', lang);
      expect(tpl.status).toBe(200);
      const headers = await headerRow(tpl.body);
      expect(headers).toHaveLength(18);
      expect([headers[0], headers.at(-1)]).toEqual([first, last]);
      const up = await upload(
        t,
        token,
        `v-${lang}.xlsx`,
        await xlsx([headers, headers.map((_, i) => (i === 0 ? `TPL-${lang}` : ''))]),
      );
      const r = await importVehicles({ HoldID: provider.id, FileID: up.data.FileID }, lang);
      expect(r.data, JSON.stringify(r.data.Errors)).toMatchObject({ Imported: 1 });
    }
  });
});
