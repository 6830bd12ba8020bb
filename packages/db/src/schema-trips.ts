/**
 * Trips and stops (issue #16): derived from positions as they are stored (the ingest's trip tracker), so
 * reports, risk and geofence dwell read segments instead of scanning fixes. Rebuilt per device from a
 * late fix on; a row is never written before its positions are committed.
 */
import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, real, timestamp } from 'drizzle-orm/pg-core';
import { devices } from './schema-fleet.ts';

const time = (name: string) => timestamp(name, { withTimezone: true }).notNull();
const devicePk = () =>
  integer('device_pk')
    .notNull()
    .references(() => devices.id, { onDelete: 'cascade' });

/**
 * Closed trips. The key is the start (one segment starts at a time per device); the end_time index serves
 * the overlap query `end_time >= from AND start_time <= to`, which the start alone cannot bound below.
 */
export const trips = pgTable(
  'trips',
  {
    devicePk: devicePk(),
    startTime: time('start_time'),
    endTime: time('end_time'),
    startLat: doublePrecision('start_lat').notNull(),
    startLon: doublePrecision('start_lon').notNull(),
    endLat: doublePrecision('end_lat').notNull(),
    endLon: doublePrecision('end_lon').notNull(),
    /** metres */
    distance: doublePrecision('distance').notNull(),
    /** seconds */
    duration: integer('duration').notNull(),
    /** km/h */
    maxSpeed: real('max_speed').notNull(),
    avgSpeed: real('avg_speed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.devicePk, t.startTime] }), index('trips_device_end_idx').on(t.devicePk, t.endTime)],
);

/** Closed stops (at least HISTORY_STOP_SECONDS), at the mean of their fixes. */
export const stops = pgTable(
  'stops',
  {
    devicePk: devicePk(),
    startTime: time('start_time'),
    endTime: time('end_time'),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    duration: integer('duration').notNull(),
  },
  (t) => [primaryKey({ columns: [t.devicePk, t.startTime] }), index('stops_device_end_idx').on(t.devicePk, t.endTime)],
);

/**
 * A device's trip detector as the tracker last persisted it (DetectorState of @lodestar/domain, with the
 * open trip or stop), and its watermark: the latest fix time fed. After a restart the tracker reads the
 * positions past the watermark.
 */
export const tripStates = pgTable('trip_states', {
  devicePk: integer('device_pk')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  state: jsonb('state').notNull(),
  watermark: timestamp('watermark', { withTimezone: true }),
});
