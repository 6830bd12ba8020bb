import type { DeviceDirectory } from '@lodestar/gateway';
import type { ProtocolName } from '@lodestar/protocols';
import type pg from 'pg';
import type { DeviceCache } from './device-cache.ts';

/**
 * What the gateway asks about devices. Connection changes are written as they come and never
 * block the socket: a lost update is corrected by the next one or by the offline sweep.
 */
export class PgDeviceDirectory implements DeviceDirectory {
  constructor(
    private readonly pool: pg.Pool,
    private readonly devices: DeviceCache,
    private readonly log: (msg: string) => void = () => {},
  ) {}

  async isKnown(protocol: ProtocolName, deviceId: string): Promise<boolean> {
    const d = await this.devices.get(deviceId);
    return d !== undefined && d.protocol === protocol;
  }

  async recordUnknown(u: { protocol: ProtocolName; deviceId: string; remoteAddress: string; at: Date }): Promise<void> {
    await this.pool.query(
      `INSERT INTO unknown_devices (device_id, protocol, remote_address, first_seen, last_seen)
       VALUES ($1, $2, $3, $4, $4)
       ON CONFLICT (device_id, protocol) DO UPDATE
         SET remote_address = EXCLUDED.remote_address, last_seen = EXCLUDED.last_seen,
             attempts = unknown_devices.attempts + 1`,
      [u.deviceId.slice(0, 64), u.protocol, u.remoteAddress, u.at],
    );
  }

  connected(u: { protocol: ProtocolName; deviceId: string; remoteAddress: string; at: Date }): void {
    this.setConnected(u.deviceId, true, u.at);
  }

  disconnected(u: { protocol: ProtocolName; deviceId: string; at: Date }): void {
    this.setConnected(u.deviceId, false, u.at);
  }

  private setConnected(deviceId: string, connected: boolean, at: Date): void {
    (async () => {
      const d = await this.devices.get(deviceId);
      if (!d) return;
      await this.pool.query(
        `INSERT INTO device_states (device_pk, connected, last_seen) VALUES ($1, $2, $3)
         ON CONFLICT (device_pk) DO UPDATE SET connected = EXCLUDED.connected,
           last_seen = GREATEST(device_states.last_seen, EXCLUDED.last_seen)`,
        [d.pk, connected, at],
      );
      await this.pool.query('INSERT INTO events (device_pk, type, event_time) VALUES ($1, $2, $3)', [
        d.pk,
        connected ? 'online' : 'offline',
        at,
      ]);
    })().catch((err) => this.log(`connection state of ${deviceId} not saved: ${String(err)}`));
  }
}
