/**
 * Notices administrators write for their subtree (issue #21, spec section 3 "Notice") and the per-hold branding and
 * platform setting (spec sections 5 and 6). A notice keeps every version: an edit adds a version and leaves the
 * one it replaces as "old"; removing a notice stamps `removed_at` and keeps its rows (state "deleted").
 */
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { holds, users } from './schema-core.ts';

export const bulletins = pgTable(
  'bulletins',
  {
    id: serial('id').primaryKey(),
    /** The hold whose subtree reads it. */
    holdId: integer('hold_id')
      .notNull()
      .references(() => holds.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [index('bulletins_hold_idx').on(t.holdId)],
);

export const bulletinVersions = pgTable(
  'bulletin_versions',
  {
    id: serial('id').primaryKey(),
    bulletinId: integer('bulletin_id')
      .notNull()
      .references(() => bulletins.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    /** Sanitised HTML (modules/bulletins/sanitise.ts), never the raw input. */
    body: text('body').notNull(),
    beginAt: timestamp('begin_at', { withTimezone: true }).notNull(),
    /** banner, popup or list (packages/domain BULLETIN_LEVELS). */
    showLevel: text('show_level').notNull(),
    editedBy: integer('edited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('bulletin_versions_bulletin_version_idx').on(t.bulletinId, t.version)],
);

/** A user saw a version's pop-up or dismissed its banner: an edit (a new version) shows again. */
export const bulletinReads = pgTable(
  'bulletin_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    versionId: integer('version_id')
      .notNull()
      .references(() => bulletinVersions.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.versionId] })],
);

/**
 * A hold's own branding and platform setting; null fields inherit the nearest ancestor's (the header shows the
 * nearest title and logo in the lineage).
 */
export const holdSettings = pgTable('hold_settings', {
  holdId: integer('hold_id')
    .primaryKey()
    .references(() => holds.id, { onDelete: 'cascade' }),
  title: text('title'),
  /** Base64 of a 40×40 PNG, checked by its IHDR. */
  logoPng: text('logo_png'),
  /** 1 or 2 (spec section 6). */
  platform: smallint('platform'),
  externalLink: text('external_link'),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});
