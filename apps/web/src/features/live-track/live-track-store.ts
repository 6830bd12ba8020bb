import type { LivePosition } from '@lodestar/contract/live';
import type { MonitorRow } from '@lodestar/contract/monitor';
import { create } from 'zustand';
import type { FeedMode } from '../monitor/live/monitor-store.ts';
import { applyPositions } from '../monitor/live/positions.ts';
import { fromLive, MAX_TRAIL_POINTS, mergePoints, type TrailPoint } from './track-points.ts';

/** Live updates kept while the page is paused or its refresh is off; the oldest go past this. */
const MAX_HELD = MAX_TRAIL_POINTS;

interface LiveTrackState {
  deviceId: string | null;
  /** The device as the monitor lists it (status, ACC, alarms, last known position), moved by the feed. */
  row: MonitorRow | null;
  /** The trail, oldest first: the last 30 minutes of History/GetTrack, then the live positions. */
  points: readonly TrailPoint[];
  /** Older points were dropped to stay within MAX_TRAIL_POINTS. */
  trimmed: boolean;
  /** The 30 minutes were loaded (with or without points). */
  seeded: boolean;
  mode: FeedMode;
  /** Paused or auto refresh off (spec section 4): live updates wait in `held` and the map stays as it is. */
  holding: boolean;
  held: readonly LivePosition[];
  timeZone: string | undefined;
}

interface LiveTrackActions {
  /** A new device: everything starts again. */
  open(deviceId: string | null, timeZone: string | undefined): void;
  setRow(row: MonitorRow | null): void;
  /** Track points from the server (the preload, or a catch-up while polling). */
  addTrack(points: readonly TrailPoint[]): void;
  applyBatch(batch: readonly LivePosition[]): void;
  setMode(mode: FeedMode): void;
  setHolding(holding: boolean): void;
}

const initial = {
  row: null,
  points: [],
  trimmed: false,
  seeded: false,
  holding: false,
  held: [],
} satisfies Partial<LiveTrackState>;

/**
 * The live track page's one device. The monitor's live feed controller feeds it (it is the feed's
 * sink, `useLiveFeed`), only this device's updates are kept, and the trail is ordered by fix time so
 * the preload and the feed can arrive in any order.
 */
export const useLiveTrackStore = create<LiveTrackState & LiveTrackActions>()((set, get) => {
  const apply = (batch: readonly LivePosition[]) => {
    const s = get();
    if (!s.deviceId) return;
    const own = batch.filter((p) => p.DeviceID === s.deviceId);
    if (!own.length) return;
    const row = s.row ? (applyPositions({ [s.deviceId]: s.row }, own, s.timeZone)[s.deviceId] ?? s.row) : null;
    const { points, trimmed } = mergePoints(s.points, fromLive(s.deviceId, own));
    set({ row, points, trimmed: s.trimmed || trimmed });
  };
  return {
    deviceId: null,
    mode: 'connecting',
    timeZone: undefined,
    ...initial,
    open: (deviceId, timeZone) => {
      if (deviceId === get().deviceId) return set({ timeZone });
      set({ deviceId, timeZone, ...initial, holding: get().holding });
    },
    setRow: (row) => set({ row }),
    addTrack: (track) => {
      const s = get();
      const { points, trimmed } = mergePoints(s.points, track);
      set({ points, trimmed: s.trimmed || trimmed, seeded: true });
    },
    applyBatch: (batch) => {
      const s = get();
      if (!s.holding) return apply(batch);
      const own = batch.filter((p) => p.DeviceID === s.deviceId);
      if (own.length) set({ held: [...s.held, ...own].slice(-MAX_HELD) });
    },
    setMode: (mode) => set({ mode }),
    setHolding: (holding) => {
      const s = get();
      if (holding === s.holding) return;
      set({ holding, held: [] });
      // Resumed: what arrived meanwhile goes on the map now, so the trail has no gap.
      if (!holding && s.held.length) apply(s.held);
    },
  };
});
