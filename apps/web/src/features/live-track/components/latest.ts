import type { MonitorRow } from '@lodestar/contract/monitor';
import type { TrailPoint } from '../track-points.ts';

export interface Latest {
  lng: number;
  lat: number;
  time: string | null;
  speed: number | null;
  course: number | null;
  status: string;
}

/**
 * Where the device is as far as the page knows: the trail's newest point, or the monitor row's last
 * known position when that is newer (or the trail is empty). Null when it never had a fix.
 */
export function latestOf(row: MonitorRow | null, last: TrailPoint | undefined): Latest | null {
  const rowNewer = row?.Lat != null && row.Lng != null && (!last || (row.GpsTime ?? '') > last.time);
  if (last && !rowNewer)
    return {
      lng: last.lng,
      lat: last.lat,
      time: last.time,
      speed: last.speed,
      course: last.course,
      status: row?.Status ?? (last.speed > 0 ? 'moving' : 'still'),
    };
  if (row?.Lat == null || row.Lng == null) return null;
  return {
    lng: row.Lng,
    lat: row.Lat,
    time: row.GpsTime,
    speed: row.Speed,
    course: row.Course,
    status: row.Status,
  };
}
