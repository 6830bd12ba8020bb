/** The fleet: vehicles, devices and what they are on, their positions, states, events, commands and follows. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { holds, users } from './schema-core.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Vehicles (spec section 3). Devices point at their vehicle (devices.vehicle_id): a vehicle carries several,
 * typically one wired and one wireless, and a device is on one object at a time.
 */
export const vehicles = pgTable(
  'vehicles',
  {
    id: serial('id').primaryKey(),
    holdId: integer('hold_id')
      .notNull()
      .references(() => holds.id),
    plate: text('plate').notNull(),
    ownerName: text('owner_name').notNull().default(''),
    brand: text('brand').notNull().default(''),
    vehicleType: text('vehicle_type').notNull().default(''),
    colour: text('colour').notNull().default(''),
    /** 17 characters, upper case; '' when not known. Unique among vehicles that have one. */
    vin: text('vin').notNull().default(''),
    engineNo: text('engine_no').notNull().default(''),
    storeName: text('store_name').notNull().default(''),
    storePhone: text('store_phone').notNull().default(''),
    workOrderNo: text('work_order_no').notNull().default(''),
    installTime: timestamp('install_time', { withTimezone: true }),
    /** Fen (1/100 yuan): money is never a float. */
    cost: integer('cost').notNull().default(0),
    homeAddress: text('home_address').notNull().default(''),
    /** WGS-84, like every stored point. */
    homeLat: doublePrecision('home_lat'),
    homeLng: doublePrecision('home_lng'),
    companyAddress: text('company_address').notNull().default(''),
    companyLat: doublePrecision('company_lat'),
    companyLng: doublePrecision('company_lng'),
    province: text('province').notNull().default(''),
    tag: text('tag').notNull().default(''),
    remark: text('remark').notNull().default(''),
    /** VehicleLifeStatus (spec section 3), a `VehicleLifeStatus` code of packages/domain; null: none kept. */
    lifeStatus: smallint('life_status'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Vehicle/GetVehicleList at 100,000 vehicles: each sortable column has an index the order can walk (the nullable
  // ones both ways, as empty values sort last either way), and the keyword's substring match (plate, VIN, owner,
  // a bound device's ID) uses trigram indexes (pg_trgm, migration 0012) instead of reading every row.
  (t) => [
    index('vehicles_hold_idx').on(t.holdId, t.id),
    index('vehicles_plate_idx').on(t.plate),
    uniqueIndex('vehicles_vin_idx').on(t.vin).where(sql`${t.vin} <> ''`),
    index('vehicles_owner_idx').on(t.ownerName),
    index('vehicles_cost_idx').on(t.cost),
    index('vehicles_created_idx').on(t.createdAt),
    index('vehicles_install_idx').on(t.installTime),
    index('vehicles_install_desc_idx').on(t.installTime.desc().nullsLast()),
    index('vehicles_life_status_idx').on(t.lifeStatus),
    index('vehicles_life_status_desc_idx').on(t.lifeStatus.desc().nullsLast()),
    index('vehicles_plate_trgm_idx').using('gin', sql`${t.plate} gin_trgm_ops`),
    index('vehicles_vin_trgm_idx').using('gin', sql`${t.vin} gin_trgm_ops`),
    index('vehicles_owner_trgm_idx').using('gin', sql`${t.ownerName} gin_trgm_ops`),
  ],
);

/** Trackers. `deviceId` is what the device calls itself: IMEI, or the JT/T 808 terminal phone. */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    deviceId: text('device_id').notNull(),
    protocol: text('protocol').notNull(),
    holdId: integer('hold_id')
      .notNull()
      .references(() => holds.id),
    name: text('name').notNull().default(''),
    sim: text('sim').notNull().default(''),
    model: text('model').notNull().default(''),
    /** 1 wired, 2 wireless (spec section 3: tracker type). */
    trackerType: smallint('tracker_type').notNull().default(1),
    timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
    remark: text('remark').notNull().default(''),
    vipExpiresAt: date('vip_expires_at'),
    /** Overspeed rule: alarm after `overspeedSeconds` continuously above `speedLimit` km/h; 0 = off. */
    speedLimit: smallint('speed_limit').notNull().default(0),
    overspeedSeconds: smallint('overspeed_seconds').notNull().default(5),
    /** When a user activated the device (Device/Activate); null until then or until its first report. */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** What the device is on (spec section 3's device types): 1 vehicle, 2 person, 3 asset (`ObjectType` in packages/domain). */
    objectType: smallint('object_type').notNull().default(1),
    /** The vehicle the device is bound to (object type 1); null: on none. Persons and assets are device_objects rows. */
    vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('devices_device_id_idx').on(t.deviceId),
    index('devices_hold_idx').on(t.holdId),
    // A unit's GPS home counts its VIP windows and its devices added lately off these alone (index-only scans, one
    // range per hold of the subtree), not by reading every device of the unit.
    index('devices_hold_vip_idx').on(t.holdId, t.vipExpiresAt),
    index('devices_hold_created_idx').on(t.holdId, t.createdAt),
    index('devices_vehicle_idx').on(t.vehicleId),
    // The device list's default order (newest first), so its first page is not a sort of the whole fleet.
    index('devices_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    // Soonest VIP expiry first, ties by id (the list's tie-break), read from the index.
    index('devices_vip_idx').on(t.vipExpiresAt, t.id),
    // The device lists' keyword (a substring of the ID, name or SIM): trigram indexes, as for vehicles.
    index('devices_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('devices_sim_trgm_idx').using('gin', sql`${t.sim} gin_trgm_ops`),
    // The vehicle list's keyword over a bound device's ID (a substring, any case).
    index('devices_device_id_trgm_idx').using('gin', sql`${t.deviceId} gin_trgm_ops`),
  ],
);

/**
 * The person or asset a person or asset device is on (spec section 3: Person device, Asset device), one per device.
 * Person fields and asset fields share the row; the kind says which apply.
 */
export const deviceObjects = pgTable(
  'device_objects',
  {
    devicePk: integer('device_pk')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** 2 person, 3 asset: the device's object_type when the row was written. */
    kind: smallint('kind').notNull(),
    name: text('name').notNull(),
    /** The person's or asset's own number ("id" in spec section 3): staff number, asset tag. */
    objectNo: text('object_no').notNull().default(''),
    age: smallint('age'),
    /** Chinese resident ID card number, 18 characters, GB 11643 check digit verified. */
    idCard: text('id_card').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** 1 male, 2 female; null not given. */
    sex: smallint('sex'),
    category: text('category').notNull().default(''),
    /** Stored photo (JPG/PNG) under DATA_DIR; '' none. */
    photo: text('photo').notNull().default(''),
    colour: text('colour').notNull().default(''),
    /** Kilograms and metres. */
    weight: real('weight'),
    length: real('length'),
    width: real('width'),
    height: real('height'),
    shape: text('shape').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The device list's keyword finds a person's or asset's name (a substring, any case) through this.
  (t) => [index('device_objects_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`)],
);

/**
 * One row per device per calendar day (UTC+8 business day, see the ingest) on which it reported: the
 * online rate per day of the GPS home and the reports, without scanning positions.
 */
export const deviceDays = pgTable(
  'device_days',
  {
    day: date('day').notNull(),
    devicePk: integer('device_pk')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.day, t.devicePk] })],
);

/**
 * Every stored fix, in device time order per device. No foreign key: this is the hot insert path,
 * and devices are never deleted while they have history (removal keeps history, see devices service).
 */
export const positions = pgTable(
  'positions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    devicePk: integer('device_pk').notNull(),
    fixTime: timestamp('fix_time', { withTimezone: true }).notNull(),
    serverTime: timestamp('server_time', { withTimezone: true }).notNull(),
    valid: boolean('valid').notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    speed: real('speed').notNull(),
    course: smallint('course').notNull(),
    altitude: real('altitude'),
    satellites: smallint('satellites'),
    alarms: text('alarms').array(),
    attributes: jsonb('attributes'),
  },
  (t) => [index('positions_device_time_idx').on(t.devicePk, t.fixTime)],
);

/** The latest state per device, kept in its own row so the monitor never scans history. */
export const deviceStates = pgTable('device_states', {
  devicePk: integer('device_pk')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  fixTime: timestamp('fix_time', { withTimezone: true }),
  receiveTime: timestamp('receive_time', { withTimezone: true }),
  lastSeen: timestamp('last_seen', { withTimezone: true }),
  valid: boolean('valid'),
  lat: doublePrecision('lat'),
  lon: doublePrecision('lon'),
  speed: real('speed'),
  course: smallint('course'),
  satellites: smallint('satellites'),
  acc: boolean('acc'),
  battery: real('battery'),
  /** Kilometres, accumulated from consecutive valid fixes (or the device odometer). */
  mileage: doublePrecision('mileage').notNull().default(0),
  alarms: text('alarms').array().notNull().default(sql`'{}'::text[]`),
  connected: boolean('connected').notNull().default(false),
  overspeedSince: timestamp('overspeed_since', { withTimezone: true }),
  attributes: jsonb('attributes'),
});

export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    devicePk: integer('device_pk').notNull(),
    /** alarm, ignitionOn, ignitionOff, online, offline, zone (a zone event recorded without an alarm) */
    type: text('type').notNull(),
    alarm: text('alarm'),
    eventTime: timestamp('event_time', { withTimezone: true }).notNull(),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    /** The fence or road of a zone event (issue #17): no foreign key, so removing a zone keeps its history. */
    fenceId: integer('fence_id'),
    roadId: integer('road_id'),
    /** km/h at the event, for the zone engine's events. */
    speed: real('speed'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releaseReason: text('release_reason'),
    releasedBy: integer('released_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('events_device_time_idx').on(t.devicePk, t.eventTime),
    // The GPS home's alarms of today across a whole fleet: only alarm rows, so the ingest pays for it only on alarms.
    index('events_alarm_time_idx').on(t.eventTime).where(sql`${t.type} = 'alarm'`),
    // A fence's or road's recent events (its page), without reading every event of its devices.
    index('events_fence_time_idx').on(t.fenceId, t.eventTime).where(sql`${t.fenceId} IS NOT NULL`),
    index('events_road_time_idx').on(t.roadId, t.eventTime).where(sql`${t.roadId} IS NOT NULL`),
  ],
);

export const unknownDevices = pgTable(
  'unknown_devices',
  {
    deviceId: text('device_id').notNull(),
    protocol: text('protocol').notNull(),
    remoteAddress: text('remote_address').notNull(),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull(),
    attempts: bigint('attempts', { mode: 'number' }).notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.protocol] })],
);

/**
 * A batch command or message (issue #18): one send to many devices, each device's command a row of commands with
 * this batch_id. kind 'message' for Message/SendMessage, 'command' for Command/SendBatch.
 */
export const commandBatches = pgTable(
  'command_batches',
  {
    id: serial('id').primaryKey(),
    /** The sender's hold: GetBatch answers only within the caller's subtree. */
    holdId: integer('hold_id')
      .notNull()
      .references(() => holds.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    type: text('type').notNull(),
    params: jsonb('params').notNull(),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    expireAt: timestamp('expire_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('command_batches_hold_idx').on(t.holdId, t.createdAt)],
);

/**
 * Commands down to devices: queued → sent → acknowledged, or failed / expired / cancelled (packages/domain
 * COMMAND_STATUSES). expire_at: never sent after it. via 'sms': a message texted to the device's SIM instead.
 */
export const commands = pgTable(
  'commands',
  {
    id: serial('id').primaryKey(),
    devicePk: integer('device_pk')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('queued'),
    result: text('result'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    expireAt: timestamp('expire_at', { withTimezone: true }).notNull().default(sql`now() + interval '1 day'`),
    batchId: integer('batch_id').references(() => commandBatches.id, { onDelete: 'set null' }),
    via: text('via').notNull().default('device'),
  },
  (t) => [
    index('commands_device_status_idx').on(t.devicePk, t.status),
    index('commands_batch_idx').on(t.batchId),
    // The expiry sweep: queued and sent commands by expiry.
    index('commands_open_expire_idx').on(t.expireAt).where(sql`status IN ('queued', 'sent')`),
  ],
);

/** Devices a user follows on the monitor (spec section 4: following a vehicle toggles). */
export const follows = pgTable(
  'follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    devicePk: integer('device_pk')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.devicePk] })],
);
