import type { LivePosition } from '@lodestar/contract/live';
import type { MonitorRow } from '@lodestar/contract/monitor';
import { create } from 'zustand';
import type { LngLat } from '../../../map/coords.ts';
import { applyPositions } from './positions.ts';
import { appendTrails, seedTrail, syncTrails, type Trails } from './trails.ts';

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
  /** The live trails drawn (the selected device's and the followed ones', `trails.ts`). */
  trails: Trails;
  /** How many devices should have a trail; more than `trails` holds when the cap applies. */
  trailsWanted: number;
}

interface MonitorActions {
  setRows(rows: readonly MonitorRow[]): void;
  patchRow(id: string, patch: Partial<MonitorRow>): void;
  applyBatch(batch: readonly LivePosition[]): void;
  setTrails(ids: readonly string[], wanted: number): void;
  seedTrail(id: string, seed: readonly LngLat[]): void;
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
  trails: {},
  trailsWanted: 0,
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
    set({ rows, trails: appendTrails(s.trails, batch), lastLiveAt: Date.now() });
  },
  setTrails: (ids, wanted) => set({ trails: syncTrails(get().trails, ids, get().rows), trailsWanted: wanted }),
  seedTrail: (id, seed) => set({ trails: seedTrail(get().trails, id, seed) }),
  setMode: (mode) => set({ mode }),
  setTimeZone: (timeZone) => set({ timeZone }),
}));
