import type { TaskSortColumn } from '@lodestar/contract/install';
import { installInfos, installPhotos, installTaskLogs, installTasks } from '@lodestar/db';
import { and, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/executor.ts';
import { escapeLike } from '../../lib/like.ts';

export type TaskRecord = typeof installTasks.$inferSelect;
export type NewTask = typeof installTasks.$inferInsert;
export type TaskPatch = Partial<Omit<NewTask, 'id' | 'holdId' | 'createdAt'>>;

/** A task with what its rows and its checks need: its unit's name and path, its people, its vehicle. */
export type TaskView = TaskRecord & {
  holdName: string;
  holdPath: string;
  installerName: string;
  installerPhone: string;
  creatorName: string;
  vehicleId: number | null;
  vehicleHoldPath: string | null;
  plate: string;
  devices: number;
  photos: number;
};

export interface TaskListQuery {
  /** The caller's subtree, or, for an installer's own list, null with `installerId`. */
  holdPath: string | null;
  installerId?: number | undefined;
  status?: number | undefined;
  statuses?: readonly number[] | undefined;
  keyword?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  sort?: TaskSortColumn | undefined;
  desc: boolean;
  offset: number;
  limit: number;
}

/** drizzle hands raw queries' timestamps over as text. */
const at = (v: Date | string | null) => (v === null ? null : new Date(v));
const withDates = (t: TaskView): TaskView => ({
  ...t,
  expectedAt: at(t.expectedAt),
  startedAt: at(t.startedAt),
  endedAt: at(t.endedAt),
  checkedAt: at(t.checkedAt),
  workingSince: at(t.workingSince),
  createdAt: new Date(t.createdAt),
  updatedAt: new Date(t.updatedAt),
});

const SORT: Record<TaskSortColumn, string> = {
  OrderNo: '"orderNo"',
  Status: 'status',
  Customer: 'customer',
  InstallerName: '"installerName"',
  ExpectedTime: '"expectedAt"',
  StartTime: '"startedAt"',
  EndTime: '"endedAt"',
  CheckTime: '"checkedAt"',
  CreateTime: 'id',
};

/** Install tasks and their logs; infos, photos and devices are in ./work-repository.ts. SQL only. */
export class TaskRepository {
  constructor(private readonly db: Executor) {}

  transaction<T>(fn: (repo: TaskRepository, tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new TaskRepository(tx), tx));
  }

  async insert(t: NewTask): Promise<number> {
    const [row] = await this.db.insert(installTasks).values(t).returning({ id: installTasks.id });
    return row!.id;
  }

  async update(id: number, patch: TaskPatch): Promise<void> {
    await this.db
      .update(installTasks)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(installTasks.id, id));
  }

  async remove(id: number): Promise<void> {
    await this.db.delete(installTasks).where(eq(installTasks.id, id));
  }

  /** Whether an order number is taken (they are unique system-wide). */
  async orderNoTaken(orderNos: string[]): Promise<string[]> {
    if (!orderNos.length) return [];
    const { rows } = await this.db.execute<{ order_no: string }>(
      sql`SELECT order_no FROM install_tasks WHERE order_no = ANY(${sql.param(orderNos)}::text[])`,
    );
    return rows.map((r) => r.order_no);
  }

  /** The next number of the day's sequence for a made-up order number (IT + yyyymmdd + 4 digits). */
  async nextOrderSerial(prefix: string): Promise<number> {
    const { rows } = await this.db.execute<{ n: number }>(sql`
      SELECT coalesce(max(substring(order_no FROM ${prefix.length + 1}::int)::int), 0) + 1 AS n
        FROM install_tasks WHERE order_no LIKE ${`${prefix}%`} AND substring(order_no FROM ${prefix.length + 1}::int) ~ '^[0-9]{4,6}$'`);
    return rows[0]?.n ?? 1;
  }

  /** Any task by id with its unit (the service decides whether the caller may see it); FOR UPDATE in a transaction. */
  async findById(id: number, forUpdate = false): Promise<TaskView | undefined> {
    // Locked first on its own: FOR UPDATE cannot reach through the view's subquery and aggregates.
    if (forUpdate) await this.db.execute(sql`SELECT id FROM install_tasks WHERE id = ${id} FOR UPDATE`);
    const { rows } = await this.db.execute<TaskView>(this.select(sql`t.id = ${id}`));
    return rows[0] && withDates(rows[0]);
  }

  async list(q: TaskListQuery): Promise<{ rows: TaskView[]; total: number }> {
    const conds: SQL[] = [];
    if (q.holdPath !== null) conds.push(sql`h.path LIKE ${`${q.holdPath}%`}`);
    if (q.installerId !== undefined) conds.push(sql`t.installer_id = ${q.installerId}`);
    if (q.status !== undefined) conds.push(sql`t.status = ${q.status}`);
    if (q.statuses) conds.push(sql`t.status = ANY(${sql.param([...q.statuses])}::int[])`);
    const keyword = q.keyword?.trim();
    if (keyword) {
      const k = escapeLike(keyword);
      conds.push(sql`(t.order_no ILIKE ${k} OR t.vin ILIKE ${k} OR t.customer ILIKE ${k} OR t.project ILIKE ${k}
                      OR t.agent ILIKE ${k})`);
    }
    if (q.from) conds.push(sql`t.created_at >= ${q.from.toISOString()}::timestamptz`);
    if (q.to) conds.push(sql`t.created_at <= ${q.to.toISOString()}::timestamptz`);
    const where = conds.length ? sql.join(conds, sql` AND `) : sql`true`;
    const order = sql.raw(`${SORT[q.sort ?? 'CreateTime']} ${q.desc || !q.sort ? 'DESC' : 'ASC'} NULLS LAST, id DESC`);
    const [{ rows }, counted] = await Promise.all([
      this.db.execute<TaskView>(sql`${this.select(where)} ORDER BY ${order} LIMIT ${q.limit} OFFSET ${q.offset}`),
      this.db.execute<{ total: number }>(
        sql`SELECT count(*)::int AS total FROM install_tasks t JOIN holds h ON h.id = t.hold_id WHERE ${where}`,
      ),
    ]);
    return { rows: rows.map(withDates), total: counted.rows[0]?.total ?? 0 };
  }

  async addLog(e: typeof installTaskLogs.$inferInsert): Promise<void> {
    await this.db.insert(installTaskLogs).values(e);
  }

  async logOf(taskId: number) {
    return this.db.select().from(installTaskLogs).where(eq(installTaskLogs.taskId, taskId)).orderBy(installTaskLogs.id);
  }

  /** Photos of a task, or of one device's one position (null device or position: the task's without either). */
  async photoCounts(taskId: number, devicePk: number | null, position: number | null) {
    const [all] = await this.db.select({ n: count() }).from(installPhotos).where(eq(installPhotos.taskId, taskId));
    if (position === null) return { task: all!.n, position: null };
    const [here] = await this.db
      .select({ n: count() })
      .from(installPhotos)
      .where(
        and(
          eq(installPhotos.taskId, taskId),
          devicePk === null ? isNull(installPhotos.devicePk) : eq(installPhotos.devicePk, devicePk),
          eq(installPhotos.position, position),
        ),
      );
    return { task: all!.n, position: here!.n };
  }

  async countInfos(taskId: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(installInfos).where(eq(installInfos.taskId, taskId));
    return row!.n;
  }

  private select(where: SQL): SQL {
    return sql`
      SELECT * FROM (
        SELECT t.id, t.hold_id AS "holdId", t.order_no AS "orderNo", t.status, t.vin, t.customer, t.address, t.project,
               t.agent, t.store, t.cost, t.remark, t.installer_id AS "installerId", t.expected_at AS "expectedAt",
               t.started_at AS "startedAt", t.ended_at AS "endedAt", t.checked_at AS "checkedAt",
               t.working_since AS "workingSince", t.rejections, t.created_by AS "createdBy",
               t.created_at AS "createdAt", t.updated_at AS "updatedAt",
               h.name AS "holdName", h.path AS "holdPath",
               coalesce(u.user_name, '') AS "installerName", coalesce(u.phone, '') AS "installerPhone",
               coalesce(c.user_name, '') AS "creatorName",
               v.id AS "vehicleId", vh.path AS "vehicleHoldPath", coalesce(v.plate, '') AS plate,
               (SELECT count(DISTINCT i.device_pk)::int FROM install_infos i WHERE i.task_id = t.id) AS devices,
               (SELECT count(*)::int FROM install_photos p WHERE p.task_id = t.id) AS photos
          FROM install_tasks t
          JOIN holds h ON h.id = t.hold_id
          LEFT JOIN users u ON u.id = t.installer_id
          LEFT JOIN users c ON c.id = t.created_by
          LEFT JOIN vehicles v ON v.vin = t.vin AND t.vin <> ''
          LEFT JOIN holds vh ON vh.id = v.hold_id
         WHERE ${where}
      ) x`;
  }
}
