import type { CommandStore, CommandType, PendingCommand } from '@lodestar/gateway';
import type pg from 'pg';

type Waiter<T> = { resolve: (value: T) => void; reject: (err: unknown) => void };

/**
 * Gathers the calls made in one tick and runs them as one query: a batch of 1,000 commands reaching 1,000
 * connected devices at once becomes one read, one "sent" update and a few "acknowledged" updates instead of
 * thousands of statements holding every pooled connection while positions wait for one.
 */
class TickBatcher<K, T> {
  private waiting = new Map<K, Waiter<T>[]>();

  constructor(
    private readonly run: (keys: K[]) => Promise<Map<K, T>>,
    private readonly missing: T,
  ) {}

  ask(key: K): Promise<T> {
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) setImmediate(() => void this.flush());
      const list = this.waiting.get(key);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
    });
  }

  private async flush(): Promise<void> {
    const waiting = this.waiting;
    this.waiting = new Map();
    try {
      const answers = await this.run([...waiting.keys()]);
      for (const [key, list] of waiting) for (const w of list) w.resolve(answers.get(key) ?? this.missing);
    } catch (err) {
      for (const list of waiting.values()) for (const w of list) w.reject(err);
    }
  }
}

/** The per-device command queue in the commands table; the database decides, at send time, what may go out. */
export class PgCommandStore implements CommandStore {
  private readonly pending: TickBatcher<string, PendingCommand[]>;
  private readonly sent: TickBatcher<string, boolean>;
  private readonly answered: TickBatcher<string, boolean>;
  private sentAt = new Map<number, Date>();
  private answers = new Map<number, { status: 'acknowledged' | 'failed'; at: Date; result: string | null }>();

  constructor(private readonly pool: pg.Pool) {
    this.pending = new TickBatcher((ids) => this.loadPending(ids), []);
    this.sent = new TickBatcher(() => this.flushSent(), false);
    this.answered = new TickBatcher(() => this.flushAnswers(), false);
  }

  /**
   * Every device that connects asks for its queue. Asks made in the same tick share one query, so ten
   * thousand devices reconnecting after a gateway restart cost a few queries.
   */
  pendingFor(deviceId: string): Promise<PendingCommand[]> {
    return this.pending.ask(deviceId);
  }

  private async loadPending(deviceIds: string[]): Promise<Map<string, PendingCommand[]>> {
    const { rows } = await this.pool.query<PendingCommand & { type: CommandType }>(
      `SELECT c.id, d.device_id AS "deviceId", c.type, c.payload, c.expire_at AS "expireAt"
         FROM commands c JOIN devices d ON d.id = c.device_pk
        WHERE d.device_id = ANY($1::text[]) AND c.status = 'queued' AND c.via = 'device'
          AND c.expire_at > now() ORDER BY c.id`,
      [deviceIds],
    );
    const byDevice = new Map<string, PendingCommand[]>();
    for (const r of rows) {
      const list = byDevice.get(r.deviceId);
      if (list) list.push(r);
      else byDevice.set(r.deviceId, [r]);
    }
    return byDevice;
  }

  /**
   * Whether the command may go out now: only a command still queued and not past its expiry becomes sent, so
   * one cancelled or expired since the gateway read its queue is never written to the device.
   */
  markSent(id: number, at: Date): Promise<boolean> {
    this.sentAt.set(id, at);
    return this.sent.ask(String(id));
  }

  private async flushSent(): Promise<Map<string, boolean>> {
    const batch = this.sentAt;
    this.sentAt = new Map();
    const { rows } = await this.pool.query<{ id: number }>(
      `UPDATE commands c SET status = 'sent', sent_at = v.at
         FROM unnest($1::int[], $2::timestamptz[]) AS v(id, at)
        WHERE c.id = v.id AND c.status = 'queued' AND c.expire_at > now()
        RETURNING c.id`,
      [[...batch.keys()], [...batch.values()]],
    );
    return new Map(rows.map((r) => [String(r.id), true]));
  }

  /** The device's answer. Recorded even after the expiry passed (the device did act); never over a cancel. */
  async markAcknowledged(id: number, at: Date, result?: string): Promise<void> {
    this.answers.set(id, { status: 'acknowledged', at, result: result ?? null });
    await this.answered.ask(String(id));
  }

  /** Refused by the device, unsupported by its channel, or no answer in time: only a command still open. */
  async markFailed(id: number, at: Date, reason: string): Promise<void> {
    this.answers.set(id, { status: 'failed', at, result: reason });
    await this.answered.ask(String(id));
  }

  private async flushAnswers(): Promise<Map<string, boolean>> {
    const batch = [...this.answers];
    this.answers = new Map();
    const { rows } = await this.pool.query<{ id: number }>(
      `UPDATE commands c SET status = v.status, done_at = v.at, result = v.result
         FROM unnest($1::int[], $2::text[], $3::timestamptz[], $4::text[]) AS v(id, status, at, result)
        WHERE c.id = v.id AND (c.status IN ('queued', 'sent') OR (c.status = 'expired' AND v.status = 'acknowledged'))
        RETURNING c.id`,
      [
        batch.map(([id]) => id),
        batch.map(([, a]) => a.status),
        batch.map(([, a]) => a.at),
        batch.map(([, a]) => a.result),
      ],
    );
    return new Map(rows.map((r) => [String(r.id), true]));
  }
}
