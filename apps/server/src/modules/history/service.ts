import type { Position, TrackFormat, TrackPoint } from '@lodestar/contract/history';
import { badRequest } from '../../lib/errors.ts';
import { historyPeriod } from '../../lib/history-period.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import { formatInZone, parseInZone, zoneFormatter } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { DeviceRepository, DeviceWithHold } from '../devices/repository.ts';
import type { HistoryRepository } from './repository.ts';
import { TrackColumns, unpackDay } from './track-columns.ts';

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A track as GetTrack answers it: objects for the 'objects' form, columns for the 'compact' one. */
export type Track = { format: 'objects'; points: TrackPoint[] } | { format: 'compact'; columns: TrackColumns };

/**
 * History playback (issue #16): a device's track over a period in the caller's zone, one point's whole record.
 * Every call checks the device is in the caller's subtree and the period against the device's allowance.
 */
export class HistoryService {
  constructor(
    private readonly history: HistoryRepository,
    private readonly devices: DeviceRepository,
  ) {}

  async track(auth: AuthContext, deviceId: string, startText: string, endText: string, format: TrackFormat) {
    const device = await this.owned(auth, deviceId);
    const { from, to } = historyPeriod(startText, endText, auth.timeZone, device.vipExpiresAt);
    if (format === 'compact') return { format, columns: await this.compact(device.id, from, to) } satisfies Track;
    return { format, points: await this.objects(device.id, from, to, auth.timeZone) } satisfies Track;
  }

  /** The points of [from, to] from the positions table, times as text in the caller's zone. */
  async objects(devicePk: number, from: Date, to: Date, timeZone: string): Promise<TrackPoint[]> {
    const rows = await this.history.track(devicePk, from, to);
    // Two times per point: a 30-day track formats half a million, so the zone's offset is looked up per hour.
    const inZone = zoneFormatter(timeZone);
    return rows.map(([fix, recv, lat, lon, speed, course, altitude, satellites, valid, alarms]) => ({
      GpsTime: inZone(fix),
      ReceiveTime: inZone(recv),
      Lat: lat,
      Lng: lon,
      Speed: speed,
      Course: course,
      Altitude: altitude,
      Satellites: satellites,
      Valid: valid,
      Alarms: alarms ?? [],
    }));
  }

  /**
   * The points of [from, to] as columns: closed UTC days from their rolled-up row (track_days) where one is
   * there and not stale, the rest (today, days not rolled yet) from positions, one query per gap.
   */
  async compact(devicePk: number, from: Date, to: Date, now = new Date()): Promise<TrackColumns> {
    const fromMs = from.getTime();
    const untilMs = to.getTime() + 1; // `to` is inclusive, as in the objects form
    const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
    const firstDay = Math.floor(fromMs / DAY_MS) * DAY_MS;
    const lastClosed = Math.min(Math.floor(to.getTime() / DAY_MS) * DAY_MS, today - DAY_MS);
    const rolled =
      lastClosed >= firstDay
        ? await this.history.rolledDays(devicePk, utcDay(firstDay), utcDay(lastClosed))
        : new Map();

    type Piece = { day: Buffer; lo: number; hi: number } | { lo: number; hi: number; into: TrackColumns };
    const pieces: Piece[] = [];
    for (let day = firstDay; day < untilMs; day += DAY_MS) {
      const lo = Math.max(fromMs, day);
      const hi = Math.min(untilMs, day + DAY_MS);
      const packed = rolled.get(utcDay(day));
      const last = pieces.at(-1);
      if (packed) pieces.push({ day: packed, lo, hi });
      else if (last && 'into' in last && last.hi === lo) last.hi = hi;
      else pieces.push({ lo, hi, into: new TrackColumns() });
    }
    await Promise.all(
      pieces.map((p) =>
        'into' in p ? this.history.compactInto(p.into, devicePk, new Date(p.lo), new Date(p.hi)) : undefined,
      ),
    );
    const out = new TrackColumns();
    for (const p of pieces) {
      if ('into' in p) appendColumns(out, p.into);
      else unpackDay(p.day, out, Math.ceil(p.lo / 1000), Math.ceil(p.hi / 1000) - 1);
    }
    return out;
  }

  /** The first stored fix of the device in the clicked second, with everything it carried; null when none. */
  async position(auth: AuthContext, deviceId: string, gpsTimeText: string): Promise<Position | null> {
    const device = await this.owned(auth, deviceId);
    const at = parseInZone(gpsTimeText, auth.timeZone);
    if (!at) throw badRequest('invalidField', 'GpsTime');
    const next = new Date(at.getTime() + 1000);
    historyPeriod(gpsTimeText, formatInZone(next, auth.timeZone), auth.timeZone, device.vipExpiresAt);
    const p = await this.history.positionAt(device.id, at, next);
    if (!p) return null;
    return {
      GpsTime: formatInZone(p.fixTime, auth.timeZone),
      ReceiveTime: formatInZone(p.serverTime, auth.timeZone),
      Lat: p.lat,
      Lng: p.lon,
      Speed: p.speed,
      Course: p.course,
      Altitude: p.altitude,
      Satellites: p.satellites,
      Valid: p.valid,
      Alarms: p.alarms ?? [],
      Attributes: p.attributes ?? {},
    };
  }

  /** The device if it is in the caller's subtree; another hold's answers like a missing one. */
  async owned(auth: AuthContext, deviceId: string): Promise<DeviceWithHold> {
    const d = await this.devices.findByDeviceId(deviceId);
    assertInSubtree(auth.holdPath, d);
    return d!;
  }
}

function appendColumns(out: TrackColumns, c: TrackColumns): void {
  const base = out.count;
  for (let i = 0; i < c.count; i++) out.push(c.time[i]!, c.lat[i]!, c.lng[i]!, c.speed[i]!, c.course[i]!, true, null);
  for (const i of c.invalid) out.invalid.push(base + i);
  for (const a of c.alarms) out.alarms.push({ Index: base + a.Index, Alarms: a.Alarms });
}
