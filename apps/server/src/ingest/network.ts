import type { LatestState } from './state.ts';

/** Attributes that say where a device is without GPS: its cell towers and Wi-Fi (packages/protocols README). */
export const NETWORK_KEYS = ['cells', 'wifi', 'mcc', 'mnc', 'lac', 'cellId', 'operator'] as const;

/**
 * A report that stores no fix (an LBS or Wi-Fi report, a position without GPS) still tells where the device
 * is: its cells and Wi-Fi replace those of the latest state, so the monitor's positioning detail shows them.
 * Returns the same state when the report carries none.
 */
export function withNetwork(s: LatestState, attributes: Record<string, unknown>): LatestState {
  if (!NETWORK_KEYS.some((k) => attributes[k] !== undefined)) return s;
  const next: Record<string, unknown> = { ...s.attributes };
  for (const k of NETWORK_KEYS) {
    if (attributes[k] === undefined) delete next[k];
    else next[k] = attributes[k];
  }
  return { ...s, attributes: next };
}
