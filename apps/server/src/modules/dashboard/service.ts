import type { DashboardSummary } from '@lodestar/contract/dashboard';
import type { StatusFilter } from '@lodestar/domain';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { formatInZone, parseInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { DashboardRepository } from './repository.ts';

/** Days of the online-rate chart, today included. */
const RATE_DAYS = 7;
const RECENT_DEVICES = 10;
/**
 * How long a finished day's online count is kept: a day's device_days only grow by reports that arrive late
 * (a tracker sending its buffer after a dead zone), so the six days before today are not recounted on every
 * refresh of the GPS home (at 150,000 devices that count is ~0.8 million rows).
 */
const FINISHED_DAY_TTL_MS = 10 * 60_000;
const FINISHED_DAY_ENTRIES = 20_000;

/** The monitor's counts for a unit (MonitorService.counts): the GPS home shows exactly these. */
export type MonitorCounts = (auth: AuthContext, holdId: number | undefined) => Promise<Record<StatusFilter, number>>;

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** Dashboard/GetSummary: the GPS home's figures for a unit, its days the caller's time zone's. */
export class DashboardService {
  constructor(
    private readonly dashboard: DashboardRepository,
    private readonly holds: HoldScope,
    private readonly monitorCounts: MonitorCounts,
  ) {}

  /** `${holdPath}|${day}` → devices of the subtree that reported that day, for days before today only. */
  private readonly finishedDays = new Map<string, { n: number; at: number }>();

  /** Devices with a device_days row per day: finished days from the cache where it has them, the rest counted. */
  private async onlinePerDay(path: string, days: string[], today: string): Promise<Map<string, number>> {
    const now = Date.now();
    const known = new Map<string, number>();
    for (const day of days) {
      const hit = day < today ? this.finishedDays.get(`${path}|${day}`) : undefined;
      if (hit && now - hit.at < FINISHED_DAY_TTL_MS) known.set(day, hit.n);
    }
    const first = days.find((d) => !known.has(d));
    if (!first) return known;
    const counted = await this.dashboard.onlinePerDay(path, first, today);
    if (this.finishedDays.size > FINISHED_DAY_ENTRIES) this.finishedDays.clear();
    for (const day of days.filter((d) => d >= first)) {
      const n = counted.get(day) ?? 0;
      known.set(day, n);
      if (day < today) this.finishedDays.set(`${path}|${day}`, { n, at: now });
    }
    return known;
  }

  async summary(auth: AuthContext, holdId: number | undefined): Promise<DashboardSummary> {
    const path = await this.holds.pathOf(auth, holdId);
    const zone = auth.timeZone;
    const today = formatInZone(new Date(), zone).slice(0, 10);
    const days = Array.from({ length: RATE_DAYS }, (_, i) => addDays(today, i - RATE_DAYS + 1));
    const midnight = (day: string) => parseInZone(`${day} 00:00:00`, zone)!;
    const dayEnds = days.map((d) => midnight(addDays(d, 1)));
    const [counts, devices, online, alarms, sims, recent] = await Promise.all([
      this.monitorCounts(auth, holdId),
      this.dashboard.deviceFigures(path, today, dayEnds),
      this.onlinePerDay(path, days, today),
      this.dashboard.alarmsSince(path, midnight(today)),
      this.dashboard.simsExpiring(path, today),
      this.dashboard.recentDevices(path, RECENT_DEVICES),
    ]);
    return {
      Today: today,
      Total: counts.all,
      Online: counts.online,
      Moving: counts.moving,
      Offline: counts.offline,
      Unused: counts.unused,
      OnlineRate7d: days.map((day, i) => {
        // The unit's devices (the monitor's count, read off devices_hold_idx) less those added after the day.
        const total = counts.all - (devices.addedSince[i] ?? 0);
        const n = online.get(day) ?? 0;
        return { Day: day, Online: n, Total: total, Rate: total ? Math.round((n / total) * 1000) / 10 : 0 };
      }),
      AlarmsToday: alarms.map((a) => ({ Type: a.type, Count: a.n })),
      VipExpired: devices.vip.expired,
      VipExpiring7: devices.vip['7'],
      VipExpiring30: devices.vip['30'],
      VipExpiring60: devices.vip['60'],
      SimsExpiring: sims,
      RecentDevices: recent.map((d) => ({
        DeviceID: d.device_id,
        DeviceName: d.name,
        HoldName: d.hold_name,
        Protocol: d.protocol,
        CreateTime: formatInZone(d.created_at, zone),
      })),
    };
  }
}
