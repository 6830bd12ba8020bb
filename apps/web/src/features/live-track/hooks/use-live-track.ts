import { Fn } from '@lodestar/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { wallClockIn } from '../../../lib/user-time.ts';
import { useFunctionSet } from '../../../store/session.ts';
import { getMonitorList } from '../../monitor/api/get-monitor-list.ts';
import { getTrack } from '../../monitor/api/get-track.ts';
import { type AutoRefresh, useAutoRefresh } from '../../monitor/live/use-auto-refresh.ts';
import { useLiveTrackStore } from '../live-track-store.ts';
import { fromTrack } from '../track-points.ts';

/** The trail starts with this much of the device's recent track (issue #16). */
export const PRELOAD_MINUTES = 30;

export type Preload = { status: 'loading' } | { status: 'ready' } | { status: 'error'; message: string };

/** A period ending a minute from now: the device's clock may run a little ahead of ours. */
const period = (from: string | undefined, timeZone: string | undefined, now = Date.now()) => ({
  start: from ?? wallClockIn(new Date(now - PRELOAD_MINUTES * 60_000), timeZone),
  end: wallClockIn(new Date(now + 60_000), timeZone),
});

/**
 * Loads one device for the live track page: its last 30 minutes of History/GetTrack (the server's
 * message when the device is unknown or not the user's), its monitor row when the user has the monitor
 * (status, ACC, alarms, last known position), and, while the live feed is down, the auto-refresh
 * countdown that asks for the track since the last point. Pause and off hold the live feed's
 * updates too (spec section 4); the live feed itself is `useLiveFeed`, opened by the page.
 */
export function useLiveTrack(deviceId: string | null, timeZone: string | undefined) {
  const funs = useFunctionSet();
  const mayList = funs.has(Fn.onlineMonitor);
  const [preload, setPreload] = useState<Preload>({ status: 'loading' });
  const mode = useLiveTrackStore((s) => s.mode);

  useEffect(() => useLiveTrackStore.getState().open(deviceId, timeZone), [deviceId, timeZone]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the preload is for a device; a zone change later does not ask again
  useEffect(() => {
    if (!deviceId) return;
    let gone = false;
    setPreload({ status: 'loading' });
    const { start, end } = period(undefined, timeZone);
    getTrack(deviceId, start, end).then(
      (track) => {
        if (gone) return;
        useLiveTrackStore.getState().addTrack(track.map(fromTrack));
        setPreload({ status: 'ready' });
      },
      (e: Error) => {
        // The api client showed the message as a toast already; the page keeps it in place of the map.
        if (!gone) setPreload({ status: 'error', message: e.message });
      },
    );
    return () => {
      gone = true;
    };
  }, [deviceId]);

  const row = useQuery({
    queryKey: ['live-track', 'row', deviceId],
    enabled: Boolean(deviceId) && mayList,
    queryFn: () => getMonitorList({ DeviceIDs: deviceId ?? '', Status: 'all' }),
  });
  useEffect(() => {
    if (row.data) useLiveTrackStore.getState().setRow(row.data.rows.find((r) => r.DeviceID === deviceId) ?? null);
  }, [row.data, deviceId]);

  const refetchRow = row.refetch;
  /** What the live feed would have brought: the track since the last point, and the row again. */
  const catchUp = useCallback(() => {
    const s = useLiveTrackStore.getState();
    if (!s.deviceId || !s.seeded) return;
    const id = s.deviceId;
    const { start, end } = period(s.points[s.points.length - 1]?.time, s.timeZone);
    getTrack(id, start, end).then(
      (track) => {
        if (useLiveTrackStore.getState().deviceId === id) useLiveTrackStore.getState().addTrack(track.map(fromTrack));
      },
      () => {},
    );
    if (mayList) void refetchRow();
  }, [mayList, refetchRow]);

  const refresh: AutoRefresh = useAutoRefresh(mode === 'polling' || mode === 'forbidden', catchUp);
  const holding = !refresh.enabled || refresh.paused;
  useEffect(() => useLiveTrackStore.getState().setHolding(holding), [holding]);

  // Back on the live feed after polling: the positions between the last poll and now.
  const previousMode = useRef(mode);
  useEffect(() => {
    if (mode === 'live' && previousMode.current === 'polling') catchUp();
    previousMode.current = mode;
  }, [mode, catchUp]);

  return { preload, refresh, catchUp };
}
