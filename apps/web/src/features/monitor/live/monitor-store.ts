import { create } from 'zustand';
import type { LngLat } from '../../../map/coords.ts';
import type { LivePosition, MonitorRow } from '../api/types.ts';
import { appendTrail, applyPositions } from './positions.ts';

/** How positions reach the page: the live feed, or polling while the socket is down. */
export type FeedMode = 'connecting' | 'live' | 'polling' | 'forbidden';

interface MonitorState {
  rows: Readonly<Record<string, MonitorRow>>;
  /** Device ids in the order of the list the server sent. */
  order: readonly string[];
  timeZone: string | undefined;
  mode: FeedMode;
  /** When the last live positions arrived (ms). */
  lastLiveAt: number | null;
  /** The device whose live trail is drawn, and its points (WGS-84). */
  trailId: string | null;
  trail: readonly LngLat[];
}

interface MonitorActions {
  setRows(rows: readonly MonitorRow[]): void;
  patchRow(id: string, patch: Partial<MonitorRow>): void;
  applyBatch(batch: readonly LivePosition[]): void;
  setTrail(id: string | null, seed?: readonly LngLat[]): void;
  setMode(mode: FeedMode): void;
  setTimeZone(tz: string | undefined): void;
}

/** The monitor page's devices: the server list, moved by the live feed (one socket controller feeds it). */
export const useMonitorStore = create<MonitorState & MonitorActions>()((set, get) => ({
  rows: {},
  order: [],
  timeZone: undefined,
  mode: 'connecting',
  lastLiveAt: null,
  trailId: null,
  trail: [],
  setRows: (list) => {
    const rows: Record<string, MonitorRow> = {};
    for (const r of list) rows[r.DeviceID] = r;
    set({ rows, order: list.map((r) => r.DeviceID) });
  },
  patchRow: (id, patch) => {
    const current = get().rows[id];
    if (current) set({ rows: { ...get().rows, [id]: { ...current, ...patch } } });
  },
  applyBatch: (batch) => {
    const s = get();
    const rows = applyPositions(s.rows, batch, s.timeZone);
    const trail = s.trailId ? appendTrail(s.trail, batch, s.trailId) : s.trail;
    set({ rows, trail, lastLiveAt: Date.now() });
  },
  setTrail: (trailId, seed = []) => {
    const row = trailId ? get().rows[trailId] : undefined;
    const start: LngLat[] = [...seed];
    const last = start[start.length - 1];
    if (row?.Lat != null && row.Lng != null && (!last || last[0] !== row.Lng || last[1] !== row.Lat))
      start.push([row.Lng, row.Lat]);
    set({ trailId, trail: trailId ? start : [] });
  },
  setMode: (mode) => set({ mode }),
  setTimeZone: (timeZone) => set({ timeZone }),
}));
