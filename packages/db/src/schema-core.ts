import type { HoldTypeCode } from '@lodestar/domain';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Organisations. `path` is the materialised path of ids ("/1/4/9/"), so "this hold and every hold
 * below it" is one indexed prefix query: `path LIKE '/1/4/%'`.
 */
export const holds = pgTable(
  'holds',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    holdType: smallint('hold_type').$type<HoldTypeCode>().notNull(),
    path: text('path').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('holds_path_idx').using('btree', sql`${t.path} text_pattern_ops`),
    index('holds_parent_idx').on(t.parentId),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    holdId: integer('hold_id')
      .notNull()
      .references(() => holds.id),
    phone: text('phone').notNull(),
    userName: text('user_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    accountType: smallint('account_type').notNull(),
    contact: text('contact').notNull().default(''),
    email: text('email').notNull().default(''),
    remark: text('remark').notNull().default(''),
    timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
    serviceEndDate: date('service_end_date'),
    defaultProvince: text('default_province').notNull().default(''),
    address: text('address').notNull().default(''),
    /**
     * The daily window in which the user may log in ("start and end time" of spec section 3's User/enterprise),
     * `HH:mm` in the user's time zone; both null: any time. An end before the start runs past midnight.
     */
    accessStart: text('access_start'),
    accessEnd: text('access_end'),
    menuPosition: smallint('menu_position').notNull().default(3),
    language: text('language').notNull().default('zh'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_phone_idx').on(t.phone), index('users_hold_idx').on(t.holdId)],
);

export const userFunctions = pgTable(
  'user_functions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    functionId: integer('function_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.functionId] })],
);

/** Log-in sessions. Only a SHA-256 of the token is stored, so a database dump holds no live token. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt)],
);

export const operationLogs = pgTable(
  'operation_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id'),
    holdId: integer('hold_id'),
    action: text('action').notNull(),
    detail: text('detail').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('operation_logs_hold_idx').on(t.holdId, t.createdAt)],
);

export const visitorLogs = pgTable(
  'visitor_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id'),
    holdId: integer('hold_id'),
    phone: text('phone').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    result: text('result').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('visitor_logs_created_idx').on(t.createdAt)],
);

/** The download centre: files the server prepares for a user (exports arrive in later issues). */
export const downloads = pgTable(
  'downloads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    status: smallint('status').notNull().default(0),
    progress: smallint('progress').notNull().default(0),
    size: integer('size').notNull().default(0),
    storagePath: text('storage_path').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('downloads_user_idx').on(t.userId, t.createdAt)],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  active: boolean('active').notNull().default(true),
});
