import type { InfoImportResult } from '@lodestar/contract/imports';
import { deviceObjects, devices, operationLogs, unknownDevices } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn, ObjectType, ReplyCode } from '@lodestar/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { getTemplate, headerRow, imei, insertDevice, upload, xlsx } from './test-fixtures.ts';

afterAll(stopTestServers);

describe.each(dbTargets())('Device/ImportDevices on $name PostgreSQL', (target) => {
  let t: TestApp;
  let provider: Awaited<ReturnType<TestApp['buildHold']>>;
  let fleet: Awaited<ReturnType<TestApp['buildHold']>>;
  let sibling: Awaited<ReturnType<TestApp['buildHold']>>;
  let token: string;
  let userId: number;
  const importDevices = (body: object, lang = 'en', as = token) =>
    t.call<InfoImportResult>('POST', 'Device/ImportDevices', { token: as, body, lang });
  const stored = (ids: string[]) =>
    t.database.db.select().from(devices).where(inArray(devices.deviceId, ids)).orderBy(devices.deviceId);
  const logsOf = (action: string) => t.database.db.select().from(operationLogs).where(eq(operationLogs.action, action));

  beforeAll(async () => {
    t = await startTestApp(target);
    provider = await t.buildHold('Provider');
    fleet = await t.buildHold('Fleet A', provider);
    sibling = await t.buildHold('Other provider');
    const admin = await t.buildUser(provider, [Fn.deviceManage]);
    token = admin.token;
    userId = admin.id;
  });
  afterAll(() => t.close());

  it('imports an uploaded person sheet with Chinese headers: devices, persons and one log line', async () => {
    const file = await xlsx([
      [
        '设备号',
        '协议',
        'SIM卡号',
        '型号',
        '定位器类型',
        '设备名称',
        '时区',
        '备注',
        '姓名',
        '编号',
        '年龄',
        '身份证号',
        '电话',
        '性别',
        '类别',
      ],
      [
        imei(1, 1),
        'gt06',
        '13800000001',
        'GT06N',
        '无线',
        '张三的手环',
        '',
        '',
        '张三',
        'E001',
        35,
        '11010519491231002X',
        '13900000001',
        '男',
        '司机',
      ],
      [imei(1, 2), 'JT808', '', '', '有线', '', 'Asia/Urumqi', '第二台', '李四', '', '', '', '', '女', ''],
    ]);
    const up = await upload(t, token, '人员.xlsx', file);
    expect(up.code, up.msg).toBe(ReplyCode.Ok);
    await t.database.db.insert(unknownDevices).values({
      deviceId: imei(1, 2),
      protocol: 'jt808',
      remoteAddress: '10.0.0.1',
      firstSeen: new Date(),
      lastSeen: new Date(),
    });

    const r = await importDevices({ HoldID: fleet.id, FileID: up.data.FileID, ObjectType: 'person' }, 'zh');
    expect(r.code, r.msg).toBe(ReplyCode.Ok);
    expect(r.data).toEqual({ Total: 2, Imported: 2, Failed: 0, Errors: [] });

    const rows = await stored([imei(1, 1), imei(1, 2)]);
    expect(rows).toMatchObject([
      {
        protocol: 'gt06',
        holdId: fleet.id,
        sim: '13800000001',
        model: 'GT06N',
        trackerType: 2,
        name: '张三的手环',
        objectType: ObjectType.Person,
        timeZone: 'Asia/Shanghai',
      },
      {
        protocol: 'jt808',
        name: imei(1, 2),
        trackerType: 1,
        timeZone: 'Asia/Urumqi',
        remark: '第二台',
        objectType: ObjectType.Person,
      },
    ]);
    const persons = await t.database.db
      .select()
      .from(deviceObjects)
      .where(
        inArray(
          deviceObjects.devicePk,
          rows.map((d) => d.id),
        ),
      )
      .orderBy(deviceObjects.devicePk);
    expect(persons).toMatchObject([
      {
        kind: ObjectType.Person,
        name: '张三',
        objectNo: 'E001',
        age: 35,
        idCard: '11010519491231002X',
        phone: '13900000001',
        sex: 1,
        category: '司机',
      },
      { kind: ObjectType.Person, name: '李四', age: null, sex: 2 },
    ]);
    // The imported device no longer waits among the unregistered ones.
    expect(
      await t.database.db
        .select()
        .from(unknownDevices)
        .where(eq(unknownDevices.deviceId, imei(1, 2))),
    ).toEqual([]);
    const logs = (await logsOf('importDevices')).filter((l) => l.detail.includes('人员.xlsx'));
    expect(logs).toMatchObject([{ userId, holdId: fleet.id, detail: '2/2 人员.xlsx' }]);
  });

  it('refuses the planted bad rows by row and column, and writes nothing without AllowPartial', async () => {
    await insertDevice(t, fleet.id, imei(2, 90));
    await insertDevice(t, sibling.id, imei(2, 91));
    const file = await xlsx([
      ['Device ID', 'Protocol', 'SIM', 'Object type', 'Name', 'ID card', 'Shape'],
      [imei(2, 1), 'gt06', '', 'vehicle', '', '', ''], // 2: good
      [imei(2, 1), 'gt06', '', '', '', '', ''], // 3: repeats row 2
      [imei(2, 90), 'gt06', '', '', '', '', ''], // 4: stored in the caller's unit
      [imei(2, 91), 'gt06', '', '', '', '', ''], // 5: stored in another provider's
      [imei(2, 5), 'tk103', '', '', '', '', ''], // 6: unknown protocol
      ['', 'gt06', '', '', '', '', ''], // 7: no device ID
      [imei(2, 7), 'gt06', '', 'person', '张三', '110105194912310021', ''], // 8: bad ID card
      [imei(2, 8), 'gt06', '', 'person', '', '', ''], // 9: person without a name
      [imei(2, 9), 'gt06', '', 'asset', '', '', 'box'], // 10: asset without a name
      [imei(2, 10), 'h02', '', 'asset', 'Pallet 7', '', 'box'], // 11: good
    ]);
    const up = await upload(t, token, 'devices.xlsx', file);
    const r = await importDevices({ HoldID: fleet.id, FileID: up.data.FileID });
    expect(r.code, r.msg).toBe(ReplyCode.Ok);
    expect(r.data.Total).toBe(10);
    expect(r.data.Imported).toBe(0);
    expect(r.data.Failed).toBe(8);
    expect(r.data.Errors).toEqual([
      { Row: 3, Column: 'Device ID', Reason: 'Repeats an earlier row of the file, row: 2' },
      { Row: 4, Column: 'Device ID', Reason: 'Device ID already registered, in unit: Fleet A' },
      { Row: 5, Column: 'Device ID', Reason: 'Device ID already registered' },
      { Row: 6, Column: 'Protocol', Reason: 'Unknown protocol: tk103' },
      { Row: 7, Column: 'Device ID', Reason: 'Required' },
      { Row: 8, Column: 'ID card', Reason: 'Wrong check character in the ID card number' },
      { Row: 9, Column: 'Name', Reason: 'Required' },
      { Row: 10, Column: 'Name', Reason: 'Required' },
    ]);
    expect(await stored([imei(2, 1), imei(2, 10)])).toEqual([]);
    expect((await logsOf('importDevices')).filter((l) => l.detail.includes('devices.xlsx'))).toEqual([]);

    // "Import the good rows": the same file with AllowPartial.
    const partial = await importDevices({ HoldID: fleet.id, FileID: up.data.FileID, AllowPartial: true }, 'fr');
    expect(partial.data).toMatchObject({ Total: 10, Imported: 2, Failed: 8 });
    expect(partial.data.Errors[0]).toEqual({
      Row: 3,
      Column: 'Device ID',
      Reason: 'Répète une ligne précédente du fichier, ligne: 2',
    });
    const written = await stored([imei(2, 1), imei(2, 10)]);
    expect(written).toMatchObject([
      { objectType: ObjectType.Vehicle, protocol: 'gt06' },
      { objectType: ObjectType.Asset, protocol: 'h02' },
    ]);
    const [asset] = await t.database.db.select().from(deviceObjects).where(eq(deviceObjects.devicePk, written[1]!.id));
    expect(asset).toMatchObject({ kind: ObjectType.Asset, name: 'Pallet 7', shape: 'box' });
    expect((await logsOf('importDevices')).filter((l) => l.detail.includes('devices.xlsx'))).toMatchObject([
      { detail: '2/10 devices.xlsx', holdId: fleet.id },
    ]);
  });

  it('normalises device IDs per protocol, reads French CSV headers and JSON rows', async () => {
    const csv = Buffer.from(
      `ID appareil;Protocole;Type de traceur;Type d'objet;Nom\n0013912340001;jt808;sans fil;véhicule;\n`,
    );
    const up = await upload(t, token, 'appareils.csv', csv);
    const r = await importDevices({ HoldID: provider.id, FileID: up.data.FileID });
    expect(r.data, JSON.stringify(r.data.Errors)).toMatchObject({ Imported: 1 });
    expect(await stored(['13912340001'])).toMatchObject([{ trackerType: 2, holdId: provider.id }]);

    // The same terminal typed with its padding is the stored one.
    const again = await importDevices({ HoldID: provider.id, Rows: [{ DeviceID: '013912340001', Protocol: 'jt808' }] });
    expect(again.data.Errors).toEqual([
      { Row: 1, Column: 'DeviceID', Reason: 'Device ID already registered, in unit: Provider' },
    ]);
    const json = await importDevices({
      HoldID: provider.id,
      Rows: [
        { DeviceID: imei(3, 1), Protocol: 'teltonika', TrackerType: 'cable', Age: '' },
        { DeviceID: imei(3, 2), Protocol: 'osmand', ObjectType: 'robot' },
        { DeviceID: imei(3, 3), Protocol: 'osmand', TimeZone: 'Mars/Olympus', IDCard: '11010519491231002X' },
        { DeviceID: 'ab', Protocol: 'osmand' },
      ],
    });
    expect(json.data.Errors).toEqual([
      { Row: 1, Column: 'TrackerType', Reason: 'Tracker type is wired or wireless' },
      { Row: 2, Column: 'ObjectType', Reason: 'Object type is vehicle, person or asset' },
      { Row: 3, Column: 'TimeZone', Reason: 'Unknown time zone' },
      { Row: 3, Column: 'IDCard', Reason: 'Not a field of this object type: leave it empty' },
      { Row: 4, Column: 'DeviceID', Reason: 'A device ID is 4 to 32 letters or digits' },
    ]);
  });

  it('refuses another hold’s HoldID like a missing one, and callers without device management', async () => {
    const other = await importDevices({ HoldID: sibling.id, Rows: [{ DeviceID: imei(4, 1), Protocol: 'gt06' }] });
    expect(other.code).toBe(ReplyCode.Forbidden);
    expect(other.errCode).toBe(ErrCode.OutsideHold);
    const missing = await importDevices({ HoldID: 999_999, Rows: [{ DeviceID: imei(4, 1), Protocol: 'gt06' }] });
    expect(missing).toMatchObject({ code: other.code, errCode: other.errCode, msg: other.msg });

    const vehiclesOnly = await t.buildUser(provider, [Fn.vehicleManage]);
    const r = await importDevices(
      { HoldID: provider.id, Rows: [{ DeviceID: imei(4, 1), Protocol: 'gt06' }] },
      'en',
      vehiclesOnly.token,
    );
    expect(r.code).toBe(ReplyCode.Forbidden);
    expect(r.errCode).toBe(ErrCode.NoFunction);
    const tpl = await getTemplate(t, vehiclesOnly.token, 'Device/ImportTemplate', 'en');
    expect(tpl.status).toBe(200);
    expect(JSON.parse(tpl.body.toString()).code).toBe(ReplyCode.Forbidden);
    expect(await stored([imei(4, 1)])).toEqual([]);
  });

  it('answers a 400 naming the field for a bad body, and for neither or both sources', async () => {
    const bad = await importDevices({ HoldID: provider.id, Rows: [{ DeviceID: 'x'.repeat(300) }] });
    expect(bad.code).toBe(ReplyCode.BadRequest);
    expect(bad.msg).toContain('Rows');
    const none = await importDevices({ HoldID: provider.id });
    expect(none.code).toBe(ReplyCode.BadRequest);
    const empty = await importDevices({ HoldID: provider.id, Rows: [] });
    expect(empty.msg).toBe('The file has no data rows');
    const noColumn = await upload(t, token, 'x.csv', Buffer.from('Protocol\ngt06\n'));
    const r = await importDevices({ HoldID: provider.id, FileID: noColumn.data.FileID });
    expect(r.code).toBe(ReplyCode.BadRequest);
    expect(r.msg).toBe('The sheet lacks a required column: Device ID');
  });

  it('serves templates in zh, en and fr whose headers it reads back', async () => {
    for (const [lang, kind, first, last] of [
      ['zh', 'person', '设备号', '类别'],
      ['en', 'asset', 'Device ID', 'Shape'],
      ['fr', 'device', 'ID appareil', "Type d'objet"],
    ] as const) {
      const tpl = await getTemplate(t, token, 'Device/ImportTemplate', lang, { Kind: kind });
      expect(tpl.status).toBe(200);
      expect(tpl.headers['content-type']).toContain('spreadsheetml');
      const headers = await headerRow(tpl.body);
      expect(headers[0]).toBe(first);
      expect(headers.at(-1)).toBe(last);
      // The template with one row filled in imports.
      const n = { zh: 11, en: 12, fr: 13 }[lang];
      const row = headers.map((_, i) =>
        i === 0
          ? imei(5, n)
          : i === 1
            ? 'gt06'
            : ['姓名', 'Asset name', 'Nom du bien'].includes(headers[i]!)
              ? 'X'
              : '',
      );
      const up = await upload(t, token, `tpl-${lang}.xlsx`, await xlsx([headers, row]));
      const r = await importDevices(
        { HoldID: provider.id, FileID: up.data.FileID, ObjectType: kind === 'device' ? 'vehicle' : kind },
        lang,
      );
      expect(r.data, JSON.stringify(r.data.Errors)).toMatchObject({ Imported: 1 });
    }
  });

  it('reports progress under the caller’s JobID, to that caller only', async () => {
    const JobID = 'job-0001-abcdef';
    const rows = Array.from({ length: 2500 }, (_, i) => ({ DeviceID: imei(6, i), Protocol: 'gt06' }));
    const before = await t.call<{ State: string }>('POST', 'Import/GetImportProgress', { token, body: { JobID } });
    expect(before.data).toEqual({ State: 'pending', Processed: 0, Total: 0 });
    const r = await importDevices({ HoldID: provider.id, Rows: rows, JobID });
    expect(r.data).toMatchObject({ Total: 2500, Imported: 2500 });
    const after = await t.call('POST', 'Import/GetImportProgress', { token, body: { JobID } });
    expect(after.data).toEqual({ State: 'done', Processed: 2500, Total: 2500 });
    const stranger = await t.buildUser(provider, [Fn.deviceManage]);
    const theirs = await t.call('POST', 'Import/GetImportProgress', { token: stranger.token, body: { JobID } });
    expect(theirs.data).toEqual({ State: 'pending', Processed: 0, Total: 0 });
  });
});
