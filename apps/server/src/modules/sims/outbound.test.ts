import { operationLogs, simHistory, sims, workOrders } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn, SimState, WorkType } from '@lodestar/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { buildCatalogue, type Catalogue, iccid, insertSims } from './test-fixtures.ts';

afterAll(stopTestServers);

describe.each(dbTargets())('SIM outbound on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token: string;
  let userId: number;
  let cat: Catalogue;
  let hold: { id: number; path: string };
  let customer: { id: number; path: string };
  let sibling: { id: number; path: string };
  const ship = (body: object) => t.call<{ Count: number }>('POST', 'Sim/Outbound', { token, body, lang: 'en' });
  const simsBy = (ids: number[]) => t.database.db.select().from(sims).where(inArray(sims.id, ids)).orderBy(sims.id);

  beforeAll(async () => {
    t = await startTestApp(target);
    hold = await t.buildHold('Provider');
    customer = await t.buildHold('Customer', hold);
    sibling = await t.buildHold('Sibling');
    const user = await t.buildUser(hold, [Fn.simOutbound]);
    token = user.token;
    userId = user.id;
    cat = await buildCatalogue(t, hold);
  });
  afterAll(() => t.close());

  it('ships SIMs by id: holder and ShippedAt set, stock becomes Silent, history and log written', async () => {
    const list = await insertSims(t, cat, hold.id, [
      { iccid: iccid(1) },
      { iccid: iccid(2) },
      { iccid: iccid(3), state: SimState.Active },
    ]);
    const r = await ship({ HoldID: customer.id, SimIDs: list.map((s) => s.id), Remark: 'order 42' });
    expect(r).toMatchObject({ code: 200, data: { Count: 3 } });
    const after = await simsBy(list.map((s) => s.id));
    expect(after.map((s) => [s.holdId, s.state])).toEqual([
      [customer.id, SimState.Silent],
      [customer.id, SimState.Silent],
      [customer.id, SimState.Active],
    ]);
    expect(after.every((s) => s.shippedAt && Date.now() - s.shippedAt.getTime() < 60_000)).toBe(true);
    const history = await t.database.db.select().from(simHistory).where(eq(simHistory.simId, list[0]!.id));
    expect(history).toMatchObject([
      {
        action: 'outbound',
        userId,
        detail: {
          holdId: [hold.id, customer.id],
          holdName: ['Provider', 'Customer'],
          state: [SimState.InStock, SimState.Silent],
          remark: 'order 42',
        },
      },
    ]);
    const [active] = await t.database.db.select().from(simHistory).where(eq(simHistory.simId, list[2]!.id));
    expect(active!.detail).not.toHaveProperty('state');
    const logs = await t.database.db.select().from(operationLogs).where(eq(operationLogs.action, 'simOutbound'));
    expect(logs.map((l) => l.detail)).toContain(`3 → ${customer.id} Customer (order 42)`);
  });

  it('ships an inclusive ICCID range of one length among the caller’s SIMs only', async () => {
    const mine = await insertSims(
      t,
      cat,
      hold.id,
      [100, 101, 102, 104, 105, 106].map((n) => ({ iccid: iccid(n) })),
    );
    // Inside the range as text but one character shorter: not part of it.
    const short = await insertSims(t, cat, hold.id, [{ iccid: iccid(103).slice(0, 19) }]);
    const siblingCat = await buildCatalogue(t, sibling, ' S');
    const theirs = await insertSims(t, siblingCat, sibling.id, [{ iccid: iccid(103) }]);
    const r = await ship({ HoldID: customer.id, ICCIDFrom: iccid(102), ICCIDTo: iccid(105) });
    expect(r.data.Count).toBe(3);
    const moved = (await simsBy([...mine, ...short, ...theirs].map((s) => s.id))).filter(
      (s) => s.holdId === customer.id,
    );
    expect(moved.map((s) => s.iccid)).toEqual([iccid(102), iccid(104), iccid(105)]);
    const [their] = await simsBy([theirs[0]!.id]);
    expect(their!.holdId).toBe(sibling.id);
  });

  it('refuses a target outside the subtree and the caller’s own hold', async () => {
    const [sim] = await insertSims(t, cat, hold.id, [{ iccid: iccid(200) }]);
    const outside = await ship({ HoldID: sibling.id, SimIDs: [sim!.id] });
    expect({ code: outside.code, errCode: outside.errCode }).toEqual({ code: 403, errCode: ErrCode.OutsideHold });
    const own = await ship({ HoldID: hold.id, SimIDs: [sim!.id] });
    expect(own).toMatchObject({ code: 400, msg: 'You cannot ship SIMs to your own organisation' });
    const [after] = await simsBy([sim!.id]);
    expect(after!.holdId).toBe(hold.id);
  });

  it('refuses SIMs with an open work order, cancelled ones and ones already there, by ICCID, moving none', async () => {
    const [free, busy, cancelled, there] = await insertSims(t, cat, hold.id, [
      { iccid: iccid(300) },
      { iccid: iccid(301) },
      { iccid: iccid(302), state: SimState.Cancelled },
      { iccid: iccid(303) },
    ]);
    await t.database.db.update(sims).set({ holdId: customer.id }).where(eq(sims.id, there!.id));
    await t.database.db.insert(workOrders).values({ workType: WorkType.Stop, simId: busy!.id, holdId: hold.id });
    const r1 = await ship({ HoldID: customer.id, SimIDs: [free!.id, busy!.id] });
    expect(r1).toMatchObject({ code: 400, msg: `These SIMs have an order under review: ${iccid(301)}` });
    const r2 = await ship({ HoldID: customer.id, SimIDs: [free!.id, cancelled!.id] });
    expect(r2).toMatchObject({ code: 400, msg: `These SIMs are cancelled: ${iccid(302)}` });
    const r3 = await ship({ HoldID: customer.id, SimIDs: [free!.id, there!.id] });
    expect(r3).toMatchObject({ code: 400, msg: `These SIMs are already in that organisation: ${iccid(303)}` });
    const [after] = await simsBy([free!.id]);
    expect(after).toMatchObject({ holdId: hold.id, state: SimState.InStock, shippedAt: null });
  });

  it('refuses another hold’s SIM among the ids, an empty range, and a malformed pick', async () => {
    const [mine] = await insertSims(t, cat, hold.id, [{ iccid: iccid(400) }]);
    const [theirs] = await insertSims(t, await buildCatalogue(t, sibling, ' S2'), sibling.id, [{ iccid: iccid(401) }]);
    const mixed = await ship({ HoldID: customer.id, SimIDs: [mine!.id, theirs!.id] });
    expect(mixed.errCode).toBe(ErrCode.OutsideHold);
    expect((await simsBy([mine!.id]))[0]!.holdId).toBe(hold.id);
    const none = await ship({ HoldID: customer.id, ICCIDFrom: iccid(401), ICCIDTo: iccid(401) });
    expect(none.errCode).toBe(ErrCode.OutsideHold);
    expect((await ship({ HoldID: customer.id })).msg).toBe('Give either SimIDs or ICCIDFrom and ICCIDTo');
    expect((await ship({ HoldID: customer.id, SimIDs: [mine!.id], ICCIDFrom: iccid(400) })).code).toBe(400);
    const lengths = await ship({ HoldID: customer.id, ICCIDFrom: iccid(400), ICCIDTo: iccid(400).slice(0, 19) });
    expect(lengths.msg).toMatch(/same length/);
    const backwards = await ship({ HoldID: customer.id, ICCIDFrom: iccid(401), ICCIDTo: iccid(400) });
    expect(backwards.msg).toMatch(/same length/);
  });
});
