import { workOrders } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { CheckStatus, ErrCode, Fn, HoldType, SimState, WorkType } from '@lodestar/domain';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { simFactories } from './test-fixtures.ts';

afterAll(stopTestServers);

type Catalogue = Awaited<ReturnType<ReturnType<typeof simFactories>['catalogue']>>;

describe.each(dbTargets())('applying for SIM business on $name PostgreSQL', (target) => {
  let t: TestApp;
  let f: ReturnType<typeof simFactories>;
  let cat: Catalogue;
  let otherCarrier: Catalogue;
  let customer: { id: number; path: string };
  let clerk: Awaited<ReturnType<TestApp['buildUser']>>;

  beforeAll(async () => {
    t = await startTestApp(target);
    f = simFactories(t.database.db);
    const provider = await t.buildHold('Provider', t.rootHold, HoldType.ServiceProvider);
    customer = await t.buildHold('Customer', provider);
    clerk = await t.buildUser(customer, [Fn.simBusiness]);
    cat = await f.catalogue(provider);
    otherCarrier = await f.catalogue(provider);
  });
  afterAll(() => t.close());

  const newSim = (over: Parameters<typeof f.sim>[2] = {}) => f.sim(customer, cat, over);
  const add = (body: Record<string, unknown>, token = clerk.token) =>
    t.call<{ WorkIDs: number[] }>('POST', 'WorkFlow/AddWorkFlow', {
      token,
      lang: 'en',
      body: { WorkCont: 'please', ...body },
    });
  const ordersOf = (...simIds: number[]) =>
    t.database.db.select().from(workOrders).where(inArray(workOrders.simId, simIds));
  const refused = async (body: Record<string, unknown>, msg: string, simIds: number[]) => {
    const before = (await ordersOf(...simIds)).length;
    const r = await add(body);
    expect([r.code, r.msg]).toEqual([400, msg]);
    expect(await ordersOf(...simIds)).toHaveLength(before);
    return r;
  };

  it('writes one order per card, owned by the card’s hold, with the fields its type carries', async () => {
    const a = await newSim();
    const b = await newSim();
    const r = await add({
      WorkType: WorkType.Lock,
      TargetID: a.iccid,
      TargetIDs: [a.iccid, ` ${b.iccid} `],
      LockType: 1,
      IMEI: '861234567890123',
      Months: 3,
    });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.WorkIDs).toHaveLength(2);
    const orders = await ordersOf(a.id, b.id);
    expect(orders.map((o) => o.id).sort()).toEqual([...r.data.WorkIDs].sort());
    for (const o of orders)
      expect(o).toMatchObject({
        workType: WorkType.Lock,
        holdId: customer.id,
        applicantId: clerk.id,
        checkStatus: CheckStatus.UnderReview,
        lockType: 1,
        imei: '861234567890123',
        months: null,
        packageId: null,
        workCont: 'please',
      });
    const renewal = await add({ WorkType: WorkType.Renewal, TargetID: (await newSim()).iccid, Months: 24 });
    expect(renewal.code).toBe(200);
    const [order] = await t.database.db.select().from(workOrders).where(inArray(workOrders.id, renewal.data.WorkIDs));
    expect([order!.months, order!.packageId]).toEqual([24, cat.basic.id]);
  });

  it('refuses a card that already has an order under review', async () => {
    const sim = await newSim();
    expect((await add({ WorkType: WorkType.Stop, TargetID: sim.iccid })).code).toBe(200);
    const r = await refused(
      { WorkType: WorkType.Renewal, TargetID: sim.iccid, Months: 1 },
      `This SIM already has an order under review: ${sim.iccid}`,
      [sim.id],
    );
    expect(r.errCode).toBe(ErrCode.Conflict);
  });

  it('refuses a type the card’s state does not allow', async () => {
    const cases: [WorkType, SimState][] = [
      [WorkType.Stop, SimState.InStock],
      [WorkType.Stop, SimState.Suspended],
      [WorkType.Stop, SimState.Cancelled],
      [WorkType.Resume, SimState.Active],
      [WorkType.Resume, SimState.Silent],
      [WorkType.Return, SimState.Cancelled],
    ];
    for (const [workType, state] of cases) {
      const sim = await newSim({ state });
      await refused(
        { WorkType: workType, TargetID: sim.iccid },
        `The SIM's state does not allow this request: ${sim.iccid}`,
        [sim.id],
      );
    }
    for (const state of [SimState.Testing, SimState.Silent, SimState.Active])
      expect((await add({ WorkType: WorkType.Stop, TargetID: (await newSim({ state })).iccid })).code).toBe(200);
    expect(
      (await add({ WorkType: WorkType.Return, TargetID: (await newSim({ state: SimState.Stopped })).iccid })).code,
    ).toBe(200);
  });

  it('checks every card before writing any order', async () => {
    const good = await newSim();
    const bad = await newSim({ state: SimState.Suspended });
    await refused(
      { WorkType: WorkType.Stop, TargetIDs: [good.iccid, bad.iccid] },
      `The SIM's state does not allow this request: ${bad.iccid}`,
      [good.id, bad.id],
    );
    const missing = await add({ WorkType: WorkType.Stop, TargetIDs: [good.iccid, '89860000000000009999'] });
    expect([missing.code, missing.errCode]).toEqual([403, ErrCode.OutsideHold]);
    expect(await ordersOf(good.id)).toEqual([]);
  });

  it('needs a different package of the card’s own carrier for a package change', async () => {
    const sim = await newSim();
    await refused(
      { WorkType: WorkType.PackageChange, TargetID: sim.iccid, PackageID: otherCarrier.premium.id },
      `The package is not one of the SIM's carrier: ${sim.iccid}`,
      [sim.id],
    );
    await refused(
      { WorkType: WorkType.Renewal, TargetID: sim.iccid, Months: 1, PackageID: otherCarrier.basic.id },
      `The package is not one of the SIM's carrier: ${sim.iccid}`,
      [sim.id],
    );
    await refused(
      { WorkType: WorkType.PackageChange, TargetID: sim.iccid, PackageID: cat.basic.id },
      `The new package is the current one: ${sim.iccid}`,
      [sim.id],
    );
    await refused({ WorkType: WorkType.PackageChange, TargetID: sim.iccid }, 'Invalid field: PackageID is required', [
      sim.id,
    ]);
    const gone = await add({ WorkType: WorkType.PackageChange, TargetID: sim.iccid, PackageID: 999_999 });
    expect([gone.code, gone.errCode]).toEqual([403, ErrCode.OutsideHold]);
    expect((await add({ WorkType: WorkType.PackageChange, TargetID: sim.iccid, PackageID: cat.premium.id })).code).toBe(
      200,
    );
  });

  it('checks the IMEI of a lock, the months of a renewal and that there is a card', async () => {
    const sim = await newSim();
    for (const IMEI of ['12345', '86123456789012a', '8612345678901234', undefined])
      await refused(
        { WorkType: WorkType.Lock, TargetID: sim.iccid, LockType: 1, IMEI },
        'IMEI must be 15 digits: IMEI',
        [sim.id],
      );
    await refused({ WorkType: WorkType.Lock, TargetID: sim.iccid }, 'Invalid field: LockType is required', [sim.id]);
    await refused({ WorkType: WorkType.Renewal, TargetID: sim.iccid }, 'Invalid field: Months is required', [sim.id]);
    const tooLong = await add({ WorkType: WorkType.Renewal, TargetID: sim.iccid, Months: 61 });
    expect(tooLong.msg).toMatch(/^Invalid field: Months/);
    const noCard = await add({ WorkType: WorkType.Stop, TargetIDs: [] });
    expect(noCard.msg).toBe('Invalid field: TargetID is required');
    const badType = await add({ WorkType: 7, TargetID: sim.iccid });
    expect(badType.msg).toMatch(/^Invalid field: WorkType/);
    expect((await add({ WorkType: WorkType.Lock, TargetID: sim.iccid, LockType: 0, IMEI: 'ignored' })).code).toBe(200);
  });

  it('needs the SIM business function (11)', async () => {
    const auditorOnly = await t.buildUser(customer, [Fn.audit]);
    const sim = await newSim();
    const r = await add({ WorkType: WorkType.Stop, TargetID: sim.iccid }, auditorOnly.token);
    expect([r.code, r.errCode]).toEqual([403, ErrCode.NoFunction]);
    expect(await ordersOf(sim.id)).toEqual([]);
  });
});
