import { Fn } from '@lodestar/domain';
import { useEffect } from 'react';
import { useFunctionSet } from '../../../store/session.ts';
import { getTrack } from '../api/get-track.ts';
import { useMonitorStore } from '../live/monitor-store.ts';
import { formatInZone } from '../live/positions.ts';

const SEED_MINUTES = 30;

/**
 * Starts the live trail of the chosen device: its last half hour from History/GetTrack when the
 * user may query tracks, then every live position is appended by the store.
 */
export function useTrailSeed(deviceId: string | null): void {
  const funs = useFunctionSet();
  const mayQuery = funs.has(Fn.playback) || funs.has(Fn.trackQuery);
  useEffect(() => {
    const { setTrail, timeZone } = useMonitorStore.getState();
    setTrail(deviceId);
    if (!deviceId || !mayQuery) return;
    let cancelled = false;
    const now = Date.now();
    const start = formatInZone(new Date(now - SEED_MINUTES * 60_000).toISOString(), timeZone);
    const end = formatInZone(new Date(now + 60_000).toISOString(), timeZone);
    getTrack(deviceId, start, end).then(
      (points) => {
        if (cancelled || useMonitorStore.getState().trailId !== deviceId) return;
        const seed = points.map((p) => [p.Lng, p.Lat] as [number, number]);
        const live = useMonitorStore.getState().trail;
        useMonitorStore.getState().setTrail(deviceId, [...seed, ...live]);
      },
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, [deviceId, mayQuery]);
}
