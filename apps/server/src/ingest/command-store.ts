import type { CommandStore, CommandType, PendingCommand } from '@lodestar/gateway';
import type pg from 'pg';

/** The per-device command queue in the commands table. */
export class PgCommandStore implements CommandStore {
  constructor(private readonly pool: pg.Pool) {}

  async pendingFor(deviceId: string): Promise<PendingCommand[]> {
    const { rows } = await this.pool.query<{ id: number; type: CommandType; payload: Record<string, unknown> }>(
      `SELECT c.id, c.type, c.payload FROM commands c JOIN devices d ON d.id = c.device_pk
        WHERE d.device_id = $1 AND c.status = 'pending' ORDER BY c.id`,
      [deviceId],
    );
    return rows.map((r) => ({ ...r, deviceId }));
  }

  async markSent(id: number, at: Date): Promise<void> {
    await this.pool.query(`UPDATE commands SET status = 'sent', sent_at = $2 WHERE id = $1 AND status = 'pending'`, [
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
    const status = reason === 'timeout' ? 'timedOut' : 'failed';
    await this.pool.query('UPDATE commands SET status = $2, done_at = $3, result = $4 WHERE id = $1', [
      id,
      status,
      at,
      reason,
    ]);
  }
}
