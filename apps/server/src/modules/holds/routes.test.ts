import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn, HoldType } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import type { HoldNode } from './service.ts';

afterAll(stopTestServers);

const names = (nodes: HoldNode[]): string[] => nodes.flatMap((n) => [n.HoldName, ...names(n.Children)]);

describe.each(dbTargets())('hold calls on $name PostgreSQL', (target) => {
  let t: TestApp;
  let east: Awaited<ReturnType<TestApp['buildHold']>>;
  let admin: Awaited<ReturnType<TestApp['buildUser']>>;
  beforeAll(async () => {
    t = await startTestApp(target);
    east = await t.buildHold('华东服务商', t.rootHold, HoldType.ServiceProvider);
    const logistics = await t.buildHold('上海物流', east);
    await t.buildHold('冷链车队', logistics, HoldType.Fleet);
    await t.buildHold('Sud Mobilité', t.rootHold, HoldType.ServiceProvider);
    admin = await t.buildUser(east, [Fn.accountManage]);
  });
  afterAll(() => t.close());

  it('shows a caller its own hold and everything below, never a sibling', async () => {
    const r = await t.call<HoldNode[]>('GET', 'Hold/GetLeftHold', { token: admin.token });
    expect(r.code).toBe(200);
    expect(r.data).toHaveLength(1);
    const [root] = r.data;
    expect(root).toMatchObject({
      HoldID: east.id,
      HoldName: '华东服务商',
      HoldType: 1,
      isLeaf: false,
      type: 'hold',
      count: 2,
    });
    expect(names(r.data).sort()).toEqual(['上海物流', '冷链车队', '华东服务商'].sort());
    const leaf = root!.Children[0]!.Children[0]!;
    expect(leaf).toMatchObject({ HoldName: '冷链车队', isLeaf: true, count: 0, HoldType: 3 });
  });

  it('filters by HoldName and keeps the path to each match', async () => {
    const r = await t.call<HoldNode[]>('GET', 'Hold/GetLeftHold', { token: admin.token, query: { HoldName: '冷链' } });
    expect(names(r.data)).toEqual(['华东服务商', '上海物流', '冷链车队']);
    const none = await t.call<HoldNode[]>('GET', 'Hold/GetLeftHold', {
      token: admin.token,
      query: { HoldName: 'Sud' },
    });
    expect(none.data).toEqual([]);
    const select = await t.call<{ HoldName: string }[]>('GET', 'hold/getholdselect', { token: admin.token });
    expect(select.data.map((h) => h.HoldName)).not.toContain('Sud Mobilité');
    expect(select.data).toHaveLength(3);
  });

  it('adds, renames, moves and removes holds, refusing cycles and non-empty removals', async () => {
    const add = await t.call<{ HoldID: number }>('POST', 'Hold/AddHold', {
      token: admin.token,
      body: { HoldName: ' 新车队 ', parentHoldId: east.id, HoldType: 3 },
    });
    expect(add.code).toBe(200);
    const id = add.data.HoldID;
    expect(
      (await t.call('POST', 'Hold/ModifyHold', { token: admin.token, body: { HoldID: id, HoldName: 'New Fleet' } }))
        .code,
    ).toBe(200);

    const tree = async () => (await t.call<HoldNode[]>('GET', 'Hold/GetLeftHold', { token: admin.token })).data;
    const logistics = (await tree())[0]!.Children.find((c) => c.HoldName === '上海物流')!;
    expect(
      (
        await t.call('POST', 'Hold/MoveHold', {
          token: admin.token,
          body: { HoldID: id, parentHoldId: logistics.HoldID },
        })
      ).code,
    ).toBe(200);
    const moved = (await tree())[0]!.Children.find((c) => c.HoldName === '上海物流')!;
    expect(moved.Children.map((c) => c.HoldName)).toContain('New Fleet');

    const cycle = await t.call('POST', 'Hold/MoveHold', {
      token: admin.token,
      body: { HoldID: logistics.HoldID, parentHoldId: id },
    });
    expect(cycle.code).toBe(400);
    const own = await t.call('POST', 'Hold/RemoveHold', { token: admin.token, body: { HoldID: east.id } });
    expect(own.code).toBe(400);
    const busy = await t.call('POST', 'Hold/RemoveHold', { token: admin.token, body: { HoldID: logistics.HoldID } });
    expect(busy.msg).toMatch(/下级单位/);
    expect((await t.call('POST', 'Hold/RemoveHold', { token: admin.token, body: { HoldID: id } })).code).toBe(200);
    expect(names(await tree())).not.toContain('New Fleet');
  });

  it('rejects an unknown HoldType and names the field', async () => {
    const r = await t.call('POST', 'Hold/AddHold', {
      token: admin.token,
      body: { HoldName: 'x', parentHoldId: east.id, HoldType: 7 },
    });
    expect(r).toMatchObject({ code: 400, errCode: ErrCode.Validation });
    expect(r.msg).toContain('HoldType');
  });

  it('needs function 69 or 14 to change holds', async () => {
    const viewer = await t.buildUser(east, [Fn.dashboard]);
    expect((await t.call('GET', 'Hold/GetLeftHold', { token: viewer.token })).code).toBe(200);
    const r = await t.call('POST', 'Hold/AddHold', {
      token: viewer.token,
      body: { HoldName: 'x', parentHoldId: east.id, HoldType: 3 },
    });
    expect(r).toMatchObject({ code: 403, errCode: ErrCode.NoFunction });
    const simAdmin = await t.buildUser(east, [Fn.simCustomers]);
    const ok = await t.call('POST', 'Hold/AddHold', {
      token: simAdmin.token,
      body: { HoldName: 'SIM 客户', parentHoldId: east.id, HoldType: 2 },
    });
    expect(ok.code).toBe(200);
  });

  it('records what was changed in the operation log, visible to the hold above', async () => {
    const logs = await t.call<{ rows: { Action: string; Detail: string }[]; total: number }>(
      'POST',
      'Log/GetOperationLog',
      {
        token: (await t.buildUser(east, [Fn.simLog])).token,
        body: { PageIndex: 1, PageSize: 50 },
      },
    );
    expect(logs.code).toBe(200);
    expect(logs.data.rows.map((r) => r.Action)).toEqual(expect.arrayContaining(['addHold', 'moveHold', 'removeHold']));
  });

  it('answers HTTP 500 with no stack trace when the database is gone', async () => {
    await t.database.pool.end();
    const res = await t.app.inject({
      method: 'GET',
      url: '/API/api/Hold/GetLeftHold?format=json&appid=lodestar',
      headers: { authorization: admin.token },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 500, msg: '服务器内部错误' });
    expect(res.body).not.toMatch(/\.ts:\d+|Error:/);
  });
});
