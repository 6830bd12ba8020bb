import { DEFAULT_TRIP_PARAMS, type TripParams, ZONE_LIMITS } from '@lodestar/domain';
import { DEFAULT_DAY_ZONE } from '../ingest/device-days.ts';
import { DEFAULT_FILTERS, type FilterOptions } from '../ingest/filters.ts';
import { int, oneOf, onOff, positiveInt, zoneSetting } from './parse.ts';

/** What the ingest does with a stored fix: filters, online state, device days, trips, fences, the track rollup. */
export interface IngestSettings {
  onlineTimeoutMs: number;
  /** The zone whose calendar days the ingest records in device_days (a device reported that day). */
  deviceDayZone: string;
  /** The most unknown-device rows kept (unregistered trackers and whatever claims to be one). */
  unknownDevicesMax: number;
  /** Pack closed days of positions into track_days every this often (TRACK_ROLLUP_*); 0: this process does not. */
  trackRollupMs: number;
  filters: FilterOptions;
  /** Trips and stops tracked as positions are stored (HISTORY_TRIPS); the History calls read them. */
  historyTrips: boolean;
  /** The trip/stop rules (HISTORY_STOP_SECONDS, HISTORY_STOP_METRES, HISTORY_GAP_SECONDS). */
  tripParams: TripParams;
  /** Stored fixes are checked against their devices' fences and roads as they are written (FENCE_ENGINE). */
  fenceEngine: boolean;
  /** Where the fence checks run (FENCE_ENGINE_THREAD): the writer's thread, or a worker thread of their own. */
  fenceEngineThread: 'worker' | 'main';
  /** A device inside a fence or road leaves once this far outside it (FENCE_HYSTERESIS_METRES): GPS jitter. */
  fenceHysteresisMetres: number;
}

export function ingestSettings(env: NodeJS.ProcessEnv): IngestSettings {
  return {
    onlineTimeoutMs: int(env, 'ONLINE_TIMEOUT_SECONDS', 600) * 1000,
    deviceDayZone: zoneSetting(env, 'DEVICE_DAY_TIME_ZONE', DEFAULT_DAY_ZONE),
    unknownDevicesMax: positiveInt(env, 'UNKNOWN_DEVICES_MAX', 10_000),
    trackRollupMs: env.TRACK_ROLLUP === '0' ? 0 : positiveInt(env, 'TRACK_ROLLUP_INTERVAL_MINUTES', 15) * 60_000,
    filters: {
      noFix: (env.INGEST_FILTER_NO_FIX ?? '1') !== '0',
      zeroCoordinates: (env.INGEST_FILTER_ZERO ?? '1') !== '0',
      duplicates: (env.INGEST_FILTER_DUPLICATES ?? '1') !== '0',
      futureMs: int(env, 'INGEST_FILTER_FUTURE_SECONDS', DEFAULT_FILTERS.futureMs / 1000) * 1000,
      maxJumpKmh: int(env, 'INGEST_FILTER_MAX_JUMP_KMH', DEFAULT_FILTERS.maxJumpKmh),
    },
    historyTrips: !['0', 'off'].includes(env.HISTORY_TRIPS ?? 'on'),
    tripParams: {
      stopSeconds: positiveInt(env, 'HISTORY_STOP_SECONDS', DEFAULT_TRIP_PARAMS.stopSeconds),
      stopMetres: positiveInt(env, 'HISTORY_STOP_METRES', DEFAULT_TRIP_PARAMS.stopMetres),
      gapSeconds: positiveInt(env, 'HISTORY_GAP_SECONDS', DEFAULT_TRIP_PARAMS.gapSeconds),
    },
    fenceEngine: onOff(env, 'FENCE_ENGINE', true),
    fenceEngineThread: oneOf(env, 'FENCE_ENGINE_THREAD', ['main', 'worker'], 'main'),
    fenceHysteresisMetres: int(env, 'FENCE_HYSTERESIS_METRES', ZONE_LIMITS.hysteresisMetres),
  };
}
