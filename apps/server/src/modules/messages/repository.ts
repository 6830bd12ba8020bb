import type { MessageListInput } from '@lodestar/contract/messages';
import type pg from 'pg';

export interface MessageRecord {
  id: number;
  batchId: number | null;
  deviceId: string;
  deviceName: string;
  plate: string | null;
  payload: { params?: Record<string, unknown>; text?: string };
  via: 'device' | 'sms';
  status: string;
  result: string | null;
  userName: string | null;
  createdAt: Date;
  sentAt: Date | null;
  doneAt: Date | null;
}

const SORT: Record<string, string> = { CreateTime: 'c.created_at', DeviceID: 'd.device_id', Status: 'c.status' };

/** The 'message' commands of a subtree, as /monitor/message lists them. */
export class MessageRepository {
  constructor(private readonly pool: pg.Pool) {}

  async list(
    q: Pick<MessageListInput, 'Status' | 'SortColumn' | 'SortType'> & {
      holdPath: string;
      devicePk?: number;
      from?: Date;
      to?: Date;
      offset: number;
      limit: number;
    },
  ): Promise<{ rows: MessageRecord[]; total: number }> {
    const args: unknown[] = [`${q.holdPath}%`];
    const where = [`c.type = 'message'`, `h.path LIKE $1`];
    const add = (cond: (n: number) => string, v: unknown) => {
      args.push(v);
      where.push(cond(args.length));
    };
    if (q.devicePk !== undefined) add((n) => `c.device_pk = $${n}`, q.devicePk);
    if (q.Status) add((n) => `c.status = $${n}`, q.Status);
    if (q.from) add((n) => `c.created_at >= $${n}`, q.from);
    if (q.to) add((n) => `c.created_at <= $${n}`, q.to);
    const from = `FROM commands c JOIN devices d ON d.id = c.device_pk JOIN holds h ON h.id = d.hold_id
      WHERE ${where.join(' AND ')}`;
    const order = `${SORT[q.SortColumn ?? ''] ?? 'c.created_at'} ${q.SortType === 'asc' ? 'ASC' : 'DESC'}, c.id DESC`;
    const [page, count] = await Promise.all([
      this.pool.query<MessageRecord>(
        `SELECT c.id, c.batch_id AS "batchId", d.device_id AS "deviceId", d.name AS "deviceName",
                (SELECT plate FROM vehicles WHERE id = d.vehicle_id) AS plate, c.payload, c.via, c.status, c.result,
                (SELECT user_name FROM users WHERE id = c.created_by) AS "userName",
                c.created_at AS "createdAt", c.sent_at AS "sentAt", c.done_at AS "doneAt"
           ${from} ORDER BY ${order} OFFSET ${q.offset} LIMIT ${q.limit}`,
        args,
      ),
      this.pool.query<{ total: number }>(`SELECT count(*)::int AS total ${from}`, args),
    ]);
    return { rows: page.rows, total: count.rows[0]!.total };
  }

  async setSmsOutcome(id: number, ok: boolean, result: string): Promise<void> {
    await this.pool.query(
      `UPDATE commands SET status = $2, result = $3, done_at = CASE WHEN $2 = 'failed' THEN now() END WHERE id = $1`,
      [id, ok ? 'sent' : 'failed', result],
    );
  }
}
