import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { paymentOrders } from './schema-billing.ts';
import { holds, users } from './schema-core.ts';
import { devices } from './schema-fleet.ts';
import { workOrders } from './schema-sim.ts';

/*
 * The VPoint wallet and VIP upgrades (issue #19). A wallet's balance is the sum of its entries; `wallets`
 * caches it, written only in the transaction that adds the entry, under the wallet row's lock.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const holdRef = (name = 'hold_id') =>
  integer(name)
    .notNull()
    .references(() => holds.id);
const userRef = (name = 'user_id') => integer(name).references(() => users.id, { onDelete: 'set null' });

/** A hold's VPoint balance: the sum of its wallet_entries, never below zero. */
export const wallets = pgTable(
  'wallets',
  {
    holdId: integer('hold_id')
      .primaryKey()
      .references(() => holds.id),
    balance: integer('balance').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('wallets_balance_check', sql`${t.balance} >= 0`)],
);

/** VIP upgrades: who paid, for which period, how it takes effect. */
export const vipUpgrades = pgTable(
  'vip_upgrades',
  {
    id: serial('id').primaryKey(),
    /** The paying hold (the caller's). */
    holdId: holdRef(),
    userId: userRef(),
    /** VipEffective: now, approval, plus3. */
    effective: text('effective').notNull(),
    /** By months, or to a fixed date: one of the two. */
    months: smallint('months'),
    toDate: date('to_date'),
    totalVPoint: integer('total_vpoint').notNull(),
    /** VipUpgradeStatus */
    status: smallint('status').notNull(),
    /** "On approval": the work order SIM administration decides. */
    workId: integer('work_id').references(() => workOrders.id),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [index('vip_upgrades_hold_idx').on(t.holdId, t.createdAt)],
);

/** A device of an upgrade: its price and its expiry before and after. */
export const vipUpgradeItems = pgTable(
  'vip_upgrade_items',
  {
    id: serial('id').primaryKey(),
    upgradeId: integer('upgrade_id')
      .notNull()
      .references(() => vipUpgrades.id),
    /** Null once the device is removed; the history keeps its ID. */
    devicePk: integer('device_pk').references(() => devices.id, { onDelete: 'set null' }),
    deviceId: text('device_id').notNull(),
    /** The device's hold when upgraded. */
    deviceHoldId: holdRef('device_hold_id'),
    trackerType: smallint('tracker_type').notNull(),
    pricePerYear: integer('price_per_year').notNull(),
    vpoint: integer('vpoint').notNull(),
    expiresBefore: date('expires_before'),
    /** The quoted expiry; on approval it is computed again from the approval day. */
    expiresAfter: date('expires_after').notNull(),
  },
  (t) => [index('vip_upgrade_items_upgrade_idx').on(t.upgradeId), index('vip_upgrade_items_device_idx').on(t.devicePk)],
);

/** Every VPoint movement: top-ups, upgrades, gifts given and received, refunds. */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: serial('id').primaryKey(),
    holdId: holdRef(),
    /** WalletEntryKind */
    kind: smallint('kind').notNull(),
    /** Signed: credits positive, debits negative. */
    vpoint: integer('vpoint').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** Top-ups: the money paid, in fen (CNY). */
    amountFen: integer('amount_fen').notNull().default(0),
    /** Top-ups: the payment order that credited it (at most one entry each). */
    orderId: integer('order_id').references(() => paymentOrders.id),
    orderNo: text('order_no').notNull().default(''),
    /** Who moved it: the payer, the giver, the upgrading user. */
    userId: userRef(),
    /** Gifts: the other hold. */
    counterpartHoldId: integer('counterpart_hold_id').references(() => holds.id),
    upgradeId: integer('upgrade_id').references(() => vipUpgrades.id),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('wallet_entries_hold_idx').on(t.holdId, t.createdAt),
    uniqueIndex('wallet_entries_order_idx').on(t.orderId),
  ],
);

/**
 * VIP prices (VPoints per device-year) a parent's administrator sets for a unit below it, and the VPoint
 * rate of top-ups for a service provider, and the VIP years a new device starts with. Unset values fall back to the nearest ancestor's, then the settings.
 */
export const vipSettings = pgTable('vip_settings', {
  holdId: integer('hold_id')
    .primaryKey()
    .references(() => holds.id),
  price1: integer('price1'),
  price2: integer('price2'),
  vpointPerYuan: integer('vpoint_per_yuan'),
  /** Years of VIP a new device of this unit (or of a unit below it without its own) gets on activation. */
  defaultVipYears: integer('default_vip_years'),
  updatedBy: userRef('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
