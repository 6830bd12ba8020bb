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

export interface DayBatch {
  note(devicePk: number, at: Date): void;
  readonly rows: DeviceDayRow[];
}

/**
 * Which (device, day) rows of device_days a flush must write: only a device's first report of a
 * day (in `zone`) since this process last wrote one. The hot path costs a division and an
 * integer-keyed map look-up per record; the zone's day is worked out once per quarter hour. After a restart every
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

  /**
   * Collects the rows a batch adds: `note` each report (the flush's planner does, where it has the
   * device's pk already), then `rows` holds a device's day not yet written for it, once per batch.
   */
  batch(): DayBatch {
    const rows: DeviceDayRow[] = [];
    let inBatch: Map<number, string> | undefined;
    return {
      rows,
      note: (devicePk, at) => {
        const day = this.dayOf(at);
        if (this.written.get(devicePk) === day) return;
        inBatch ??= new Map();
        if (inBatch.get(devicePk) === day) return;
        // A batch spanning midnight writes both days; committed keeps the later one.
        inBatch.set(devicePk, day);
        rows.push({ day, devicePk });
      },
    };
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
