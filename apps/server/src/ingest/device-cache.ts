import type pg from 'pg';
import type { DeviceRules } from './state.ts';

export interface DeviceInfo extends DeviceRules {
  pk: number;
  deviceId: string;
  protocol: string;
  holdId: number;
  holdPath: string;
}

/**
 * Registered devices by their own id, as ingest and the gateway need them on every frame.
 * Entries live for a minute; the devices service invalidates an id it changes.
 */
export class DeviceCache {
  private readonly entries = new Map<string, { info: DeviceInfo | null; until: number }>();
  private waiting = new Map<string, ((info: DeviceInfo | undefined) => void)[]>();
  private batchFailed: ((err: unknown) => void)[] = [];

  constructor(
    private readonly pool: pg.Pool,
    private readonly ttlMs = 60_000,
  ) {}

  /**
   * One device. Look-ups that miss the cache in the same tick share one query, so ten thousand
   * devices connecting at once cost a few queries.
   */
  get(deviceId: string): Promise<DeviceInfo | undefined> {
    const e = this.entries.get(deviceId);
    if (e && e.until > Date.now()) return Promise.resolve(e.info ?? undefined);
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) setImmediate(() => void this.loadWaiting());
      const list = this.waiting.get(deviceId) ?? [];
      list.push(resolve);
      this.waiting.set(deviceId, list);
      this.batchFailed.push(reject);
    });
  }

  private async loadWaiting(): Promise<void> {
    const waiting = this.waiting;
    const failed = this.batchFailed;
    this.waiting = new Map();
    this.batchFailed = [];
    try {
      const found = await this.resolve(waiting.keys());
      for (const [id, resolvers] of waiting) for (const r of resolvers) r(found.get(id));
    } catch (err) {
      for (const reject of failed) reject(err);
    }
  }

  async resolve(deviceIds: Iterable<string>): Promise<Map<string, DeviceInfo>> {
    const now = Date.now();
    const out = new Map<string, DeviceInfo>();
    const missing: string[] = [];
    for (const id of new Set(deviceIds)) {
      const e = this.entries.get(id);
      if (e && e.until > now) {
        if (e.info) out.set(id, e.info);
      } else missing.push(id);
    }
    if (missing.length) {
      const { rows } = await this.pool.query<DeviceInfo>(
        `SELECT d.id AS pk, d.device_id AS "deviceId", d.protocol, d.hold_id AS "holdId", h.path AS "holdPath",
                d.speed_limit AS "speedLimit", d.overspeed_seconds AS "overspeedSeconds"
           FROM devices d JOIN holds h ON h.id = d.hold_id
          WHERE d.device_id = ANY($1::text[])`,
        [missing],
      );
      const found = new Map(rows.map((r) => [r.deviceId, r]));
      for (const id of missing) {
        const info = found.get(id) ?? null;
        this.entries.set(id, { info, until: now + this.ttlMs });
        if (info) out.set(id, info);
      }
    }
    return out;
  }

  invalidate(deviceId: string): void {
    this.entries.delete(deviceId);
  }
}
