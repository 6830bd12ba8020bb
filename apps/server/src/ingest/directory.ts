import type { DeviceDirectory } from '@lodestar/gateway';
import { hasDeviceIdForm, type ProtocolName } from '@lodestar/protocols';
import type pg from 'pg';
import type { LiveBus, LiveUpdate } from './bus.ts';
import type { DeviceCache, DeviceInfo } from './device-cache.ts';
import { liveUpdate } from './plan.ts';
import { type StateRow, stateFromRow } from './sql.ts';
import { isOnline, mapStatus } from './state.ts';

interface ConnectionChange {
  deviceId: string;
  connected: boolean;
  at: Date;
}

/**
 * What the gateway asks about devices. Connection changes never block a socket: they are
 * collected and written together every `flushMs` (ten thousand devices reconnecting after a
 * gateway restart cost a handful of statements, not twenty thousand). A lost change is corrected
 * by the device's next report. Once written, each change goes out on the live bus as an
 * online/offline event with the device's latest state, so open monitors see it at once.
 */
export class PgDeviceDirectory implements DeviceDirectory {
  private changes: ConnectionChange[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** New unknown-device rows between two trims: a tenth of the cap, so the table stays within 110 % of it. */
  private readonly trimEvery: number;
  private newSinceTrim: number;

  constructor(
    private readonly pool: pg.Pool,
    private readonly devices: DeviceCache,
    private readonly log: (msg: string) => void = () => {},
    private readonly flushMs = 1000,
    private readonly bus?: LiveBus,
    private readonly onlineTimeoutMs = 600_000,
    /** The most unknown-device rows kept (UNKNOWN_DEVICES_MAX); the longest unseen go first. */
    private readonly maxUnknown = 10_000,
  ) {
    this.trimEvery = Math.max(1, Math.floor(maxUnknown / 10));
    // The first new row after a start trims what an earlier run (or a smaller cap) left.
    this.newSinceTrim = this.trimEvery - 1;
  }

  async isKnown(protocol: ProtocolName, deviceId: string): Promise<boolean> {
    const d = await this.devices.get(deviceId);
    return d !== undefined && d.protocol === protocol;
  }

  /**
   * Anyone can connect and name an id, so only ids of the protocol's form are kept (the gateway drops frames
   * with a bad CRC before this), one row per id, and at most `maxUnknown` rows: a flood of valid-looking ids
   * pushes the longest unseen out instead of growing the table.
   */
  async recordUnknown(u: { protocol: ProtocolName; deviceId: string; remoteAddress: string; at: Date }): Promise<void> {
    if (!hasDeviceIdForm(u.protocol, u.deviceId)) return;
    const { rows } = await this.pool.query<{ inserted: boolean }>(
      `INSERT INTO unknown_devices (device_id, protocol, remote_address, first_seen, last_seen)
       VALUES ($1, $2, $3, $4, $4)
       ON CONFLICT (device_id, protocol) DO UPDATE
         SET remote_address = EXCLUDED.remote_address, last_seen = EXCLUDED.last_seen,
             attempts = unknown_devices.attempts + 1
       RETURNING xmax = 0 AS inserted`,
      [u.deviceId, u.protocol, u.remoteAddress.slice(0, 64), u.at],
    );
    if (!rows[0]?.inserted || ++this.newSinceTrim < this.trimEvery) return;
    this.newSinceTrim = 0;
    await this.pool.query(
      `DELETE FROM unknown_devices u
        USING (SELECT device_id, protocol FROM unknown_devices
                ORDER BY last_seen DESC, device_id OFFSET $1) old
        WHERE u.device_id = old.device_id AND u.protocol = old.protocol`,
      [this.maxUnknown],
    );
  }

  connected(u: { protocol: ProtocolName; deviceId: string; remoteAddress: string; at: Date }): void {
    this.queue({ deviceId: u.deviceId, connected: true, at: u.at });
  }

  disconnected(u: { protocol: ProtocolName; deviceId: string; at: Date }): void {
    this.queue({ deviceId: u.deviceId, connected: false, at: u.at });
  }

  /** Writes the collected connection changes now. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.changes;
    this.changes = [];
    if (!batch.length) return;
    try {
      const infos = await this.devices.resolve(batch.map((c) => c.deviceId));
      const rows = batch.flatMap((c) => {
        const d = infos.get(c.deviceId);
        return d ? [{ device_pk: d.pk, connected: c.connected, at: c.at.toISOString() }] : [];
      });
      if (!rows.length) return;
      // The last change of each device decides its state; every change is an online/offline event.
      const { rows: states } = await this.pool.query<StateRow>(
        `WITH c AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(device_pk int, connected boolean, at timestamptz)),
              ev AS (INSERT INTO events (device_pk, type, event_time)
                     SELECT device_pk, CASE WHEN connected THEN 'online' ELSE 'offline' END, at FROM c)
         INSERT INTO device_states (device_pk, connected, last_seen)
         SELECT DISTINCT ON (device_pk) device_pk, connected, at FROM c ORDER BY device_pk, at DESC
         ON CONFLICT (device_pk) DO UPDATE SET connected = EXCLUDED.connected,
           last_seen = GREATEST(device_states.last_seen, EXCLUDED.last_seen)
         RETURNING ${STATE_COLUMNS}`,
        [JSON.stringify(rows)],
      );
      if (this.bus) this.publish(batch, infos, states);
    } catch (err) {
      this.log(`connection state of ${batch.length} devices not saved: ${String(err)}`);
    }
  }

  async close(): Promise<void> {
    await this.flush();
  }

  private publish(batch: ConnectionChange[], infos: Map<string, DeviceInfo>, states: StateRow[]): void {
    const byPk = new Map(states.map((r) => [r.device_pk, r]));
    const now = new Date();
    const updates = new Map<number, LiveUpdate>();
    for (const c of batch) {
      const info = infos.get(c.deviceId);
      const row = info && byPk.get(info.pk);
      if (!info || !row) continue;
      let u = updates.get(info.pk);
      if (!u) {
        const s = stateFromRow(row);
        u = liveUpdate(info, s, mapStatus(s, isOnline(s, now, this.onlineTimeoutMs)), []);
        updates.set(info.pk, u);
      }
      u.events.push({ type: c.connected ? 'online' : 'offline', eventTime: c.at.toISOString() });
    }
    if (updates.size) this.bus!.publish([...updates.values()]);
  }

  private queue(c: ConnectionChange): void {
    this.changes.push(c);
    this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
  }
}

const STATE_COLUMNS = `device_states.device_pk, fix_time, receive_time, last_seen, valid, lat, lon, speed, course,
  satellites, acc, battery, mileage, alarms, connected, overspeed_since, attributes`;
