/**
 * Provinces, the business map and insurance (issue #21): where each device was last located (province and city,
 * worked out from device_states by the spread module's locator, so the distribution map counts rows instead of
 * testing 100,000 points against polygons on every request), the provinces a unit operates in, the province a road
 * (a "line") runs in, and vehicles' insurance policies.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { holds, users } from './schema-core.ts';
import { devices, vehicles } from './schema-fleet.ts';
import { roads } from './schema-zones.ts';

/** A device's latest position's region: the province's GB/T 2260 code ('' outside China) and city's Chinese name. */
export const deviceRegions = pgTable(
  'device_regions',
  {
    devicePk: integer('device_pk')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    province: text('province').notNull(),
    city: text('city').notNull().default(''),
    /** WGS-84, the position located: a device whose state moved from it is located again. */
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    locatedAt: timestamp('located_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('device_regions_province_idx').on(t.province, t.city)],
);

/**
 * The business map's country view as a rollup (issue #21: 100,000 devices in under a second): located devices per
 * unit, province and heat cell of 0.5° (cell index = round(degrees / 0.5)). The locator adds each move to it as it
 * saves the region, and rebuilds it on every background pass, which also brings in devices moved to another unit or
 * removed (within that pass's 30 s).
 */
export const spreadCells = pgTable(
  'spread_cells',
  {
    holdId: integer('hold_id')
      .notNull()
      .references(() => holds.id, { onDelete: 'cascade' }),
    province: text('province').notNull(),
    cellX: integer('cell_x').notNull(),
    cellY: integer('cell_y').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.holdId, t.province, t.cellX, t.cellY] })],
);

/** The provinces a unit operates in; at most one of them is its default. */
export const holdProvinces = pgTable(
  'hold_provinces',
  {
    holdId: integer('hold_id')
      .notNull()
      .references(() => holds.id, { onDelete: 'cascade' }),
    province: text('province').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.holdId, t.province] }),
    uniqueIndex('hold_provinces_default_idx').on(t.holdId).where(sql`${t.isDefault}`),
    index('hold_provinces_province_idx').on(t.province),
  ],
);

/** A road of /monitor/road tagged as a line of a province (the road itself stays in `roads`). */
export const roadProvinces = pgTable(
  'road_provinces',
  {
    roadId: integer('road_id')
      .primaryKey()
      .references(() => roads.id, { onDelete: 'cascade' }),
    province: text('province').notNull(),
  },
  (t) => [index('road_provinces_province_idx').on(t.province)],
);

/** Vehicle insurance policies; the unit is the vehicle's, so a moved vehicle takes its policies along. */
export const insurancePolicies = pgTable(
  'insurance_policies',
  {
    id: serial('id').primaryKey(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    insurer: text('insurer').notNull(),
    policyNo: text('policy_no').notNull(),
    /** An `InsuranceType` of packages/domain (compulsory, commercial…). */
    policyType: text('policy_type').notNull(),
    /** Fen: money is never a float. */
    premium: integer('premium').notNull().default(0),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    /** Under DATA_DIR; null: no attachment. */
    attachmentPath: text('attachment_path'),
    attachmentName: text('attachment_name'),
    attachmentType: text('attachment_type'),
    remark: text('remark').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('insurance_policies_vehicle_idx').on(t.vehicleId),
    index('insurance_policies_end_idx').on(t.endDate),
    uniqueIndex('insurance_policies_number_idx').on(t.insurer, t.policyNo),
  ],
);
