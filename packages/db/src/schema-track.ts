/**
 * The track's read copy (issue #16): once a UTC day closes, each device's positions of that day packed into
 * one row, so a 30-day track reads 30 rows instead of 259,200 positions scattered one per heap page over
 * every device's history. Positions stay the record; these rows are rebuilt from them (the history module's
 * rollup job), and the ingest marks a day stale when a late fix for it is stored.
 */
import { sql } from 'drizzle-orm';
import { customType, date, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * A device's UTC day of positions in the compact track's units (apps/server/src/modules/history/track-columns.ts packDay):
 * Unix seconds, millionths of a degree, tenths of km/h, degrees, each column delta-encoded and the whole
 * deflated. A day with no positions has a row too (points 0), so the job does not look at it again.
 */
export const trackDays = pgTable(
  'track_days',
  {
    devicePk: integer('device_pk').notNull(),
    day: date('day').notNull(),
    points: integer('points').notNull(),
    data: bytea('data').notNull(),
    /**
     * The day's share of GetTrack's compact reply (apps/server/src/modules/history/compact-reply.ts): each column's
     * JSON text deflated ahead of time, joined into gzip replies as it is. Null on rows rolled before it existed,
     * which the job rolls again (the partial index finds them).
     */
    reply: bytea('reply'),
    rolledAt: timestamp('rolled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.devicePk, t.day] }),
    index('track_days_no_reply_idx').on(t.day).where(sql`${t.reply} IS NULL`),
  ],
);

/**
 * (device, UTC day) pairs whose track_days row no longer holds every position: a fix for a closed day arrived
 * after it was rolled (or while it was being rolled). Readers skip such a row; the job rolls the day again and
 * removes the mark in the same transaction.
 */
export const trackDaysStale = pgTable(
  'track_days_stale',
  {
    devicePk: integer('device_pk').notNull(),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.devicePk, t.day] })],
);
