import type { EnterpriseRow } from '@lodestar/contract/enterprise';
import { operators, sims, suppliers, vehicles } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { AccountType, ErrCode, Fn, HoldType } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

afterAll(stopTestServers);

type Page = { rows: EnterpriseRow[]; total: number };

/**
 * An access window (the administrator's log-in hours) around the time the test runs, on the Shanghai clock: a fixed
 * one such as 06:00–23:00 refused the log-in the test makes whenever it ran at night in Shanghai.
 */
const shanghaiClock = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(11, 16);
const ACCESS_START = shanghaiClock(Date.now() - 3 * 3_600_000);
const ACCESS_END = shanghaiClock(Date.now() + 3 * 3_600_000);

describe.each(dbTargets())('enterprise calls on $name PostgreSQL', (target) => {
  let t: TestApp;
  let east: Awaited<ReturnType<TestApp['buildHold']>>;
  let sibling: Awaited<ReturnType<TestApp['buildHold']>>;
  let admin: Awaited<ReturnType<TestApp['buildUser']>>;
  let phoneSeq = 13912340000;
  const nextPhone = () => String(phoneSeq++);
  const FUNS = [Fn.accountManage, Fn.userManage, Fn.dashboard, Fn.deviceManage];

  const newEnterprise = (over: Record<string, unknown> = {}) => ({
    parentHoldId: east.id,
    HoldName: '杭州物流',
    Phone: nextPhone(),
    UserName: '王经理',
    UserPassword: 'abc12345',
    Contact: '王先生',
    Address: '杭州市西湖区文三路 1 号',
    Email: 'wang@example.com',
    Remark: '重点客户',
    TimeZone: 'Asia/Shanghai',
    ServiceEndDate: '2030-12-31',
    AccessStart: ACCESS_START,
    AccessEnd: ACCESS_END,
    DefaultProvince: '浙江',
    Funs: [Fn.dashboard, Fn.deviceManage],
    ...over,
  });
  const add = (body: Record<string, unknown>, token = admin.token, lang?: string) =>
    t.call<{ HoldID: number; UserID: number }>('POST', 'Enterprise/AddEnterprise', {
      token,
      body,
      ...(lang ? { lang } : {}),
    });
  const list = (body: Record<string, unknown> = {}, token = admin.token) =>
    t.call<Page>('POST', 'Enterprise/GetEnterpriseList', { token, body: { PageIndex: 1, PageSize: 20, ...body } });

  beforeAll(async () => {
    t = await startTestApp(target);
    east = await t.buildHold('华东服务商', t.rootHold, HoldType.ServiceProvider);
    sibling = await t.buildHold('Sud Mobilité', t.rootHold, HoldType.ServiceProvider);
    admin = await t.buildUser(east, FUNS);
  });
  afterAll(() => t.close());

  it('adds a unit and its administrator in one call; the administrator logs in with the unit as its own', async () => {
    const body = newEnterprise();
    const r = await add(body);
    expect(r.code).toBe(200);
    const login = await t.call<{ currentHoldId: number; accountType: number; loginInfo: { allFuns: number[] } }>(
      'POST',
      'account/login',
      { body: { Phone: body.Phone, UserPassword: 'abc12345' } },
    );
    expect(login.code).toBe(200);
    expect(login.data.currentHoldId).toBe(r.data.HoldID);
    expect(login.data.accountType).toBe(AccountType.Admin);
    expect(login.data.loginInfo.allFuns.sort()).toEqual([Fn.dashboard, Fn.deviceManage].sort());

    const page = await list();
    expect(page.code).toBe(200);
    const row = page.data.rows.find((x) => x.HoldID === r.data.HoldID)!;
    expect(row).toMatchObject({
      HoldName: '杭州物流',
      HoldType: HoldType.Enterprise,
      parentHoldId: east.id,
      ParentName: '华东服务商',
      ChildCount: 0,
      UserCount: 1,
      DeviceCount: 0,
      Admin: {
        UserID: r.data.UserID,
        UserName: '王经理',
        Phone: body.Phone,
        AccountType: AccountType.Admin,
        Contact: '王先生',
        Email: 'wang@example.com',
        Remark: '重点客户',
        TimeZone: 'Asia/Shanghai',
        Address: '杭州市西湖区文三路 1 号',
        ServiceEndDate: '2030-12-31',
        AccessStart: ACCESS_START,
        AccessEnd: ACCESS_END,
        DefaultProvince: '浙江',
      },
    });
    expect(row.Admin!.Funs.sort()).toEqual([Fn.dashboard, Fn.deviceManage].sort());
    expect(row.CreateTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('lists one tree level at a time, paged, and searches the whole subtree by keyword', async () => {
    const parent = await add(newEnterprise({ HoldName: '上海物流集团' }));
    for (const name of ['冷链车队', '城配车队', '长途车队'])
      expect((await add(newEnterprise({ HoldName: name, parentHoldId: parent.data.HoldID }))).code).toBe(200);
    const top = await list();
    expect(top.data.rows.map((r) => r.HoldName)).not.toContain('冷链车队');
    expect(top.data.rows.find((r) => r.HoldID === parent.data.HoldID)?.ChildCount).toBe(3);
    const level = await list({ ParentHoldID: parent.data.HoldID, PageSize: 2 });
    expect(level.data.total).toBe(3);
    expect(level.data.rows.map((r) => r.HoldName)).toEqual(['冷链车队', '城配车队']);
    const page2 = await list({ ParentHoldID: parent.data.HoldID, PageSize: 2, PageIndex: 2 });
    expect(page2.data.rows.map((r) => r.HoldName)).toEqual(['长途车队']);
    const found = await list({ Keyword: '冷链' });
    expect(found.data.rows.map((r) => [r.HoldName, r.ParentName])).toEqual([['冷链车队', '上海物流集团']]);
    const byPhone = await list({ Keyword: found.data.rows[0]!.Admin!.Phone });
    expect(byPhone.data.rows.map((r) => r.HoldName)).toEqual(['冷链车队']);
  });

  it('edits the unit and its administrator; a window end alone or a taken phone is a 400 naming the field', async () => {
    const r = await add(newEnterprise({ HoldName: '旧名称' }));
    const edit = await t.call('POST', 'Enterprise/ModifyEnterprise', {
      token: admin.token,
      body: {
        HoldID: r.data.HoldID,
        HoldName: '新名称',
        HoldType: HoldType.Fleet,
        Contact: '李女士',
        Address: '宁波市',
        AccessStart: '',
        AccessEnd: '',
        ServiceEndDate: '',
        Funs: [Fn.dashboard],
      },
    });
    expect(edit.code).toBe(200);
    const row = (await list({ Keyword: '新名称' })).data.rows[0]!;
    expect(row).toMatchObject({
      HoldName: '新名称',
      HoldType: HoldType.Fleet,
      Admin: { Contact: '李女士', Address: '宁波市', AccessStart: null, AccessEnd: null, ServiceEndDate: null },
    });
    expect(row.Admin!.Funs).toEqual([Fn.dashboard]);

    const oneEnd = await t.call('POST', 'Enterprise/ModifyEnterprise', {
      token: admin.token,
      body: { HoldID: r.data.HoldID, AccessStart: '08:00' },
      lang: 'en',
    });
    expect(oneEnd).toMatchObject({ code: 400, errCode: ErrCode.Validation });
    expect(oneEnd.msg).toContain('AccessEnd');
    const taken = await t.call('POST', 'Enterprise/ModifyEnterprise', {
      token: admin.token,
      body: { HoldID: r.data.HoldID, Phone: admin.phone },
    });
    expect(taken).toMatchObject({ code: 400, errCode: ErrCode.Conflict });
    expect(taken.msg).toContain('Phone');
  });

  it('answers 400 naming the field for a missing contact or address, a bad time or a weak password', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ Contact: '' }, 'Contact'],
      [{ Address: undefined }, 'Address'],
      [{ AccessStart: '25:00' }, 'AccessStart'],
      [{ AccessEnd: null }, 'AccessEnd'],
      [{ UserPassword: 'abc' }, 'UserPassword'],
      [{ HoldName: '' }, 'HoldName'],
      [{ Phone: '123' }, 'Phone'],
    ];
    for (const [over, field] of cases) {
      const r = await add(newEnterprise(over), admin.token, 'en');
      expect({ field, code: r.code, errCode: r.errCode }).toEqual({ field, code: 400, errCode: ErrCode.Validation });
      expect(r.msg).toContain(field);
    }
    const dup = await add(newEnterprise({ Phone: admin.phone }));
    expect(dup).toMatchObject({ code: 400, errCode: ErrCode.Conflict });
    // The transaction left no unit behind the refused administrator.
    expect((await list({ Keyword: '杭州物流' })).data.total).toBe(1);
  });

  it('needs function 69, an administrator to create one, and grants no function the caller lacks', async () => {
    const viewer = await t.buildUser(east, [Fn.userManage]);
    expect((await add(newEnterprise(), viewer.token)).errCode).toBe(ErrCode.NoFunction);
    expect((await list({}, viewer.token)).code).toBe(403);
    const ordinary = await t.buildUser(east, [Fn.accountManage], AccountType.User);
    expect((await add(newEnterprise(), ordinary.token)).code).toBe(403);
    const more = await add(newEnterprise({ Funs: [Fn.dashboard, Fn.simCustomers] }));
    expect(more).toMatchObject({ code: 403, errCode: ErrCode.NoFunction });
  });

  it("refuses another hold's ids exactly like missing ones", async () => {
    const other = await t.buildHold('Sud-1', sibling);
    for (const [path, body] of [
      ['Enterprise/AddEnterprise', newEnterprise({ parentHoldId: sibling.id })],
      ['Enterprise/ModifyEnterprise', { HoldID: other.id, HoldName: 'taken over' }],
      ['Enterprise/RemoveEnterprise', { HoldID: other.id }],
      ['Enterprise/GetEnterpriseList', { PageIndex: 1, PageSize: 10, ParentHoldID: sibling.id }],
    ] as const) {
      const theirs = await t.call('POST', path, { token: admin.token, body });
      const missing = await t.call('POST', path, {
        token: admin.token,
        body: {
          ...body,
          ...('HoldID' in body ? { HoldID: 999_999 } : {}),
          ...('parentHoldId' in body ? { parentHoldId: 999_999 } : {}),
          ...('ParentHoldID' in body ? { ParentHoldID: 999_999 } : {}),
        },
      });
      expect({ path, code: theirs.code, errCode: theirs.errCode }).toEqual({
        path,
        code: 403,
        errCode: ErrCode.OutsideHold,
      });
      expect({ ...theirs, raw: undefined }).toEqual({ ...missing, raw: undefined });
    }
  });

  it('refuses to remove a unit that still holds units, users, devices, vehicles or SIM cards, saying which and how many', async () => {
    const r = await add(newEnterprise({ HoldName: '待删除单位' }));
    const hold = { id: r.data.HoldID };
    await add(newEnterprise({ HoldName: '下级', parentHoldId: hold.id }));
    await t.buildUser(hold, []);
    await t.buildUser(hold, []);
    for (const id of ['869000000000101', '869000000000102', '869000000000103'])
      expect(
        (
          await t.call('POST', 'Device/AddDevice', {
            token: (await t.buildUser(east, [Fn.deviceManage])).token,
            body: { DeviceID: id, Protocol: 'gt06', HoldID: hold.id },
          })
        ).code,
      ).toBe(200);
    const db = t.database.db;
    await db.insert(vehicles).values({ holdId: hold.id, plate: '浙A12345' });
    const [op] = await db.insert(operators).values({ holdId: t.rootHold.id, name: '移动' }).returning();
    const [sup] = await db
      .insert(suppliers)
      .values({ holdId: t.rootHold.id, name: '供应商', operatorId: op!.id })
      .returning();
    await db
      .insert(sims)
      .values({ iccid: '89860000000000000001', operatorId: op!.id, supplierId: sup!.id, holdId: hold.id });

    const remove = (lang: string) =>
      t.call('POST', 'Enterprise/RemoveEnterprise', { token: admin.token, body: { HoldID: hold.id }, lang });
    const en = await remove('en');
    expect(en).toMatchObject({ code: 400, errCode: ErrCode.Conflict });
    // Its own administrator goes with it: two other users are counted.
    expect(en.msg).toBe(
      'This organisation still has organisations below it: 1; This organisation still has users: 2; ' +
        'This organisation still has devices: 3; This organisation still has vehicles: 1; ' +
        'This organisation still has SIM cards: 1',
    );
    expect((await remove('zh')).msg).toContain('该单位下还有设备: 3');
    expect((await remove('fr')).msg).toContain('Cette organisation a encore des appareils: 3');
    // Hold/RemoveHold gives the same reasons (there the administrator is a user like any other).
    const viaHold = await t.call('POST', 'Hold/RemoveHold', {
      token: admin.token,
      body: { HoldID: hold.id },
      lang: 'en',
    });
    expect(viaHold.msg).toContain('still has users: 3');
  });

  it('removes an empty unit with its administrator, who can no longer log in; the log records it', async () => {
    const body = newEnterprise({ HoldName: '空单位' });
    const r = await add(body);
    const rm = await t.call('POST', 'Enterprise/RemoveEnterprise', {
      token: admin.token,
      body: { HoldID: r.data.HoldID },
    });
    expect(rm.code).toBe(200);
    expect((await list({ Keyword: '空单位' })).data.total).toBe(0);
    const login = await t.call('POST', 'account/login', { body: { Phone: body.Phone, UserPassword: 'abc12345' } });
    expect(login.errCode).toBe(ErrCode.LoginFailed);
    const own = await t.call('POST', 'Enterprise/RemoveEnterprise', { token: admin.token, body: { HoldID: east.id } });
    expect(own.code).toBe(400);
    const logs = await t.call<{ rows: { Action: string }[] }>('POST', 'Log/GetOperationLog', {
      token: (await t.buildUser(east, [Fn.simLog])).token,
      body: { PageIndex: 1, PageSize: 100 },
    });
    expect(logs.data.rows.map((x) => x.Action)).toEqual(
      expect.arrayContaining(['addEnterprise', 'modifyEnterprise', 'removeEnterprise']),
    );
  });
});
