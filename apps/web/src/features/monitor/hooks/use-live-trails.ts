import { Fn } from '@lodestar/domain';
import { useEffect, useRef } from 'react';
import { wallClockIn } from '../../../lib/user-time.ts';
import { useFunctionSet } from '../../../store/session.ts';
import { getTrack } from '../api/get-track.ts';
import { useMonitorStore } from '../live/monitor-store.ts';
import { pickTrails } from '../live/trails.ts';

const SEED_MINUTES = 30;

/**
 * Keeps the live trails on the right devices: the selected one while live track is on and every
 * followed listed one, at most TRAIL_LIMITS.trails. A new trail starts from the last half hour of
 * History/GetTrack when the user may query tracks; the store appends every live position after that.
 */
export function useLiveTrails(selectedId: string | null, selectedOn: boolean): void {
  const funs = useFunctionSet();
  const mayQuery = funs.has(Fn.playback) || funs.has(Fn.trackQuery);
  // A string, so a live frame that changes no one's Followed re-renders nothing.
  const key = useMonitorStore((s) => {
    const { ids, wanted } = pickTrails(s.order, s.rows, selectedId, selectedOn);
    return `${wanted}|${ids.join(',')}`;
  });
  const asked = useRef(new Set<string>());

  useEffect(() => {
    const [wanted, list] = key.split('|');
    // Device IDs never hold a comma or a bar (IMEIs, terminal phone numbers).
    const ids = list ? list.split(',') : [];
    useMonitorStore.getState().setTrails(ids, Number(wanted));
    const { trails, timeZone } = useMonitorStore.getState();
    // A trail dropped and wanted again later starts afresh, seed included.
    for (const id of asked.current) if (!ids.includes(id)) asked.current.delete(id);
    if (!mayQuery) return;
    const now = Date.now();
    const start = wallClockIn(new Date(now - SEED_MINUTES * 60_000), timeZone);
    const end = wallClockIn(new Date(now + 60_000), timeZone);
    for (const id of ids) {
      if (asked.current.has(id) || trails[id]?.seeded) continue;
      asked.current.add(id);
      getTrack(id, start, end).then(
        (points) => {
          if (!asked.current.has(id)) return;
          useMonitorStore.getState().seedTrail(
            id,
            points.map((p) => [p.Lng, p.Lat] as [number, number]),
          );
        },
        () => {},
      );
    }
  }, [key, mayQuery]);
}
