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

  constructor(
    private readonly pool: pg.Pool,
    private readonly ttlMs = 60_000,
  ) {}

  async get(deviceId: string): Promise<DeviceInfo | undefined> {
    return (await this.resolve([deviceId])).get(deviceId);
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
