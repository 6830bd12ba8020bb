import type { DashboardSummary } from '@lodestar/contract/dashboard';
import type { StatusFilter } from '@lodestar/domain';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { formatInZone, parseInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { DashboardRepository } from './repository.ts';

/** Days of the online-rate chart, today included. */
const RATE_DAYS = 7;
const RECENT_DEVICES = 10;

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
      this.dashboard.onlinePerDay(path, days[0]!, today),
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
        const total = devices.addedBefore[i] ?? 0;
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
