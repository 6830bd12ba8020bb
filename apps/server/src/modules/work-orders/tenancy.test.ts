import type { WorkRow } from '@lodestar/contract/work-orders';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { CheckStatus, ErrCode, Fn, SimState, WorkType } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { WORK_ORDER_TENANCY_PATHS } from './tenancy-covered.ts';
import { simFactories } from './test-fixtures.ts';

afterAll(stopTestServers);

type Sim = { id: number; iccid: string };

/**
 * Holds A and B are siblings. A's auditor holds every work-order function, so nothing here is
 * refused for a missing function id: only for reaching B's cards, packages, orders or hold.
 */
describe.each(dbTargets())("work orders refuse another hold's ids on $name PostgreSQL", (target) => {
  let t: TestApp;
  let f: ReturnType<typeof simFactories>;
  let a: { hold: { id: number; path: string }; child: { id: number }; token: string; sim: Sim; packageId: number };
  let b: { hold: { id: number }; sim: Sim; packageId: number; workId: number };
  let aChildAuditor: string;
  let aWorkId: number;
  const MISSING_ICCID = '89860000000000000000';

  beforeAll(async () => {
    t = await startTestApp(target);
    f = simFactories(t.database.db);
    const holdA = await t.buildHold('A');
    const holdB = await t.buildHold('B');
    const childA = await t.buildHold('A-1', holdA);
    const funs = [Fn.simBusiness, Fn.audit];
    const adminA = await t.buildUser(holdA, funs);
    const adminB = await t.buildUser(holdB, funs);
    aChildAuditor = (await t.buildUser(childA, funs)).token;
    const catA = await f.catalogue(holdA);
    const catB = await f.catalogue(holdB);
    a = {
      hold: holdA,
      child: childA,
      token: adminA.token,
      sim: await f.sim(holdA, catA),
      packageId: catA.premium.id,
    };
    const bSim = await f.sim(holdB, catB);
    const bOrder = await t.call<{ WorkIDs: number[] }>('POST', 'WorkFlow/AddWorkFlow', {
      token: adminB.token,
      body: { WorkType: WorkType.Stop, TargetID: bSim.iccid, WorkCont: 'B' },
    });
    expect(bOrder.code).toBe(200);
    b = { hold: holdB, sim: bSim, packageId: catB.premium.id, workId: bOrder.data.WorkIDs[0]! };
    const aOrder = await t.call<{ WorkIDs: number[] }>('POST', 'WorkFlow/AddWorkFlow', {
      token: a.token,
      body: { WorkType: WorkType.Return, TargetID: a.sim.iccid, WorkCont: 'A' },
    });
    aWorkId = aOrder.data.WorkIDs[0]!;
  });
  afterAll(() => t.close());

  const approval = (workId: number, sim: Sim, workType: WorkType, reHoldId: number | null = null) => [
    { WorkID: workId, WorkType: workType, TargetID: sim.iccid, CheckStatus: CheckStatus.Agreed, ReHoldID: reHoldId },
  ];
  /** Each id-taking call twice: with B's id, and with an id that does not exist. */
  const attempts = (): [string, unknown, unknown][] => [
    [
      'WorkFlow/AddWorkFlow',
      { WorkType: WorkType.Stop, TargetID: b.sim.iccid, WorkCont: 'x' },
      { WorkType: WorkType.Stop, TargetID: MISSING_ICCID, WorkCont: 'x' },
    ],
    [
      'WorkFlow/AddWorkFlow',
      { WorkType: WorkType.Stop, TargetIDs: [a.sim.iccid, b.sim.iccid], WorkCont: 'x' },
      { WorkType: WorkType.Stop, TargetIDs: [a.sim.iccid, MISSING_ICCID], WorkCont: 'x' },
    ],
    [
      'WorkFlow/AddWorkFlow',
      { WorkType: WorkType.PackageChange, TargetID: a.sim.iccid, PackageID: b.packageId, WorkCont: 'x' },
      { WorkType: WorkType.PackageChange, TargetID: a.sim.iccid, PackageID: 999_999, WorkCont: 'x' },
    ],
    ['WorkFlow/CheckWorkFlow', approval(b.workId, b.sim, WorkType.Stop), approval(999_999, b.sim, WorkType.Stop)],
    [
      'WorkFlow/CheckWorkFlow',
      [...approval(aWorkId, a.sim, WorkType.Return, a.hold.id), ...approval(b.workId, b.sim, WorkType.Stop)],
      [...approval(aWorkId, a.sim, WorkType.Return, a.hold.id), ...approval(999_998, b.sim, WorkType.Stop)],
    ],
    [
      'WorkFlow/CheckWorkFlow',
      approval(aWorkId, a.sim, WorkType.Return, b.hold.id),
      approval(aWorkId, a.sim, WorkType.Return, 999_999),
    ],
  ];

  it("refuses B's cards, packages, orders and hold exactly as ids that do not exist", async () => {
    for (const [path, withB, withMissing] of attempts()) {
      const other = await t.call('POST', path, { token: a.token, body: withB });
      const missing = await t.call('POST', path, { token: a.token, body: withMissing });
      expect({ path, code: other.code, errCode: other.errCode }).toEqual({
        path,
        code: 403,
        errCode: ErrCode.OutsideHold,
      });
      expect({ ...other, raw: undefined }).toEqual({ ...missing, raw: undefined });
    }
    // Nothing was written on either side.
    expect((await f.orderById(b.workId)).checkStatus).toBe(CheckStatus.UnderReview);
    expect((await f.orderById(aWorkId)).checkStatus).toBe(CheckStatus.UnderReview);
    expect((await f.simById(b.sim.id)).state).toBe(SimState.Active);
    expect((await f.simById(a.sim.id)).holdId).toBe(a.hold.id);
    expect(await f.historyOf(b.sim.id)).toEqual([]);
    expect(await f.historyOf(a.sim.id)).toEqual([]);
    const aOrders = await t.database.pool.query('SELECT count(*)::int AS n FROM work_orders WHERE sim_id = $1', [
      a.sim.id,
    ]);
    expect(aOrders.rows[0].n).toBe(1);
  });

  it("keeps a child hold's auditor away from its parent's orders and cards", async () => {
    const r = await t.call('POST', 'WorkFlow/CheckWorkFlow', {
      token: aChildAuditor,
      body: approval(aWorkId, a.sim, WorkType.Return, a.child.id),
    });
    expect([r.code, r.errCode]).toEqual([403, ErrCode.OutsideHold]);
    const add = await t.call('POST', 'WorkFlow/AddWorkFlow', {
      token: aChildAuditor,
      body: { WorkType: WorkType.Renewal, TargetID: a.sim.iccid, Months: 1, WorkCont: 'x' },
    });
    expect([add.code, add.errCode]).toEqual([403, ErrCode.OutsideHold]);
    const count = await t.call<number>('POST', 'WorkFlow/GetWorkCount', { token: aChildAuditor });
    expect(count.data).toBe(0);
  });

  it("never lists or counts B's orders for A", async () => {
    const list = await t.call<{ rows: WorkRow[]; total: number }>('POST', 'WorkFlow/GetWorkFlowList', {
      token: a.token,
      body: { pageIndex: 1, pageCount: 1000, CheckStatic: 0 },
    });
    expect(list.data.rows.map((r) => r.WorkID)).toEqual([aWorkId]);
    expect(list.data.total).toBe(1);
    const byIccid = await t.call<{ total: number }>('POST', 'WorkFlow/GetWorkFlowList', {
      token: a.token,
      body: { pageIndex: 1, pageCount: 100, CheckStatic: 0, IDNO: b.sim.iccid },
    });
    expect(byIccid.data.total).toBe(0);
    const count = await t.call<number>('POST', 'WorkFlow/GetWorkCount', { token: a.token });
    expect(count.data).toBe(1);
  });

  it('covers every documented work-order call whose body takes an id', async () => {
    type Schema = { properties?: Record<string, unknown>; items?: Schema };
    const doc = (await t.app.inject({ method: 'GET', url: '/API/docs/json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
    };
    const ID_FIELDS = ['TargetID', 'TargetIDs', 'PackageID', 'WorkID', 'ReHoldID', 'HoldID'];
    const idTaking = Object.entries(doc.paths)
      .filter(([path]) => path.toLowerCase().startsWith('/api/api/workflow/'))
      .filter(([, ops]) =>
        Object.values(ops).some((op) => {
          const schema = op.requestBody?.content['application/json']?.schema;
          const props = schema?.properties ?? schema?.items?.properties ?? {};
          return ID_FIELDS.some((k) => k in props);
        }),
      )
      .map(([path]) => path.replace('/API/api/', '').toLowerCase());
    const tried = new Set(attempts().map(([p]) => p.toLowerCase()));
    expect(idTaking.sort()).toEqual(WORK_ORDER_TENANCY_PATHS.map((p) => p.toLowerCase()).sort());
    expect(WORK_ORDER_TENANCY_PATHS.filter((p) => !tried.has(p.toLowerCase()))).toEqual([]);
  });
});
