import type { HistoryExportInput, Position, TrackFormat, TrackPoint } from '@lodestar/contract/history';
import type { Language } from '@lodestar/domain';
import { badRequest } from '../../lib/errors.ts';
import type { Exporter } from '../../lib/exporter.ts';
import { historyPeriod } from '../../lib/history-period.ts';
import { requireExport, stampedFileName, type Texts } from '../../lib/list-export.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import { formatInZone, parseInZone, zoneFormatter } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { DeviceRepository, DeviceWithHold } from '../devices/repository.ts';
import type { Segments } from '../trips/select.ts';
import { CompactPieces, type DayReply, readDayReply } from './compact-reply.ts';
import { type TrackFileWriter, trackFileWriter } from './export-writers.ts';
import type { HistoryRepository, RolledDay } from './repository.ts';
import { TrackColumns, unpackDay } from './track-columns.ts';

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const TRACK_FILE: Texts = { zh: '轨迹', en: 'Track', fr: 'Trajet' };

interface ExportPart {
  device: DeviceWithHold;
  from: Date;
  to: Date;
}

/** A track as GetTrack answers it: objects for the 'objects' form, columns for the 'compact' one. */
export type Track = { format: 'objects'; points: TrackPoint[] } | { format: 'compact'; pieces: CompactPieces };

/**
 * History playback (issue #16): a device's track over a period in the caller's zone, one point's whole record.
 * Every call checks the device is in the caller's subtree and the period against the device's allowance.
 */
export class HistoryService {
  constructor(
    private readonly history: HistoryRepository,
    private readonly devices: DeviceRepository,
    private readonly exporter: Exporter,
    /** The trips module's segments (TripService.segmentsOf) for the xlsx export's trips and stops sheets. */
    private readonly segments?: (devicePk: number, from: Date, to: Date) => Promise<Segments>,
  ) {}

  async track(auth: AuthContext, deviceId: string, startText: string, endText: string, format: TrackFormat) {
    const device = await this.owned(auth, deviceId);
    const { from, to } = historyPeriod(startText, endText, auth.timeZone, device);
    if (format === 'compact') return { format, pieces: await this.compact(device.id, from, to) } satisfies Track;
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
   * The points of [from, to] as pieces of the compact reply: a closed UTC day inside the period from its rolled-up
   * row (track_days) where one is there and not stale, its stored reply when the period takes the whole day, else
   * its points cut to the period; the rest (today, days not rolled yet) from positions, one query per gap.
   */
  async compact(devicePk: number, from: Date, to: Date, now = new Date()): Promise<CompactPieces> {
    const fromMs = from.getTime();
    const untilMs = to.getTime() + 1; // `to` is inclusive, as in the objects form
    const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
    const firstDay = Math.floor(fromMs / DAY_MS) * DAY_MS;
    const lastClosed = Math.min(Math.floor(to.getTime() / DAY_MS) * DAY_MS, today - DAY_MS);
    // Today (the day not closed yet) is never rolled up: its positions are read while the rolled days are.
    const openFrom = Math.max(fromMs, today);
    const open = openFrom < untilMs ? new TrackColumns() : null;
    const [rolled] = await Promise.all([
      lastClosed >= firstDay
        ? this.history.rolledDays(devicePk, utcDay(firstDay), utcDay(lastClosed))
        : new Map<string, RolledDay>(),
      open && this.history.compactInto(open, devicePk, new Date(openFrom), new Date(untilMs)),
    ]);

    type Piece = { day: RolledDay; lo: number; hi: number } | { lo: number; hi: number; into: TrackColumns };
    const pieces: Piece[] = [];
    for (let day = firstDay; day < Math.min(untilMs, today); day += DAY_MS) {
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
    if (open) pieces.push({ lo: openFrom, hi: untilMs, into: open });
    const out: (TrackColumns | DayReply)[] = [];
    // Points read or cut now gather in one run of columns until the next whole day's stored reply.
    let run: TrackColumns | null = null;
    for (const p of pieces) {
      if ('day' in p && p.day.reply && p.hi - p.lo === DAY_MS) {
        out.push(readDayReply(p.day.reply));
        run = null;
        continue;
      }
      if (!run) {
        run = new TrackColumns();
        out.push(run);
      }
      if ('into' in p) run.append(p.into);
      else if (p.day.data) unpackDay(p.day.data, run, Math.ceil(p.lo / 1000), Math.ceil(p.hi / 1000) - 1);
      else throw new Error(`track_days ${utcDay(p.lo)}: read without its points`);
    }
    return new CompactPieces(out);
  }

  /** The first stored fix of the device in the clicked second, with everything it carried; null when none. */
  async position(auth: AuthContext, deviceId: string, gpsTimeText: string): Promise<Position | null> {
    const device = await this.owned(auth, deviceId);
    const at = parseInZone(gpsTimeText, auth.timeZone);
    if (!at) throw badRequest('invalidField', 'GpsTime');
    const next = new Date(at.getTime() + 1000);
    historyPeriod(gpsTimeText, formatInZone(next, auth.timeZone), auth.timeZone, device);
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

  /**
   * History/Export: each device checked (subtree, its own period rule) before the download-centre entry is
   * made, so a refused device answers this call instead of leaving a failed file; then the file is written
   * in the background, a device and a day at a time, positions in full detail from the positions table.
   */
  async export(auth: AuthContext, lang: Language, body: HistoryExportInput): Promise<{ FileID: number }> {
    requireExport(auth);
    const parts: ExportPart[] = [];
    for (const id of new Set(body.DeviceIDs)) {
      const device = await this.owned(auth, id);
      parts.push({ device, ...historyPeriod(body.StartTime, body.EndTime, auth.timeZone, device) });
    }
    const stem = parts.length === 1 ? `${TRACK_FILE[lang]}-${parts[0]!.device.deviceId}` : TRACK_FILE[lang];
    const fileName = stampedFileName(stem, auth.timeZone).replace(/\.xlsx$/, `.${body.Format}`);
    const FileID = await this.exporter.startFile({
      userId: auth.userId,
      fileName,
      write: async (target, progress) => {
        const writer = await trackFileWriter(body.Format, target, lang, auth.timeZone);
        try {
          await this.writeParts(writer, parts, progress);
        } finally {
          await writer.close();
        }
      },
    });
    return { FileID };
  }

  private async writeParts(w: TrackFileWriter, parts: ExportPart[], progress: (fraction: number) => Promise<void>) {
    const chunks = parts.reduce((n, p) => n + Math.ceil((p.to.getTime() + 1 - p.from.getTime()) / DAY_MS), 0);
    let done = 0;
    for (const p of parts) {
      await w.device(p.device.deviceId, p.device.name ?? '');
      const until = p.to.getTime() + 1; // `to` is inclusive, as in GetTrack
      for (let a = p.from.getTime(); a < until; a += DAY_MS) {
        const b = Math.min(a + DAY_MS, until);
        await w.points(await this.history.track(p.device.id, new Date(a), new Date(b), true));
        await progress(++done / chunks);
      }
      if (w.segments && this.segments) w.segments(await this.segments(p.device.id, p.from, p.to));
    }
  }

  /** The device if it is in the caller's subtree; another hold's answers like a missing one. */
  async owned(auth: AuthContext, deviceId: string): Promise<DeviceWithHold> {
    const d = await this.devices.findByDeviceId(deviceId);
    assertInSubtree(auth.holdPath, d);
    return d!;
  }
}
