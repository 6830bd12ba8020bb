import { devices, walletEntries, wallets } from '@lodestar/db';
import { Fn } from '@lodestar/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { TestApp } from '../../test/harness.ts';

export const WALLET_FNS = [Fn.wallet, Fn.topUp, Fn.gift, Fn.upgradeVip, Fn.vipManage, Fn.export];

let serial = 866_000_000_000_000;

/** Devices straight into the table: `[trackerType, vipExpiresAt]` each. */
export async function insertDevices(t: TestApp, holdId: number, specs: [number, string | null][]) {
  const rows = await t.database.db
    .insert(devices)
    .values(
      specs.map(([trackerType, vipExpiresAt]) => ({
        deviceId: String(serial++),
        protocol: 'gt06',
        holdId,
        trackerType,
        vipExpiresAt,
      })),
    )
    .returning();
  return rows;
}

/** A unit with an administrator holding every wallet function, and a child unit. */
export async function buildWalletHold(t: TestApp, name: string) {
  const hold = await t.buildHold(name);
  const child = await t.buildHold(`${name}-1`, hold);
  const admin = await t.buildUser(hold, WALLET_FNS);
  return { hold, child, admin };
}

export async function expiries(t: TestApp, pks: number[]) {
  const rows = await t.database.db
    .select({ id: devices.id, vip: devices.vipExpiresAt })
    .from(devices)
    .where(inArray(devices.id, pks))
    .orderBy(asc(devices.id));
  return rows.map((r) => r.vip);
}

/** The wallet as stored: the cached balance and the sum of its entries must agree. */
export async function ledger(t: TestApp, holdId: number) {
  const db = t.database.db;
  const [w] = await db.select().from(wallets).where(eq(wallets.holdId, holdId));
  const entries = await db
    .select()
    .from(walletEntries)
    .where(eq(walletEntries.holdId, holdId))
    .orderBy(asc(walletEntries.id));
  return { balance: w?.balance ?? 0, sum: entries.reduce((s, e) => s + e.vpoint, 0), entries };
}

/** Credits a wallet through a sandbox top-up paid at the default rate (1 VPoint a yuan). */
export async function topUp(t: TestApp, token: string, yuan: number) {
  const order = await t.call<{ OrderID: number }>('POST', 'Wallet/TopUp', {
    token,
    body: { AmountFen: yuan * 100, Method: 1 },
  });
  if (order.code !== 200) throw new Error(`top-up failed: ${order.msg}`);
  const paid = await t.call('POST', 'Payment/SandboxPay', {
    token,
    body: { OrderID: order.data.OrderID, Outcome: 'paid' },
  });
  if (paid.code !== 200) throw new Error(`sandbox pay failed: ${paid.msg}`);
  return order.data.OrderID;
}
