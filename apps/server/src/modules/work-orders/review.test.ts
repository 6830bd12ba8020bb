import { operationLogs } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { CheckStatus, ErrCode, Fn, HoldType, SimState, WorkType } from '@lodestar/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInZone } from '../../lib/time.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { addMonths } from './rules.ts';
import { simFactories } from './test-fixtures.ts';

afterAll(stopTestServers);

type User = Awaited<ReturnType<TestApp['buildUser']>>;
type Sim = { id: number; iccid: string };

describe.each(dbTargets())('work-order approval on $name PostgreSQL', (target) => {
  let t: TestApp;
  let f: ReturnType<typeof simFactories>;
  let cat: Awaited<ReturnType<ReturnType<typeof simFactories>['catalogue']>>;
  let provider: { id: number; path: string };
  let customer: { id: number; path: string };
  let auditor: User;
  let auditor2: User;
  let clerk: User;

  beforeAll(async () => {
    t = await startTestApp(target);
    f = simFactories(t.database.db);
    provider = await t.buildHold('Provider', t.rootHold, HoldType.ServiceProvider);
    customer = await t.buildHold('Customer', provider);
    auditor = await t.buildUser(provider, [Fn.simBusiness, Fn.audit]);
    auditor2 = await t.buildUser(provider, [Fn.audit]);
    clerk = await t.buildUser(customer, [Fn.simBusiness]);
    // The provider's packages: the customer's clerk may use them (lineage), never change them.
    cat = await f.catalogue(provider);
  });
  afterAll(() => t.close());

  const newSim = (over: Parameters<typeof f.sim>[2] = {}) => f.sim(customer, cat, over);
  const applyFor = async (sim: Sim, workType: WorkType, extra: Record<string, unknown> = {}) => {
    const r = await t.call<{ WorkIDs: number[] }>('POST', 'WorkFlow/AddWorkFlow', {
      token: clerk.token,
      body: { WorkType: workType, TargetID: sim.iccid, WorkCont: 'please', ...extra },
    });
    expect(r.code, r.msg).toBe(200);
    return r.data.WorkIDs[0]!;
  };
  const item = (workId: number, sim: Sim, workType: WorkType, status = CheckStatus.Agreed, extra = {}) => ({
    WorkID: workId,
    WorkType: workType,
    TargetID: sim.iccid,
    LockType: null,
    CheckStatus: status,
    CheckText: 'ok',
    ReHoldID: null,
    ...extra,
  });
  const check = (items: unknown, token = auditor.token) =>
    t.call('POST', 'WorkFlow/CheckWorkFlow', { token, body: items, lang: 'en' });
  const approve = async (items: unknown) => {
    const r = await check(items);
    expect(r.code, r.msg).toBe(200);
    expect(r.errCode).toBe(ErrCode.None);
    expect(r.data).toBeNull();
  };
  const count = async (token: string) => (await t.call<number>('POST', 'WorkFlow/GetWorkCount', { token })).data;

  it('stop and resume change the state, each with a history row carrying the order and before/after', async () => {
    const sim = await newSim({ state: SimState.Active });
    const stop = await applyFor(sim, WorkType.Stop);
    await approve([item(stop, sim, WorkType.Stop)]);
    expect((await f.simById(sim.id)).state).toBe(SimState.Suspended);
    expect(await f.orderById(stop)).toMatchObject({
      checkStatus: CheckStatus.Agreed,
      reviewerId: auditor.id,
      checkText: 'ok',
      checkTime: expect.any(Date),
    });
    const resume = await applyFor(sim, WorkType.Resume);
    await approve([item(resume, sim, WorkType.Resume)]);
    expect((await f.simById(sim.id)).state).toBe(SimState.Active);
    const history = await f.historyOf(sim.id);
    expect(history.map((h) => [h.action, h.workId, h.userId, h.detail])).toEqual([
      ['stop', stop, auditor.id, { before: { State: 4 }, after: { State: 5 }, CheckText: 'ok' }],
      ['resume', resume, auditor.id, { before: { State: 5 }, after: { State: 4 }, CheckText: 'ok' }],
    ]);
  });

  it('a return moves the card to the receiving unit and clears ShippedAt', async () => {
    const sim = await newSim({ shippedAt: new Date('2026-01-02T03:04:05Z') });
    const id = await applyFor(sim, WorkType.Return);
    await approve([item(id, sim, WorkType.Return, CheckStatus.Agreed, { ReHoldID: provider.id })]);
    const after = await f.simById(sim.id);
    expect([after.holdId, after.shippedAt, after.state]).toEqual([provider.id, null, SimState.Active]);
    expect((await f.orderById(id)).reHoldId).toBe(provider.id);
    expect((await f.historyOf(sim.id))[0]).toMatchObject({
      action: 'return',
      detail: {
        before: { HoldID: customer.id, ShippedAt: '2026-01-02T03:04:05.000Z' },
        after: { HoldID: provider.id, ShippedAt: null },
      },
    });
  });

  it('a package change moves to the new package', async () => {
    const sim = await newSim();
    const id = await applyFor(sim, WorkType.PackageChange, { PackageID: cat.premium.id });
    await approve([item(id, sim, WorkType.PackageChange)]);
    expect((await f.simById(sim.id)).packageId).toBe(cat.premium.id);
    expect((await f.historyOf(sim.id))[0]!.detail).toMatchObject({
      before: { PackageID: cat.basic.id },
      after: { PackageID: cat.premium.id },
    });
  });

  it('a renewal extends from the expiry, or from today for an expired card', async () => {
    const valid = await newSim({ expiresOn: '2031-01-31' });
    const expired = await newSim({ expiresOn: '2020-05-01' });
    const a = await applyFor(valid, WorkType.Renewal, { Months: 1 });
    const b = await applyFor(expired, WorkType.Renewal, { Months: 12, PackageID: cat.premium.id });
    expect((await f.orderById(a)).packageId).toBe(cat.basic.id);
    await approve([item(a, valid, WorkType.Renewal), item(b, expired, WorkType.Renewal)]);
    expect((await f.simById(valid.id)).expiresOn).toBe('2031-02-28');
    // The reviewer's calendar day (users default to Asia/Shanghai).
    const today = formatInZone(new Date(), 'Asia/Shanghai').slice(0, 10);
    const renewed = await f.simById(expired.id);
    expect([renewed.expiresOn, renewed.packageId]).toEqual([addMonths(today, 12), cat.premium.id]);
    expect((await f.historyOf(expired.id))[0]!.detail).toMatchObject({
      before: { ExpiresOn: '2020-05-01', PackageID: cat.basic.id },
      after: { ExpiresOn: addMonths(today, 12), PackageID: cat.premium.id },
    });
  });

  it('a lock binds the card to the IMEI and an unlock clears it', async () => {
    const sim = await newSim();
    const lock = await applyFor(sim, WorkType.Lock, { LockType: 1, IMEI: '861234567890123' });
    await approve([item(lock, sim, WorkType.Lock, CheckStatus.Agreed, { LockType: 1 })]);
    let row = await f.simById(sim.id);
    expect([row.lockType, row.lockedImei]).toEqual([1, '861234567890123']);
    const unlock = await applyFor(sim, WorkType.Lock, { LockType: 0 });
    await approve([item(unlock, sim, WorkType.Lock, CheckStatus.Agreed, { LockType: 0 })]);
    row = await f.simById(sim.id);
    expect([row.lockType, row.lockedImei]).toEqual([0, '']);
    expect((await f.historyOf(sim.id)).map((h) => h.action)).toEqual(['lock', 'unlock']);
  });

  it('a rejection changes only the order, and leaves a reject history row', async () => {
    const sim = await newSim();
    const before = await f.simById(sim.id);
    const id = await applyFor(sim, WorkType.Stop);
    await approve([item(id, sim, WorkType.Stop, CheckStatus.Rejected, { CheckText: '  not now  ' })]);
    expect(await f.simById(sim.id)).toEqual(before);
    expect(await f.orderById(id)).toMatchObject({ checkStatus: CheckStatus.Rejected, checkText: 'not now' });
    expect((await f.historyOf(sim.id)).map((h) => [h.action, h.workId, h.detail])).toEqual([
      ['reject', id, { WorkType: WorkType.Stop, CheckText: 'not now' }],
    ]);
  });

  it('refuses an approved return without a unit and changes nothing', async () => {
    const sim = await newSim();
    const id = await applyFor(sim, WorkType.Return);
    for (const body of [
      [item(id, sim, WorkType.Return, CheckStatus.Agreed, { ReHoldID: null })],
      [{ WorkID: id, WorkType: 3, TargetID: sim.iccid, CheckStatus: 2 }],
    ]) {
      const r = await check(body);
      expect([r.code, r.errCode]).toEqual([400, ErrCode.Validation]);
      expect(r.msg).toMatch(/^Unit required for return/);
    }
    expect((await f.orderById(id)).checkStatus).toBe(CheckStatus.UnderReview);
    expect((await f.simById(sim.id)).holdId).toBe(customer.id);
    expect(await f.historyOf(sim.id)).toEqual([]);
    // A rejected return needs no unit.
    await approve([item(id, sim, WorkType.Return, CheckStatus.Rejected)]);
  });

  it('applies nothing from a batch in which one item is refused', async () => {
    const a = await newSim();
    const b = await newSim();
    const c = await newSim();
    const [wa, wb, wc] = [
      await applyFor(a, WorkType.Stop),
      await applyFor(b, WorkType.Stop),
      await applyFor(c, WorkType.Stop),
    ];
    await approve([item(wb, b, WorkType.Stop)]);
    const reviewed = await check([item(wa, a, WorkType.Stop), item(wb, b, WorkType.Stop)]);
    expect([reviewed.code, reviewed.msg]).toEqual([400, `This order has already been reviewed: ${wb}`]);

    const missing = await check([item(wa, a, WorkType.Stop), item(999_999, a, WorkType.Stop)]);
    expect([missing.code, missing.errCode]).toEqual([403, ErrCode.OutsideHold]);

    // The card changed under the order: checked again when it is applied.
    await t.database.pool.query('UPDATE sims SET state = $1 WHERE id = $2', [SimState.Suspended, c.id]);
    const stale = await check([item(wa, a, WorkType.Stop), item(wc, c, WorkType.Stop)]);
    expect([stale.code, stale.msg]).toEqual([400, `The SIM's state does not allow this request: ${c.iccid}`]);

    const mismatch = await check([item(wa, a, WorkType.Stop), item(wc, c, WorkType.Resume)]);
    expect([mismatch.code, mismatch.msg]).toEqual([400, `Invalid field: WorkType 2 is not the type of order ${wc}`]);

    expect((await f.simById(a.id)).state).toBe(SimState.Active);
    expect((await f.orderById(wa)).checkStatus).toBe(CheckStatus.UnderReview);
    expect(await f.historyOf(a.id)).toEqual([]);
    await approve([item(wa, a, WorkType.Stop), item(wc, c, WorkType.Stop, CheckStatus.Rejected)]);
    expect((await f.simById(a.id)).state).toBe(SimState.Suspended);
  });

  it('refuses to review an order twice', async () => {
    const sim = await newSim();
    const id = await applyFor(sim, WorkType.Stop);
    await approve([item(id, sim, WorkType.Stop)]);
    const again = await check([item(id, sim, WorkType.Stop, CheckStatus.Rejected)]);
    expect([again.code, again.msg]).toEqual([400, `This order has already been reviewed: ${id}`]);
    expect((await f.orderById(id)).checkStatus).toBe(CheckStatus.Agreed);
    expect(await f.historyOf(sim.id)).toHaveLength(1);
  });

  it('lets exactly one of two reviewers approving the same order at once apply it', async () => {
    for (let round = 0; round < 3; round++) {
      const sim = await newSim({ expiresOn: '2031-01-15' });
      const id = await applyFor(sim, WorkType.Renewal, { Months: 6 });
      const results = await Promise.all([
        check([item(id, sim, WorkType.Renewal)], auditor.token),
        check([item(id, sim, WorkType.Renewal)], auditor2.token),
      ]);
      expect(results.map((r) => r.code).sort()).toEqual([200, 400]);
      expect(results.find((r) => r.code === 400)!.msg).toBe(`This order has already been reviewed: ${id}`);
      // Applied once: six months, not twelve.
      expect((await f.simById(sim.id)).expiresOn).toBe('2031-07-15');
      expect(await f.historyOf(sim.id)).toHaveLength(1);
    }
  });

  it('counts pending orders: the subtree for an auditor, its own for an applicant', async () => {
    const clerk2 = await t.buildUser(customer, [Fn.simBusiness]);
    const [auditorBefore, clerkBefore] = [await count(auditor.token), await count(clerk.token)];
    const mine = await newSim();
    const theirs = await newSim();
    const id = await applyFor(mine, WorkType.Stop);
    const other = await t.call<{ WorkIDs: number[] }>('POST', 'WorkFlow/AddWorkFlow', {
      token: clerk2.token,
      body: { WorkType: WorkType.Stop, TargetID: theirs.iccid, WorkCont: '' },
    });
    expect(other.code).toBe(200);
    const r = await t.call<number>('POST', 'WorkFlow/GetWorkCount', { token: clerk.token });
    expect(r.data).toBe(clerkBefore + 1);
    expect(await count(clerk2.token)).toBe(1);
    expect(await count(auditor.token)).toBe(auditorBefore + 2);
    await approve([item(id, mine, WorkType.Stop)]);
    expect(await count(clerk.token)).toBe(clerkBefore);
    expect(await count(auditor.token)).toBe(auditorBefore + 1);
  });

  it('answers "no order selected" for an empty array and refuses bodies that are not arrays of items', async () => {
    const empty = await check([]);
    expect([empty.code, empty.msg]).toEqual([400, 'No order selected']);
    const zh = await t.call('POST', 'WorkFlow/CheckWorkFlow', { token: auditor.token, body: [], lang: 'zh' });
    expect(zh.msg).toBe('请选择工单');
    const object = await check({ WorkID: 1, WorkType: 1, TargetID: 'x', CheckStatus: 2 });
    expect([object.code, object.errCode, object.msg]).toEqual([
      400,
      ErrCode.Validation,
      'Invalid field: body must be array',
    ]);
    const status = await check([{ WorkID: 1, WorkType: 1, TargetID: 'x', CheckStatus: 1 }]);
    expect(status.msg).toMatch(/^Invalid field: 0\.CheckStatus/);
    const noId = await check([{ WorkType: 1, TargetID: 'x', CheckStatus: 2 }]);
    expect(noId.msg).toBe('Invalid field: 0.WorkID is required');
  });

  it('needs the audit function (45) to review', async () => {
    const sim = await newSim();
    const id = await applyFor(sim, WorkType.Stop);
    const r = await check([item(id, sim, WorkType.Stop)], clerk.token);
    expect([r.code, r.errCode]).toEqual([403, ErrCode.NoFunction]);
    expect((await f.orderById(id)).checkStatus).toBe(CheckStatus.UnderReview);
  });

  it('writes an operation-log line for every application and review', async () => {
    const logs = await t.database.db
      .select({ action: operationLogs.action, n: sql<number>`count(*)::int` })
      .from(operationLogs)
      .where(eq(operationLogs.userId, auditor.id))
      .groupBy(operationLogs.action);
    expect(logs.find((l) => l.action === 'checkWorkFlow')?.n).toBeGreaterThanOrEqual(10);
    const [applied] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(operationLogs)
      .where(eq(operationLogs.action, 'addWorkFlow'));
    const [orders] = (await t.database.pool.query('SELECT count(*)::int AS n FROM work_orders')).rows;
    expect(applied!.n).toBe(orders.n);
  });
});
