import type { CompactTrack, TrackData } from '@lodestar/contract/history';
import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import { decodeTrack, type TrackArrays } from '../track-arrays.ts';
import { wallClockToUnix } from '../zone-time.ts';

/**
 * A point of the objects form, as a server answering before the compact form (or ignoring Format)
 * sends it: converted to columns so the page still plays. Its times are wall-clock in the user's zone.
 */
function fromObjects(deviceId: string, rows: Extract<TrackData, unknown[]>, timeZone?: string): TrackArrays {
  const c: CompactTrack = {
    Count: rows.length,
    Time: [],
    Lat: [],
    Lng: [],
    Speed: [],
    Course: [],
    Invalid: [],
    Alarms: [],
  };
  const prev = { t: 0, lat: 0, lng: 0, speed: 0, course: 0 };
  rows.forEach((r, i) => {
    const v = {
      t: wallClockToUnix(r.GpsTime, timeZone) ?? prev.t,
      lat: Math.round(r.Lat * 1e6),
      lng: Math.round(r.Lng * 1e6),
      speed: Math.round(r.Speed * 10),
      course: Math.round(r.Course),
    };
    c.Time.push(v.t - prev.t);
    c.Lat.push(v.lat - prev.lat);
    c.Lng.push(v.lng - prev.lng);
    c.Speed.push(v.speed - prev.speed);
    c.Course.push(v.course - prev.course);
    Object.assign(prev, v);
    if (!r.Valid) c.Invalid.push(i);
    if (r.Alarms.length) c.Alarms.push({ Index: i, Alarms: r.Alarms });
  });
  return decodeTrack(deviceId, c);
}

/** History/GetTrack in the compact form, decoded. Times are 'YYYY-MM-DD HH:mm:ss' in the user's zone. */
export async function getTrack(deviceId: string, start: string, end: string, timeZone?: string): Promise<TrackArrays> {
  const data = await api.post<TrackData>('History/GetTrack', {
    DeviceID: deviceId,
    StartTime: start,
    EndTime: end,
    Format: 'compact',
  });
  const track = Array.isArray(data) ? fromObjects(deviceId, data, timeZone) : decodeTrack(deviceId, data);
  // The page's first phase in the browser's timeline (bench:history-web reads it): reply parsed and decoded.
  performance.mark('history:track-decoded', { detail: { deviceId, points: track.n } });
  return track;
}

export const trackKey = (deviceId: string, start: string, end: string) =>
  ['history', 'track', deviceId, start, end] as const;

/** One device's track of a period; kept while the page lives (a track of a closed period does not change). */
export const useTrack = (deviceId: string, start: string, end: string, timeZone?: string) =>
  useQuery({
    queryKey: trackKey(deviceId, start, end),
    queryFn: () => getTrack(deviceId, start, end, timeZone),
    enabled: Boolean(deviceId && start && end),
    staleTime: 5 * 60_000,
  });

/** Several devices' tracks of one period (up to 10 replayed together), in the order given. */
export const useTracks = (deviceIds: readonly string[], start: string, end: string, timeZone?: string) =>
  useQueries({
    queries: deviceIds.map((id) => ({
      queryKey: trackKey(id, start, end),
      queryFn: () => getTrack(id, start, end, timeZone),
      enabled: Boolean(id && start && end),
      staleTime: 5 * 60_000,
    })),
  });
