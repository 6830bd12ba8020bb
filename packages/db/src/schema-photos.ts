/**
 * Photos terminals uploaded (issue #18, JT/T 808 0x0801): on a platform command or on their own alarms. The JPEG
 * lives under DATA_DIR (`path`, relative to it), written before its row commits; the hold is the device's at the
 * time of the shot, so a device moved later leaves its old photos with the unit that owned it then.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { holds } from './schema-core.ts';
import { commands, devices } from './schema-fleet.ts';

export const photos = pgTable(
  'photos',
  {
    id: serial('id').primaryKey(),
    devicePk: integer('device_pk')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    holdId: integer('hold_id')
      .notNull()
      .references(() => holds.id, { onDelete: 'cascade' }),
    channel: smallint('channel').notNull(),
    /** 0x0800 event code: 0 platform command, 1 timed, 2 robbery alarm, 3 collision or rollover, … */
    event: smallint('event').notNull(),
    /** DWORD: past the range of integer. */
    multimediaId: bigint('multimedia_id', { mode: 'number' }).notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    size: integer('size').notNull(),
    path: text('path').notNull(),
    /** The 'photo' command this upload answers, when one was sent to the device shortly before. */
    commandId: integer('command_id').references(() => commands.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('photos_hold_taken_idx').on(t.holdId, t.takenAt),
    index('photos_device_taken_idx').on(t.devicePk, t.takenAt),
  ],
);
