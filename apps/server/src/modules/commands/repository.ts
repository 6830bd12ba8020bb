import { commands, type Db, users } from '@lodestar/db';
import { PROTOCOLS } from '@lodestar/domain';
import { normaliseDeviceId } from '@lodestar/protocols';
import { desc, eq, getTableColumns } from 'drizzle-orm';
import type pg from 'pg';

/** A device a command may be queued for, with what the checks need. */
export interface CommandTarget {
  pk: number;
  deviceId: string;
  name: string;
  plate: string | null;
  protocol: string;
  sim: string;
  vipExpiresAt: string | null;
  holdPath: string;
  /** The monitor's online state: connected now, or heard from within the online timeout. */
  online: boolean;
}

/** One command row to insert: queued for its device, or already failed with the reason it cannot go. */
export interface NewCommand {
  devicePk: number;
  type: string;
  payload: Record<string, unknown>;
  createdBy: number;
  expireAt?: Date;
  batchId?: number | null;
  status?: 'queued' | 'failed' | 'sent';
  result?: string | null;
  via?: 'device' | 'sms';
}

export interface BatchHead {
  id: number;
  holdPath: string;
  kind: 'command' | 'message';
  type: string;
  params: Record<string, string | number | boolean>;
  userName: string | null;
  createdAt: Date;
  expireAt: Date;
}

export interface BatchCommandRow {
  id: number;
  deviceId: string;
  deviceName: string;
  plate: string | null;
  status: string;
  result: string | null;
  sentAt: Date | null;
  doneAt: Date | null;
}

const TARGET_COLUMNS = `d.id AS pk, d.device_id AS "deviceId", d.name, v.plate, d.protocol, d.sim,
  to_char(d.vip_expires_at, 'YYYY-MM-DD') AS "vipExpiresAt", h.path AS "holdPath",
  coalesce(s.last_seen IS NOT NULL AND (s.connected OR s.last_seen >= $2::timestamptz), false) AS online`;
const TARGET_FROM = `FROM devices d JOIN holds h ON h.id = d.hold_id
  LEFT JOIN device_states s ON s.device_pk = d.id
  LEFT JOIN vehicles v ON v.id = d.vehicle_id`;

export class CommandRepository {
  constructor(
    private readonly db: Db,
    private readonly pool: pg.Pool,
  ) {}

  /** The devices the typed ids name (stored id or its normalised form), each once, in the order first named. */
  async targetsByIds(
    typed: readonly string[],
    onlineSince: Date,
  ): Promise<{ targets: CommandTarget[]; unmatched: string[] }> {
    // Each typed id as typed (any protocol), and in the form each protocol normalises it to (that protocol only).
    const n: number[] = [];
    const ids: string[] = [];
    const protocols: (string | null)[] = [];
    typed.forEach((raw, i) => {
      const t = raw.trim();
      n.push(i);
      ids.push(t);
      protocols.push(null);
      for (const p of PROTOCOLS) {
        const other = normaliseDeviceId(p, t);
        if (other === t) continue;
        n.push(i);
        ids.push(other);
        protocols.push(p);
      }
    });
    const { rows } = await this.pool.query<CommandTarget & { n: number }>(
      `SELECT t.n, ${TARGET_COLUMNS}
         FROM unnest($1::text[], $3::text[], $4::int[]) AS t(id, protocol, n)
         JOIN devices d ON d.device_id = t.id AND (t.protocol IS NULL OR d.protocol = t.protocol)
         JOIN holds h ON h.id = d.hold_id
         LEFT JOIN device_states s ON s.device_pk = d.id
         LEFT JOIN vehicles v ON v.id = d.vehicle_id
        ORDER BY t.n, (t.protocol IS NULL) DESC`,
      [ids, onlineSince, protocols, n],
    );
    const matched = new Set(rows.map((r) => r.n));
    const seen = new Set<number>();
    const targets = rows.filter((r) => !seen.has(r.pk) && seen.add(r.pk)).map(({ n: _n, ...t }) => t);
    return { targets, unmatched: typed.filter((_, i) => !matched.has(i)) };
  }

  /** Every device of the subtree under `holdPath`, at most `limit`. */
  async targetsOfSubtree(holdPath: string, onlineSince: Date, limit: number): Promise<CommandTarget[]> {
    const { rows } = await this.pool.query<CommandTarget>(
      `SELECT ${TARGET_COLUMNS} ${TARGET_FROM} WHERE h.path LIKE $1 ORDER BY d.device_id LIMIT $3`,
      [`${holdPath}%`, onlineSince, limit],
    );
    return rows;
  }

  async insert(c: NewCommand): Promise<number> {
    const [id] = await this.insertMany([c]);
    return id!;
  }

  /** Inserts in one statement, answering the ids in the order given. */
  async insertMany(list: readonly NewCommand[]): Promise<number[]> {
    if (!list.length) return [];
    const { rows } = await this.pool.query<{ id: number }>(
      `INSERT INTO commands (device_pk, type, payload, created_by, expire_at, batch_id, status, result, via, done_at, sent_at)
       SELECT v.pk, v.type, v.payload, v.by, coalesce(v.exp, now() + interval '1 day'), v.batch, v.status, v.result, v.via,
              CASE WHEN v.status = 'failed' OR (v.status = 'sent' AND v.result IS NOT NULL) THEN now() END,
              CASE WHEN v.status = 'sent' THEN now() END
         FROM unnest($1::int[], $2::text[], $3::jsonb[], $4::int[], $5::timestamptz[], $6::int[], $7::text[], $8::text[], $9::text[])
              WITH ORDINALITY AS v(pk, type, payload, by, exp, batch, status, result, via, n)
        ORDER BY v.n
       RETURNING id`,
      [
        list.map((c) => c.devicePk),
        list.map((c) => c.type),
        list.map((c) => JSON.stringify(c.payload)),
        list.map((c) => c.createdBy),
        list.map((c) => c.expireAt ?? null),
        list.map((c) => c.batchId ?? null),
        list.map((c) => c.status ?? 'queued'),
        list.map((c) => c.result ?? null),
        list.map((c) => c.via ?? 'device'),
      ],
    );
    // RETURNING follows the insert order, which is the ORDER BY above (serial ids ascend with it).
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }

  async insertBatch(b: {
    holdId: number;
    kind: 'command' | 'message';
    type: string;
    params: Record<string, unknown>;
    createdBy: number;
    expireAt: Date;
  }): Promise<number> {
    const { rows } = await this.pool.query<{ id: number }>(
      `INSERT INTO command_batches (hold_id, kind, type, params, created_by, expire_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [b.holdId, b.kind, b.type, JSON.stringify(b.params), b.createdBy, b.expireAt],
    );
    return rows[0]!.id;
  }

  async batch(id: number): Promise<BatchHead | undefined> {
    const { rows } = await this.pool.query<BatchHead>(
      `SELECT b.id, h.path AS "holdPath", b.kind, b.type, b.params, u.user_name AS "userName",
              b.created_at AS "createdAt", b.expire_at AS "expireAt"
         FROM command_batches b JOIN holds h ON h.id = b.hold_id LEFT JOIN users u ON u.id = b.created_by
        WHERE b.id = $1`,
      [id],
    );
    return rows[0];
  }

  /** The batch's rows in the order its devices were named (its commands' ids ascend in that order). */
  async batchRows(batchId: number): Promise<BatchCommandRow[]> {
    const { rows } = await this.pool.query<BatchCommandRow>(
      `SELECT c.id, d.device_id AS "deviceId", d.name AS "deviceName",
              (SELECT plate FROM vehicles WHERE id = d.vehicle_id) AS plate,
              c.status, c.result, c.sent_at AS "sentAt", c.done_at AS "doneAt"
         FROM commands c JOIN devices d ON d.id = c.device_pk WHERE c.batch_id = $1 ORDER BY c.id`,
      [batchId],
    );
    return rows;
  }

  /** A command with its device's hold, for the caller's reach. */
  async commandWithHold(id: number): Promise<{ id: number; status: string; holdPath: string } | undefined> {
    const { rows } = await this.pool.query<{ id: number; status: string; holdPath: string }>(
      `SELECT c.id, c.status, h.path AS "holdPath" FROM commands c JOIN devices d ON d.id = c.device_pk
         JOIN holds h ON h.id = d.hold_id WHERE c.id = $1`,
      [id],
    );
    return rows[0];
  }

  /** Cancels what is still queued (one command or a batch's); answers how many and their devices. */
  async cancel(where: { commandId: number } | { batchId: number }): Promise<string[]> {
    const byBatch = 'batchId' in where;
    const { rows } = await this.pool.query<{ deviceId: string }>(
      `UPDATE commands c SET status = 'cancelled', done_at = now() FROM devices d
        WHERE d.id = c.device_pk AND c.status = 'queued' AND ${byBatch ? 'c.batch_id' : 'c.id'} = $1
        RETURNING d.device_id AS "deviceId"`,
      [byBatch ? where.batchId : where.commandId],
    );
    return rows.map((r) => r.deviceId);
  }

  /** The batch's failed and expired device commands queued again with a fresh expiry; answers their devices. */
  async retry(batchId: number, expireAt: Date, skipReasons: readonly string[]): Promise<string[]> {
    const { rows } = await this.pool.query<{ deviceId: string }>(
      `UPDATE commands c SET status = 'queued', expire_at = $2, sent_at = NULL, done_at = NULL, result = NULL
         FROM devices d
        WHERE d.id = c.device_pk AND c.batch_id = $1 AND c.via = 'device' AND c.status IN ('failed', 'expired')
          AND NOT (coalesce(c.result, '') = ANY($3::text[]))
        RETURNING d.device_id AS "deviceId"`,
      [batchId, expireAt, skipReasons],
    );
    return rows.map((r) => r.deviceId);
  }

  /** The expiry sweep: one statement marks every queued or sent command past its expiry. */
  async expireDue(): Promise<number> {
    const r = await this.pool.query(
      `UPDATE commands SET status = 'expired', done_at = now()
        WHERE status IN ('queued', 'sent') AND expire_at <= now() AND via = 'device'`,
    );
    return r.rowCount ?? 0;
  }

  async passwordHashOf(userId: number): Promise<string | undefined> {
    const [row] = await this.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
    return row?.hash;
  }

  async listFor(devicePk: number, limit: number) {
    return this.db
      .select({ ...getTableColumns(commands), userName: users.userName })
      .from(commands)
      .leftJoin(users, eq(users.id, commands.createdBy))
      .where(eq(commands.devicePk, devicePk))
      .orderBy(desc(commands.id))
      .limit(limit);
  }
}
