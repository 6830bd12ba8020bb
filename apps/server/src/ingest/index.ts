import type { TripParams } from '@lodestar/domain';
import type pg from 'pg';
import type { LiveBus } from './bus.ts';
import { PgCommandStore } from './command-store.ts';
import { DeviceCache } from './device-cache.ts';
import { PgDeviceDirectory } from './directory.ts';
import type { FilterOptions } from './filters.ts';
import { PositionWriter } from './writer.ts';

export type Ingest = ReturnType<typeof createIngest>;

/** The gateway's ports, implemented on PostgreSQL, sharing one device cache. */
export function createIngest(
  pool: pg.Pool,
  bus: LiveBus,
  filters?: FilterOptions,
  log?: (msg: string) => void,
  onlineTimeoutMs?: number,
  /** UNKNOWN_DEVICES_MAX: the most unknown-device rows kept. */
  maxUnknownDevices?: number,
  /** DEVICE_DAY_TIME_ZONE: whose calendar days device_days records. */
  dayZone?: string,
  /** Trips and stops tracked as positions are stored; off when absent (HISTORY_TRIPS=off). */
  trips?: TripParams,
) {
  const cache = new DeviceCache(pool);
  return {
    bus,
    cache,
    writer: new PositionWriter(pool, cache, bus, {
      ...(filters ? { filters } : {}),
      ...(dayZone ? { dayZone } : {}),
      ...(trips ? { trips } : {}),
      ...(log ? { log } : {}),
    }),
    directory: new PgDeviceDirectory(pool, cache, log, 1000, bus, onlineTimeoutMs, maxUnknownDevices),
    commands: new PgCommandStore(pool),
    /** Fences, roads or bindings changed (the API calls it after each write): the fence engine reloads. */
    zonesChanged: (): void => {},
  };
}
