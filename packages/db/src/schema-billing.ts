import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { holds, users } from './schema-core.ts';
import { simPackages, sims, suppliers, workOrders } from './schema-sim.ts';

/*
 * SIM administration II (issue #6, docs/SIM-API-2.md): payments, renewals, SMS, notices,
 * supplier reconciliation and customer bills. Money in fen; enums from @lodestar/domain billing.ts.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const holdRef = (name = 'hold_id') =>
  integer(name)
    .notNull()
    .references(() => holds.id);
const userRef = (name = 'user_id') => integer(name).references(() => users.id, { onDelete: 'set null' });

/** Payment orders (spec section 3 "Wallet order"): renewals and SMS packs, paid by a mobile provider. */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: serial('id').primaryKey(),
    /** Our order number, sent to the provider as out_trade_no: 'R' or 'S' + time + random. */
    orderNo: text('order_no').notNull(),
    /** PayKind */
    kind: smallint('kind').notNull(),
    /** PayMethod */
    method: smallint('method').notNull(),
    /** The provider that handles it: sandbox, alipay or wechatpay. */
    provider: text('provider').notNull(),
    /** The payer's hold: the order is visible in its lineage subtree. */
    holdId: holdRef(),
    userId: userRef(),
    amountFen: integer('amount_fen').notNull(),
    currency: text('currency').notNull().default('CNY'),
    /** PayStatus */
    status: smallint('status').notNull().default(0),
    subject: text('subject').notNull().default(''),
    /** SmsPack orders: the pack and how many SMS it credits. */
    smsPackId: text('sms_pack_id'),
    smsCount: integer('sms_count'),
    /**
     * WalletTopUp orders: the VPoints the order credits, at the rate the payer was shown when it was made (a rate
     * changed before the provider's callback does not change what was bought).
     */
    vpoint: integer('vpoint'),
    /** What the payer opens or scans (QR content / pay page); sandbox orders have their own. */
    payUrl: text('pay_url').notNull().default(''),
    providerTradeNo: text('provider_trade_no'),
    failReason: text('fail_reason').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_orders_no_idx').on(t.orderNo),
    index('payment_orders_hold_idx').on(t.holdId, t.createdAt),
    index('payment_orders_status_idx').on(t.status, t.expiresAt),
  ],
);

/** The SIMs a renewal order renews, priced when the order was made. */
export const paymentOrderItems = pgTable(
  'payment_order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => paymentOrders.id, { onDelete: 'cascade' }),
    simId: integer('sim_id')
      .notNull()
      .references(() => sims.id),
    packageId: integer('package_id')
      .notNull()
      .references(() => simPackages.id),
    periods: smallint('periods').notNull(),
    months: smallint('months').notNull(),
    feeFen: integer('fee_fen').notNull(),
  },
  (t) => [index('payment_order_items_order_idx').on(t.orderId), index('payment_order_items_sim_idx').on(t.simId)],
);

/** Every provider callback and sandbox action, kept to show why an order changed or did not. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id').references(() => paymentOrders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** notify, sandbox, close, expire, query */
    event: text('event').notNull(),
    /** applied, duplicate, rejected, failed */
    outcome: text('outcome').notNull(),
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('payment_events_order_idx').on(t.orderId)],
);

/** Applied renewals, online or by work order: the renewal fee report and customer bills read these. */
export const renewals = pgTable(
  'renewals',
  {
    id: serial('id').primaryKey(),
    simId: integer('sim_id')
      .notNull()
      .references(() => sims.id),
    /** The SIM's holder when renewed (the customer billed). */
    holdId: holdRef(),
    packageId: integer('package_id').references(() => simPackages.id),
    months: smallint('months').notNull(),
    feeFen: integer('fee_fen').notNull(),
    /** RenewalSource */
    source: smallint('source').notNull(),
    orderId: integer('order_id').references(() => paymentOrders.id),
    workId: integer('work_id').references(() => workOrders.id),
    expiresBefore: date('expires_before'),
    expiresAfter: date('expires_after').notNull(),
    userId: userRef(),
    createdAt: createdAt(),
  },
  (t) => [
    index('renewals_hold_idx').on(t.holdId, t.createdAt),
    index('renewals_created_idx').on(t.createdAt),
    index('renewals_sim_idx').on(t.simId),
    uniqueIndex('renewals_order_sim_idx').on(t.orderId, t.simId),
  ],
);

/** SMS a hold may still send (bought in packs, spent per segment). */
export const smsBalances = pgTable('sms_balances', {
  holdId: integer('hold_id')
    .primaryKey()
    .references(() => holds.id),
  balance: integer('balance').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** SMS sent to SIMs (manage/record). */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The sender's hold, whose balance paid. */
    holdId: holdRef(),
    simId: integer('sim_id').references(() => sims.id),
    msisdn: text('msisdn').notNull(),
    content: text('content').notNull(),
    segments: smallint('segments').notNull(),
    /** SmsState */
    state: smallint('state').notNull().default(0),
    provider: text('provider').notNull(),
    providerMessageId: text('provider_message_id'),
    error: text('error').notNull().default(''),
    userId: userRef(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('sms_messages_hold_idx').on(t.holdId, t.createdAt), index('sms_messages_sim_idx').on(t.simId)],
);

/** User notices (/message). Title and text are rendered from kind + params in the reader's language. */
export const userNotices = pgTable(
  'user_notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** NoticeKind */
    kind: text('kind').notNull(),
    params: jsonb('params').notNull().default(sql`'{}'::jsonb`),
    /** One notice per user and key, e.g. simExpiring:2026-11-22 or workOrder:17. */
    dedupeKey: text('dedupe_key').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_notices_dedupe_idx').on(t.userId, t.dedupeKey),
    index('user_notices_user_idx').on(t.userId, t.createdAt),
  ],
);

/** One supplier month: what we expected to owe, what the supplier billed, how they differ. */
export const supplierReconciliations = pgTable(
  'supplier_reconciliations',
  {
    id: serial('id').primaryKey(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    /** The supplier's owner hold (tenancy). */
    holdId: holdRef(),
    month: text('month').notNull(),
    simCount: integer('sim_count').notNull(),
    expectedFen: integer('expected_fen').notNull(),
    billedFen: integer('billed_fen'),
    billFileName: text('bill_file_name').notNull().default(''),
    billRows: integer('bill_rows').notNull().default(0),
    matched: integer('matched').notNull().default(0),
    missingInBill: integer('missing_in_bill').notNull().default(0),
    missingInOurs: integer('missing_in_ours').notNull().default(0),
    priceMismatch: integer('price_mismatch').notNull().default(0),
    /** ReconState */
    state: smallint('state').notNull().default(0),
    userId: userRef(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('supplier_recon_month_idx').on(t.supplierId, t.month)],
);

export const supplierReconciliationLines = pgTable(
  'supplier_reconciliation_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reconciliationId: integer('reconciliation_id')
      .notNull()
      .references(() => supplierReconciliations.id, { onDelete: 'cascade' }),
    iccid: text('iccid').notNull(),
    simId: integer('sim_id').references(() => sims.id),
    msisdn: text('msisdn').notNull().default(''),
    packageName: text('package_name').notNull().default(''),
    expectedFen: integer('expected_fen'),
    billedFen: integer('billed_fen'),
    /** ReconMatch */
    match: smallint('match').notNull(),
  },
  (t) => [index('supplier_recon_lines_idx').on(t.reconciliationId, t.match, t.iccid)],
);

/** A customer hold's bill for a month (reconciliation/bill). */
export const customerBills = pgTable(
  'customer_bills',
  {
    id: serial('id').primaryKey(),
    /** The customer billed. */
    holdId: holdRef(),
    month: text('month').notNull(),
    simCount: integer('sim_count').notNull(),
    renewalCount: integer('renewal_count').notNull(),
    renewalFen: integer('renewal_fen').notNull(),
    smsPackFen: integer('sms_pack_fen').notNull(),
    smsSent: integer('sms_sent').notNull(),
    totalFen: integer('total_fen').notNull(),
    /** Paid online already (renewals and SMS packs paid through a provider). */
    paidFen: integer('paid_fen').notNull(),
    dueFen: integer('due_fen').notNull(),
    /** BillState */
    state: smallint('state').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: userRef('paid_by'),
    userId: userRef(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customer_bills_month_idx').on(t.holdId, t.month), index('customer_bills_month').on(t.month)],
);

export const customerBillLines = pgTable(
  'customer_bill_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    billId: integer('bill_id')
      .notNull()
      .references(() => customerBills.id, { onDelete: 'cascade' }),
    /** BillLineKind */
    kind: smallint('kind').notNull(),
    simId: integer('sim_id').references(() => sims.id),
    iccid: text('iccid').notNull().default(''),
    msisdn: text('msisdn').notNull().default(''),
    /** Package name, SMS pack size… as shown. */
    description: text('description').notNull().default(''),
    amountFen: integer('amount_fen').notNull().default(0),
    /** Paid online already. */
    paid: boolean('paid').notNull().default(false),
    /** The order number or work-order id behind the line. */
    ref: text('ref').notNull().default(''),
    occurredAt: timestamp('occurred_at', { withTimezone: true }),
  },
  (t) => [index('customer_bill_lines_idx').on(t.billId, t.kind)],
);
