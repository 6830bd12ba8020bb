import { formatInZone } from '@lodestar/domain';

/** The zone whose calendar days device_days counts when DEVICE_DAY_TIME_ZONE is not set. */
export const DEFAULT_DAY_ZONE = 'Asia/Shanghai';

/**
 * Every zone's offset and every daylight-saving change of today's tz database falls on a quarter
 * hour, so all instants of one UTC-aligned quarter hour share their calendar day in any zone.
 */
const QUARTER_HOUR_MS = 900_000;

export interface DeviceDayRow {
  day: string;
  devicePk: number;
}

/**
 * Which (device, day) rows of device_days a flush must write: only a device's first report of a
 * day (in `zone`) since this process last wrote one. The hot path costs a division and a map
 * look-up per record; the zone's day is worked out once per quarter hour. After a restart every
 * device writes its day once more, which ON CONFLICT DO NOTHING absorbs.
 */
export class DeviceDays {
  /** The last day written per device pk, kept only once a flush committed it. */
  private readonly written = new Map<number, string>();
  private cachedQuarter = Number.NaN;
  private cachedDay = '';

  constructor(private readonly zone: string = DEFAULT_DAY_ZONE) {
    // An unknown zone must fail at start, not on the first report.
    formatInZone(new Date(), zone);
  }

  dayOf(at: Date): string {
    const ms = at.getTime();
    const quarter = Math.floor(ms / QUARTER_HOUR_MS);
    if (quarter !== this.cachedQuarter) {
      if (!Number.isFinite(ms)) return formatInZone(new Date(), this.zone).slice(0, 10);
      this.cachedDay = formatInZone(at, this.zone).slice(0, 10);
      this.cachedQuarter = quarter;
    }
    return this.cachedDay;
  }

  /** The rows a batch adds: a device reporting on a day not yet written for it, once per batch. */
  pending(reports: Iterable<{ devicePk: number; at: Date }>): DeviceDayRow[] {
    const rows: DeviceDayRow[] = [];
    let inBatch: Map<number, string> | undefined;
    for (const r of reports) {
      const day = this.dayOf(r.at);
      if (this.written.get(r.devicePk) === day) continue;
      inBatch ??= new Map();
      if (inBatch.get(r.devicePk) === day) continue;
      // A batch spanning midnight writes both days; the later one is remembered (committed keeps the max).
      inBatch.set(r.devicePk, day);
      rows.push({ day, devicePk: r.devicePk });
    }
    return rows;
  }

  /** After COMMIT: these rows are in device_days. */
  committed(rows: DeviceDayRow[]): void {
    for (const r of rows) {
      const known = this.written.get(r.devicePk);
      // A late record of yesterday must not make today's first report write again.
      if (known === undefined || known < r.day) this.written.set(r.devicePk, r.day);
    }
  }
}
