import type { CommandStore, CommandType, PendingCommand } from '@lodestar/gateway';
import type pg from 'pg';

type Waiter = { resolve: (commands: PendingCommand[]) => void; reject: (err: unknown) => void };

/** The per-device command queue in the commands table. */
export class PgCommandStore implements CommandStore {
  private waiting = new Map<string, Waiter[]>();

  constructor(private readonly pool: pg.Pool) {}

  /**
   * Every device that connects asks for its queue. Asks made in the same tick share one query, so ten
   * thousand devices reconnecting after a gateway restart cost a few queries, not ten thousand that
   * would hold every pooled connection while positions wait for one.
   */
  pendingFor(deviceId: string): Promise<PendingCommand[]> {
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) setImmediate(() => void this.loadWaiting());
      const list = this.waiting.get(deviceId);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(deviceId, [{ resolve, reject }]);
    });
  }

  private async loadWaiting(): Promise<void> {
    const waiting = this.waiting;
    this.waiting = new Map();
    try {
      const { rows } = await this.pool.query<{
        id: number;
        deviceId: string;
        type: CommandType;
        payload: Record<string, unknown>;
      }>(
        `SELECT c.id, d.device_id AS "deviceId", c.type, c.payload FROM commands c JOIN devices d ON d.id = c.device_pk
          WHERE d.device_id = ANY($1::text[]) AND c.status = 'queued' AND c.expire_at > now() ORDER BY c.id`,
        [[...waiting.keys()]],
      );
      const byDevice = new Map<string, PendingCommand[]>();
      for (const r of rows) {
        const list = byDevice.get(r.deviceId);
        if (list) list.push(r);
        else byDevice.set(r.deviceId, [r]);
      }
      for (const [id, list] of waiting) for (const w of list) w.resolve(byDevice.get(id) ?? []);
    } catch (err) {
      for (const list of waiting.values()) for (const w of list) w.reject(err);
    }
  }

  async markSent(id: number, at: Date): Promise<void> {
    await this.pool.query(`UPDATE commands SET status = 'sent', sent_at = $2 WHERE id = $1 AND status = 'queued'`, [
      id,
      at,
    ]);
  }

  async markAcknowledged(id: number, at: Date, result?: string): Promise<void> {
    await this.pool.query(`UPDATE commands SET status = 'acknowledged', done_at = $2, result = $3 WHERE id = $1`, [
      id,
      at,
      result ?? null,
    ]);
  }

  async markFailed(id: number, at: Date, reason: string): Promise<void> {
    await this.pool.query(`UPDATE commands SET status = 'failed', done_at = $2, result = $3 WHERE id = $1`, [
      id,
      at,
      reason,
    ]);
  }
}
