import { type TripParams, ZONE_LIMITS } from '@lodestar/domain';
import type pg from 'pg';
import type { Config } from '../config.ts';
import type { LiveBus } from './bus.ts';
import { PgCommandStore } from './command-store.ts';
import { DeviceCache } from './device-cache.ts';
import { PgDeviceDirectory } from './directory.ts';
import type { FilterOptions } from './filters.ts';
import { PositionWriter } from './writer.ts';
import { ZoneEngine } from './zone-engine.ts';
import { ZoneThread } from './zone-thread.ts';

/** The fence engine's settings (FENCE_ENGINE, FENCE_HYSTERESIS_METRES); `false`: off. */
export type FenceSettings =
  | {
      hysteresisMetres: number;
      staySweepMs?: number;
      reloadDelayMs?: number;
      /** FENCE_ENGINE_THREAD: the checks on the writer's thread (the default), or in a worker thread of their own. */
      thread?: 'worker' | 'main';
    }
  | false;

/** From the configuration; a process without the ingest role writes no positions and runs no engine. */
export const fenceSettings = (
  config: Pick<Config, 'fenceEngine' | 'fenceHysteresisMetres' | 'fenceEngineThread'>,
  ingestRole = true,
): FenceSettings =>
  config.fenceEngine && ingestRole
    ? { hysteresisMetres: config.fenceHysteresisMetres, thread: config.fenceEngineThread }
    : false;

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
  /** The fence engine; on with the default hysteresis when absent (FENCE_ENGINE=on), off with `false`. */
  fences: FenceSettings = { hysteresisMetres: ZONE_LIMITS.hysteresisMetres },
) {
  const cache = new DeviceCache(pool);
  const engineOptions = fences && {
    hysteresisMetres: fences.hysteresisMetres,
    ...(fences.reloadDelayMs !== undefined ? { reloadDelayMs: fences.reloadDelayMs } : {}),
    ...(log ? { log } : {}),
  };
  const zones = !engineOptions
    ? undefined
    : fences && fences.thread === 'worker'
      ? new ZoneThread(pool, engineOptions)
      : new ZoneEngine(pool, engineOptions);
  return {
    bus,
    cache,
    writer: new PositionWriter(pool, cache, bus, {
      ...(filters ? { filters } : {}),
      ...(dayZone ? { dayZone } : {}),
      ...(trips ? { trips } : {}),
      ...(log ? { log } : {}),
      ...(zones ? { zones } : {}),
      ...(fences && fences.staySweepMs !== undefined ? { staySweepMs: fences.staySweepMs } : {}),
      ...(onlineTimeoutMs !== undefined ? { onlineTimeoutMs } : {}),
    }),
    directory: new PgDeviceDirectory(pool, cache, log, 1000, bus, onlineTimeoutMs, maxUnknownDevices),
    commands: new PgCommandStore(pool),
    /** Fences, roads or bindings changed (the API calls it after each write): the fence engine reloads. */
    zonesChanged: (): void => zones?.invalidate(),
  };
}
