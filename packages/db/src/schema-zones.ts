/**
 * Geo-fences, roads and points (issue #17). Geometry is WGS-84 GeoJSON in jsonb (the engine loads it whole and
 * indexes bounding boxes in memory, so the database needs no spatial extension); the box columns let a list
 * or a map view ask for what is in sight. A device is bound to a zone by a row of fence_devices or
 * road_devices; zone_states holds the zones each device is inside now, so enter/leave fire once and stay
 * timers survive a restart.
 */
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { holds } from './schema-core.ts';
import { devices } from './schema-fleet.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const holdRef = () =>
  integer('hold_id')
    .notNull()
    .references(() => holds.id, { onDelete: 'cascade' });
const devicePk = () =>
  integer('device_pk')
    .notNull()
    .references(() => devices.id, { onDelete: 'cascade' });
/** [minLng, minLat, maxLng, maxLat] of the geometry (a road's widened by half its width). */
const bbox = {
  minLng: doublePrecision('min_lng').notNull(),
  minLat: doublePrecision('min_lat').notNull(),
  maxLng: doublePrecision('max_lng').notNull(),
  maxLat: doublePrecision('max_lat').notNull(),
};

export const fences = pgTable(
  'fences',
  {
    id: serial('id').primaryKey(),
    holdId: holdRef(),
    name: text('name').notNull(),
    /** circle, rectangle, polygon (FENCE_SHAPES) */
    shape: text('shape').notNull(),
    /** FenceGeometry: a GeoJSON Polygon, or { type: 'Circle', Center, Radius } */
    geometry: jsonb('geometry').notNull(),
    ...bbox,
    /** both, enter, leave, none (FENCE_RECORD_TYPES) */
    recordType: text('record_type').notNull(),
    triggerAlarm: boolean('trigger_alarm').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    /** Minutes after midnight in `time_zone`; a window whose end is before its start runs over midnight. */
    dailyFrom: smallint('daily_from'),
    dailyTo: smallint('daily_to'),
    timeZone: text('time_zone').notNull(),
    /** km/h */
    speedLimit: smallint('speed_limit'),
    maxStayMinutes: integer('max_stay_minutes'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('fences_hold_idx').on(t.holdId)],
);

export const roads = pgTable(
  'roads',
  {
    id: serial('id').primaryKey(),
    holdId: holdRef(),
    name: text('name').notNull(),
    /** LineGeometry: a GeoJSON LineString */
    geometry: jsonb('geometry').notNull(),
    ...bbox,
    /** metres, the whole corridor */
    width: smallint('width').notNull(),
    speedLimit: smallint('speed_limit'),
    /** One km/h or null per segment (null: speed_limit) */
    segmentLimits: jsonb('segment_limits'),
    triggerAlarm: boolean('trigger_alarm').notNull(),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('roads_hold_idx').on(t.holdId)],
);

/** `command_id`: the last push of the zone to a JT/T 808 terminal (its status is the command's). */
export const fenceDevices = pgTable(
  'fence_devices',
  {
    fenceId: integer('fence_id')
      .notNull()
      .references(() => fences.id, { onDelete: 'cascade' }),
    devicePk: devicePk(),
    commandId: integer('command_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.fenceId, t.devicePk] }), index('fence_devices_device_idx').on(t.devicePk)],
);

export const roadDevices = pgTable(
  'road_devices',
  {
    roadId: integer('road_id')
      .notNull()
      .references(() => roads.id, { onDelete: 'cascade' }),
    devicePk: devicePk(),
    commandId: integer('command_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.roadId, t.devicePk] }), index('road_devices_device_idx').on(t.devicePk)],
);

/**
 * The zones a device has visited ('f' fence, 'r' road corridor) and whether it is inside now: no row or `inside`
 * false, outside. Written in the transaction
 * of the position that changed it, with its events, so a restart resumes the same visit and its stay timer.
 */
export const zoneStates = pgTable(
  'zone_states',
  {
    devicePk: devicePk(),
    zoneKind: text('zone_kind').notNull(),
    zoneId: integer('zone_id').notNull(),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull(),
    /** Over the zone's limit now (fires once until back under). */
    overspeed: boolean('overspeed').notNull().default(false),
    /** The max-stay event of this visit has fired. */
    stayFired: boolean('stay_fired').notNull().default(false),
    /**
     * Inside the zone now. A leave marks the row outside rather than deleting it, so the ingest writes enters and
     * leaves as one upsert statement (an update that touches no indexed column: HOT, no foreign key check).
     * The other fields mean nothing while it is false.
     */
    inside: boolean('inside').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.devicePk, t.zoneKind, t.zoneId] })],
);

/** POIs, favourite places and risk points (POI_KINDS). */
export const pois = pgTable(
  'pois',
  {
    id: serial('id').primaryKey(),
    holdId: holdRef(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull().default(''),
    icon: text('icon').notNull().default('pin'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    remark: text('remark').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('pois_hold_kind_idx').on(t.holdId, t.kind)],
);

/** Which device models are full-function (spec section 9); a model with no row is not. */
export const deviceModels = pgTable('device_models', {
  model: text('model').primaryKey(),
  fullFunction: boolean('full_function').notNull().default(false),
  updatedBy: integer('updated_by'),
  updatedAt: updatedAt(),
});
