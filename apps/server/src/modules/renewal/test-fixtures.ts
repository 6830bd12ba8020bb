import { paymentEvents, paymentOrders, renewals, simHistory, sims } from '@lodestar/db';
import { DEFAULT_APP_ID, Fn, SimState } from '@lodestar/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import { formatInZone } from '../../lib/time.ts';
import type { TestApp } from '../../test/harness.ts';
import { buildCatalogue, iccid, insertSims } from '../sims/test-fixtures.ts';

export const today = () => formatInZone(new Date(), 'Asia/Shanghai').slice(0, 10);
export const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

export interface OrderView {
  OrderID: number;
  OrderNo: string;
  Kind: number;
  Method: number;
  Provider: string;
  Sandbox: boolean;
  AmountFen: number;
  Status: number;
  PayUrl: string;
  FailReason: string;
}

let serial = 10_000;
/** A customer hold with a renewal user (fn 4 + export) and SIMs expiring, expired and far off. */
export async function buildRenewalHold(t: TestApp, name: string, parent?: { id: number; path: string }) {
  const hold = await t.buildHold(name, parent);
  const cat = await buildCatalogue(t, hold, ` ${name}`);
  const user = await t.buildUser(hold, [Fn.simRecharge, Fn.export]);
  const day = today();
  const rows = await insertSims(t, cat, hold.id, [
    {
      iccid: iccid(serial++),
      msisdn: `1440000${serial}`,
      packageId: cat.mobilePkg.id,
      expiresOn: addDays(day, 10),
      state: SimState.Active,
    },
    {
      iccid: iccid(serial++),
      msisdn: `1440000${serial}`,
      packageId: cat.mobilePkg.id,
      expiresOn: addDays(day, -20),
      state: SimState.Active,
    },
    {
      iccid: iccid(serial++),
      msisdn: `1440000${serial}`,
      packageId: cat.mobilePkg.id,
      expiresOn: addDays(day, 200),
      state: SimState.Active,
    },
    {
      iccid: iccid(serial++),
      operatorId: cat.unicom.id,
      packageId: cat.unicomPkg.id,
      expiresOn: addDays(day, 5),
      state: SimState.Active,
    },
    { iccid: iccid(serial++), packageId: cat.mobilePkg.id, expiresOn: addDays(day, 3), state: SimState.Cancelled },
    { iccid: iccid(serial++), packageId: null, expiresOn: addDays(day, 2), state: SimState.Active },
  ]);
  const [expiring, expired, farOff, unicomSim, cancelled, noPackage] = rows as [
    (typeof rows)[number],
    (typeof rows)[number],
    (typeof rows)[number],
    (typeof rows)[number],
    (typeof rows)[number],
    (typeof rows)[number],
  ];
  return { hold, cat, user, sims: { expiring, expired, farOff, unicomSim, cancelled, noPackage } };
}

/** What paying changed: renewals, history rows and the SIMs' expiry. */
export async function effects(t: TestApp, simIds: number[]) {
  const db = t.database.db;
  const [r, h, s] = await Promise.all([
    db.select().from(renewals).where(inArray(renewals.simId, simIds)).orderBy(asc(renewals.id)),
    db.select().from(simHistory).where(inArray(simHistory.simId, simIds)).orderBy(asc(simHistory.id)),
    db.select().from(sims).where(inArray(sims.id, simIds)).orderBy(asc(sims.id)),
  ]);
  return { renewals: r, history: h.filter((x) => x.action === 'renewal'), sims: s };
}

export async function eventsOf(t: TestApp, orderId: number) {
  return t.database.db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.orderId, orderId))
    .orderBy(asc(paymentEvents.id));
}

export async function orderRow(t: TestApp, orderId: number) {
  const [row] = await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
  return row!;
}

/**
 * Posts a provider callback as the provider would: raw body, its own headers, no token; to the
 * contract path (with the appid) or, `alias`, to the address providers are given (no query).
 */
export async function postNotify(
  t: TestApp,
  provider: string,
  rawBody: string,
  headers: Record<string, string>,
  alias = false,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: alias ? `/payment-notify/${provider}` : `/API/api/Payment/Notify/${provider}`,
    ...(alias ? {} : { query: { appid: DEFAULT_APP_ID } }),
    headers,
    payload: rawBody,
  });
  return { status: res.statusCode, body: res.body };
}
