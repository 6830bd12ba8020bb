import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** The hold that owns a catalogue row: it and the holds below it may use the row. */
const ownerHold = () =>
  integer('hold_id')
    .notNull()
    .references(() => holds.id);

/** Carriers (spec: ISP, OperatorID/OperatorName), e.g. China Mobile. */
export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    holdId: ownerHold(),
    name: text('name').notNull(),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('operators_hold_name_idx').on(t.holdId, t.name)],
);

/** Card form factors (standard / micro / nano / MP chip), per carrier. */
export const cardTypes = pgTable(
  'card_types',
  {
    id: serial('id').primaryKey(),
    holdId: ownerHold(),
    name: text('name').notNull(),
    operatorId: integer('operator_id').references(() => operators.id),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('card_types_hold_name_idx').on(t.holdId, t.name)],
);

/** Carrier packages: a period, a data volume and SMS count, a price in fen. */
export const simPackages = pgTable(
  'sim_packages',
  {
    id: serial('id').primaryKey(),
    holdId: ownerHold(),
    name: text('name').notNull(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    periodMonths: smallint('period_months').notNull(),
    dataMb: integer('data_mb').notNull().default(0),
    smsCount: integer('sms_count').notNull().default(0),
    priceFen: integer('price_fen').notNull(),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sim_packages_hold_name_idx').on(t.holdId, t.name)],
);

export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    holdId: ownerHold(),
    name: text('name').notNull(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    contact: text('contact').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('suppliers_hold_name_idx').on(t.holdId, t.name)],
);

/** One import of SIM cards into stock (warehousing): the batch history of manage/warehousing. */
export const simImportBatches = pgTable(
  'sim_import_batches',
  {
    id: serial('id').primaryKey(),
    holdId: ownerHold(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull().default(''),
    total: integer('total').notNull(),
    imported: integer('imported').notNull(),
    failed: integer('failed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sim_import_batches_hold_idx').on(t.holdId, t.createdAt)],
);

/**
 * SIM cards. `holdId` is the holder: the stocking hold until shipped, then the customer.
 * `state` is the carrier lifecycle (domain SimState); the display states are computed.
 * A card is bound to a device when a device's `sim` equals its MSISDN (no stored link to go stale).
 */
export const sims = pgTable(
  'sims',
  {
    id: serial('id').primaryKey(),
    iccid: text('iccid').notNull(),
    msisdn: text('msisdn').notNull().default(''),
    imsi: text('imsi').notNull().default(''),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    cardTypeId: integer('card_type_id').references(() => cardTypes.id),
    packageId: integer('package_id').references(() => simPackages.id),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    holdId: ownerHold(),
    batchId: integer('batch_id').references(() => simImportBatches.id),
    state: smallint('state').notNull().default(1),
    activatedOn: date('activated_on'),
    expiresOn: date('expires_on'),
    balanceFen: integer('balance_fen').notNull().default(0),
    dataUsedMb: integer('data_used_mb').notNull().default(0),
    lockType: smallint('lock_type').notNull().default(0),
    lockedImei: text('locked_imei').notNull().default(''),
    remark: text('remark').notNull().default(''),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sims_iccid_idx').on(t.iccid),
    index('sims_msisdn_idx').on(t.msisdn),
    // One live card per number, or a unit could import another's number and text its tracker commands.
    // Empty numbers repeat; a cancelled card's number goes back to the carrier, who may hand it out again.
    uniqueIndex('sims_msisdn_live_idx').on(t.msisdn).where(sql`${t.msisdn} <> '' AND ${t.state} <> 7`),
    index('sims_hold_idx').on(t.holdId, t.id),
    index('sims_expires_idx').on(t.expiresOn),
    index('sims_supplier_idx').on(t.supplierId),
  ],
);

/** Every change to a SIM: import, outbound, each approved work order, edits. */
export const simHistory = pgTable(
  'sim_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    simId: integer('sim_id')
      .notNull()
      .references(() => sims.id, { onDelete: 'cascade' }),
    /** import, outbound, stop, resume, return, packageChange, renewal, lock, unlock, edit, workOrder, reject */
    action: text('action').notNull(),
    /** What changed: { field: [before, after] } plus context (batch, hold names, WorkID). */
    detail: jsonb('detail').notNull().default(sql`'{}'::jsonb`),
    userId: integer('user_id'),
    workId: integer('work_id'),
    createdAt: createdAt(),
  },
  (t) => [index('sim_history_sim_idx').on(t.simId, t.createdAt)],
);

/** Work orders (spec section 3): SIM business requests waiting for approval. */
export const workOrders = pgTable(
  'work_orders',
  {
    id: serial('id').primaryKey(),
    workType: smallint('work_type').notNull(),
    /** Null for a VIP upgrade (work type 7): its devices are on the vip_upgrades row pointing here. */
    simId: integer('sim_id').references(() => sims.id),
    /** The SIM's hold when applied: approvers see orders in their subtree. */
    holdId: ownerHold(),
    lockType: smallint('lock_type'),
    workCont: text('work_cont').notNull().default(''),
    /** Type 4/5: the package to move to / renew with; type 5: months; type 6: the IMEI. */
    packageId: integer('package_id').references(() => simPackages.id),
    months: smallint('months'),
    imei: text('imei'),
    applicantId: integer('applicant_id').references(() => users.id, { onDelete: 'set null' }),
    applyTime: timestamp('apply_time', { withTimezone: true }).notNull().defaultNow(),
    checkStatus: smallint('check_status').notNull().default(1),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    checkText: text('check_text').notNull().default(''),
    checkTime: timestamp('check_time', { withTimezone: true }),
    reHoldId: integer('re_hold_id').references(() => holds.id),
  },
  (t) => [
    index('work_orders_hold_status_idx').on(t.holdId, t.checkStatus, t.applyTime),
    index('work_orders_sim_idx').on(t.simId),
    // Every SIM business order names its card; only a VIP upgrade's (type 7) has none.
    check('work_orders_sim_check', sql`(${t.workType} = 7) = (${t.simId} IS NULL)`),
  ],
);
