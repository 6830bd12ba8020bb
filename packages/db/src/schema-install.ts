/**
 * Installers and install tasks (issue #20, docs/install-flow.md). An installer is a user of account type 4 with
 * its working details beside it; a task belongs to a unit (hold) and names its vehicle by VIN. Photos live under
 * DATA_DIR (`path`, relative to it), removed with their task by the service, the rows by the cascade.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { holds, users } from './schema-core.ts';
import { devices } from './schema-fleet.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const installers = pgTable(
  'installers',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    region: text('region').notNull().default(''),
    company: text('company').notNull().default(''),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('installers_active_idx').on(t.active)],
);

export const installTasks = pgTable(
  'install_tasks',
  {
    id: serial('id').primaryKey(),
    holdId: integer('hold_id')
      .notNull()
      .references(() => holds.id),
    orderNo: text('order_no').notNull(),
    /** A TaskStatus of packages/domain: 0, 1, 2, 3, 8 or 9. */
    status: smallint('status').notNull().default(0),
    vin: text('vin').notNull(),
    customer: text('customer').notNull(),
    project: text('project').notNull().default(''),
    /** Where the installer goes (the phone's "navigate" opens the map apps at it). */
    address: text('address').notNull().default(''),
    agent: text('agent').notNull().default(''),
    store: text('store').notNull().default(''),
    /** Fen. */
    cost: integer('cost').notNull().default(0),
    remark: text('remark').notNull().default(''),
    installerId: integer('installer_id').references(() => users.id, { onDelete: 'set null' }),
    expectedAt: at('expected_at'),
    /** First accept (1 → 2). */
    startedAt: at('started_at'),
    /** Last submit (2 → 3). */
    endedAt: at('ended_at'),
    /** Approval (3 → 9). */
    checkedAt: at('checked_at'),
    /** When the task last went to 2: a device is "proven online" by a valid fix after it. */
    workingSince: at('working_since'),
    rejections: smallint('rejections').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().default(sql`now()`),
    updatedAt: at('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('install_tasks_order_no_idx').on(t.orderNo),
    index('install_tasks_hold_created_idx').on(t.holdId, t.createdAt),
    index('install_tasks_installer_idx').on(t.installerId, t.status),
    index('install_tasks_vin_idx').on(t.vin),
  ],
);

export const installInfos = pgTable(
  'install_infos',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => installTasks.id, { onDelete: 'cascade' }),
    devicePk: integer('device_pk')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** An InstallPosition of packages/domain, 1–9. */
    position: smallint('position').notNull(),
    people: text('people').notNull(),
    installedAt: at('installed_at').notNull(),
    createdAt: at('created_at').notNull().default(sql`now()`),
  },
  (t) => [index('install_infos_task_idx').on(t.taskId), index('install_infos_device_idx').on(t.devicePk)],
);

export const installPhotos = pgTable(
  'install_photos',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => installTasks.id, { onDelete: 'cascade' }),
    devicePk: integer('device_pk').references(() => devices.id, { onDelete: 'set null' }),
    position: smallint('position'),
    size: integer('size').notNull(),
    path: text('path').notNull(),
    /** A thumbnail the browser scaled before upload; null: none sent. */
    thumbPath: text('thumb_path'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().default(sql`now()`),
  },
  (t) => [index('install_photos_task_idx').on(t.taskId)],
);

/** Every move of a task: who, when, from (null: created), to, why. The name is kept should the user go. */
export const installTaskLogs = pgTable(
  'install_task_logs',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => installTasks.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    remark: text('remark').notNull().default(''),
    createdAt: at('created_at').notNull().default(sql`now()`),
  },
  (t) => [index('install_task_logs_task_idx').on(t.taskId, t.id)],
);
