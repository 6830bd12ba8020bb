import type { MonitorRow } from '@lodestar/contract/monitor';
import { useMonitorStore } from './monitor-store.ts';

/**
 * The listed devices in the server's order (the server narrows them by status and keyword). Only the
 * components that show rows call this, so a live update re-renders the list, the map's devices and the
 * open device, not the page around them.
 */
export function useListedRows(): MonitorRow[] {
  const order = useMonitorStore((s) => s.order);
  const rows = useMonitorStore((s) => s.rows);
  return listedOf(order, rows);
}

// The list, the map and the count all read the listed rows after every live frame: built once per frame.
let lastListed: { order: readonly string[]; rows: Readonly<Record<string, MonitorRow>>; listed: MonitorRow[] } | null =
  null;
function listedOf(order: readonly string[], rows: Readonly<Record<string, MonitorRow>>): MonitorRow[] {
  if (lastListed?.order === order && lastListed.rows === rows) return lastListed.listed;
  const listed: MonitorRow[] = [];
  for (const id of order) {
    const row = rows[id];
    if (row) listed.push(row);
  }
  lastListed = { order, rows, listed };
  return listed;
}

/** One listed device, or null; re-renders its user only when that device changes. */
export const useListedRow = (id: string | null): MonitorRow | null =>
  useMonitorStore((s) => (id ? (s.rows[id] ?? null) : null));
