import { randomBytes } from 'node:crypto';
import type { PolicyRow } from '@lodestar/contract/insurance';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { DEFAULT_APP_ID, Fn } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addVehicle } from '../../test/geo-fixtures.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { expectRefusedLikeMissing } from '../../test/refused.ts';
import type { NewNotice } from '../notices/types.ts';
import { PolicyRepository } from './repository.ts';
import { insuranceScan } from './scan.ts';
import { addDays } from './service.ts';

afterAll(stopTestServers);

type Page = { rows: PolicyRow[]; total: number };
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** Insurance/… : policies read with function 84, written with 163. */
describe.each(dbTargets())('insurance on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token: string;
  let reader: string;
  let hold: { id: number; path: string };
  let other: { id: number; path: string };
  let car: number;
  let theirCar: number;
  let theirPolicy: number;

  const call = <T = unknown>(path: string, body: object, as = token) =>
    t.call<T>('POST', path, { token: as, body, lang: 'en' });
  const add = async (body: object, as = token) => {
    const r = await call<{ PolicyID: number }>(
      'Insurance/AddPolicy',
      { VehicleID: car, Insurer: 'PICC', PolicyType: 'commercial', Premium: 350000, ...body },
      as,
    );
    expect(r.code, r.msg).toBe(200);
    return r.data.PolicyID;
  };
  const list = async (body: object = {}, as = token) => {
    const r = await call<Page>('Insurance/GetPolicyList', { PageSize: 100, ...body }, as);
    expect(r.code, r.msg).toBe(200);
    return r.data;
  };
  const upload = (PolicyID: number, bytes: Buffer, as = token) => {
    const boundary = `----pol${randomBytes(6).toString('hex')}`;
    return t.app.inject({
      method: 'POST',
      url: '/API/api/Insurance/UploadAttachment',
      query: { format: 'json', appid: DEFAULT_APP_ID, PolicyID: String(PolicyID) },
      headers: { authorization: as, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="policy.pdf"\r\n` +
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
    other = await t.buildHold('Rival');
    token = (await t.buildUser(hold, [Fn.insurance, Fn.policyManage, Fn.export])).token;
    reader = (await t.buildUser(hold, [Fn.insurance])).token;
    car = await addVehicle(t, hold.id, '粤A12345');
    theirCar = await addVehicle(t, other.id, '粤B99999');
    const theirs = (await t.buildUser(other, [Fn.insurance, Fn.policyManage])).token;
    theirPolicy = await add(
      { VehicleID: theirCar, PolicyNo: 'THEIRS-1', StartDate: today, EndDate: addDays(today, 300) },
      theirs,
    );
  });
  afterAll(() => t.close());

  it('adds policies, lists them by state and keyword soonest ending first, modifies and removes them', async () => {
    const expired = await add({ PolicyNo: 'P-OLD', StartDate: addDays(today, -400), EndDate: addDays(today, -35) });
    const soon = await add({
      PolicyNo: 'P-SOON',
      PolicyType: 'compulsory',
      StartDate: addDays(today, -300),
      EndDate: addDays(today, 10),
    });
    const active = await add({
      PolicyNo: 'P-NOW',
      StartDate: addDays(today, -10),
      EndDate: addDays(today, 355),
      Remark: 'renewed',
    });
    const pending = await add({
      PolicyNo: 'P-NEXT',
      Insurer: 'Ping An',
      StartDate: addDays(today, 40),
      EndDate: addDays(today, 400),
    });
    const all = await list();
    expect(all.rows.map((r) => [r.PolicyNo, r.State])).toEqual([
      ['P-OLD', 'expired'],
      ['P-SOON', 'expiring'],
      ['P-NOW', 'active'],
      ['P-NEXT', 'pending'],
    ]);
    expect(all.rows[1]).toMatchObject({ Plate: '粤A12345', HoldName: 'Fleet', DaysLeft: 10, Premium: 350000 });
    for (const [State, id] of [
      ['expired', expired],
      ['expiring', soon],
      ['active', active],
      ['pending', pending],
    ] as const)
      expect((await list({ State }, reader)).rows.map((r) => r.PolicyID)).toEqual([id]);
    expect((await list({ Keyword: 'ping' })).rows.map((r) => r.PolicyID)).toEqual([pending]);
    expect((await list({ Keyword: 'A123', SortColumn: 'Premium', SortType: 'desc' })).total).toBe(4);
    expect((await list({ PolicyType: 'compulsory' })).rows.map((r) => r.PolicyID)).toEqual([soon]);

    expect(
      (await call('Insurance/ModifyPolicy', { PolicyID: soon, EndDate: addDays(today, 200), Premium: 1 })).code,
    ).toBe(200);
    expect((await list({ State: 'active' })).rows.map((r) => [r.PolicyNo, r.Premium])).toEqual([
      ['P-SOON', 1],
      ['P-NOW', 350000],
    ]);
    expect((await call('Insurance/RemovePolicy', { PolicyIDs: [expired, pending] })).code).toBe(200);
    expect((await list()).rows.map((r) => r.PolicyNo)).toEqual(['P-SOON', 'P-NOW']);
    expect((await list()).rows.map((r) => r.PolicyNo)).not.toContain('THEIRS-1');
    const options = await call<{ VehicleID: number; Plate: string }[]>('Insurance/GetVehicleSelect', { Keyword: '粤' });
    expect(options.data.map((o) => o.VehicleID)).toEqual([car]);
    const exported = await call<{ FileID: number }>('Insurance/ExportPolicyList', { State: 'active' });
    expect(exported.code, exported.msg).toBe(200);
  });

  it('stores a PDF attachment checked by its bytes and answers it back', async () => {
    const id = await add({ PolicyNo: 'P-DOC', StartDate: today, EndDate: addDays(today, 100) });
    const fake = await upload(id, Buffer.from('<html>not a pdf</html>'));
    expect(fake.json()).toMatchObject({ code: 400 });
    expect((await upload(id, PDF)).json()).toMatchObject({ code: 200 });
    expect((await list({ Keyword: 'P-DOC' })).rows[0]?.Attachment).toBe('policy.pdf');
    const got = await t.app.inject({
      method: 'GET',
      url: '/API/api/Insurance/GetAttachment',
      query: { format: 'json', appid: DEFAULT_APP_ID, PolicyID: String(id) },
      headers: { authorization: reader },
    });
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.rawPayload.equals(PDF)).toBe(true);
    expect((await upload(id, PDF, reader)).json()).toMatchObject({ code: 403 });
  });

  it('tells users with 84 over the vehicle once a day about policies ending soon', async () => {
    await add({ PolicyNo: 'P-WEEK', StartDate: addDays(today, -300), EndDate: addDays(today, 5) });
    const added: NewNotice[] = [];
    const sink = { add: async (_tx: unknown, n: NewNotice[]) => void added.push(...n) };
    await insuranceScan(new PolicyRepository(t.database.pool), sink);
    const mine = added.filter((n) => n.kind === 'insuranceExpiring').map((n) => n.userId);
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(added.every((n) => n.dedupeKey.endsWith(today))).toBe(true);
  });

  it('refuses bad fields naming them, writes without 163, and ends before starts', async () => {
    for (const [body, field] of [
      [{ PolicyNo: 'a b', StartDate: today, EndDate: today }, 'PolicyNo'],
      [{ PolicyNo: 'X1', PolicyType: 'life', StartDate: today, EndDate: today }, 'PolicyType'],
      [{ PolicyNo: 'X1', StartDate: '2026-02-30', EndDate: today }, 'StartDate'],
      [{ PolicyNo: 'X1', Premium: -1, StartDate: today, EndDate: today }, 'Premium'],
      [{ PolicyNo: 'X1', StartDate: today, EndDate: addDays(today, -1) }, 'EndDate'],
    ] as const) {
      const r = await call('Insurance/AddPolicy', {
        VehicleID: car,
        Insurer: 'PICC',
        PolicyType: 'other',
        Premium: 0,
        ...body,
      });
      expect({ field, code: r.code, named: r.msg.includes(field) }).toEqual({ field, code: 400, named: true });
    }
    await add({ PolicyNo: 'DUP-1', StartDate: today, EndDate: today });
    const dup = await call('Insurance/AddPolicy', {
      VehicleID: car,
      Insurer: 'PICC',
      PolicyNo: 'DUP-1',
      PolicyType: 'other',
      Premium: 0,
      StartDate: today,
      EndDate: today,
    });
    expect(dup.code).toBe(400);
    const r = await call(
      'Insurance/AddPolicy',
      {
        VehicleID: car,
        Insurer: 'x',
        PolicyNo: 'Y',
        PolicyType: 'other',
        Premium: 0,
        StartDate: today,
        EndDate: today,
      },
      reader,
    );
    expect(r.code).toBe(403);
    const none = (await t.buildUser(hold, [Fn.vehicleManage])).token;
    expect((await call('Insurance/GetPolicyList', {}, none)).code).toBe(403);
  });

  it("answers another hold's vehicles and policies like missing ones", async () => {
    const mine = await add({ PolicyNo: 'MINE-1', StartDate: today, EndDate: today });
    const base = { Insurer: 'x', PolicyNo: 'Z1', PolicyType: 'other', Premium: 0, StartDate: today, EndDate: today };
    await expectRefusedLikeMissing(
      (path, body) => call(path, body),
      [
        ['Insurance/AddPolicy', { ...base, VehicleID: theirCar }, { ...base, VehicleID: 999_999 }],
        ['Insurance/ModifyPolicy', { PolicyID: theirPolicy, Premium: 1 }, { PolicyID: 999_999, Premium: 1 }],
        ['Insurance/ModifyPolicy', { PolicyID: mine, VehicleID: theirCar }, { PolicyID: mine, VehicleID: 999_999 }],
        ['Insurance/RemovePolicy', { PolicyIDs: [mine, theirPolicy] }, { PolicyIDs: [mine, 999_999] }],
        ['Insurance/GetPolicyList', { HoldID: other.id }, { HoldID: 999_999 }],
        ['Insurance/GetPolicyList', { VehicleID: theirCar }, { VehicleID: 999_999 }],
        ['Insurance/ExportPolicyList', { HoldID: other.id }, { HoldID: 999_999 }],
      ],
    );
    const got = await t.app.inject({
      method: 'GET',
      url: '/API/api/Insurance/GetAttachment',
      query: { format: 'json', appid: DEFAULT_APP_ID, PolicyID: String(theirPolicy) },
      headers: { authorization: token },
    });
    expect(got.json()).toMatchObject({ code: 403 });
    expect((await upload(theirPolicy, PDF)).json()).toMatchObject({ code: 403 });
  });
});
