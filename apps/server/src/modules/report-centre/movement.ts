import { formatInZone, REPORT_DURATION_CHOICES } from '@lodestar/domain';
import { parseInZone } from '../../lib/time.ts';
import { deviceCells, perDevice, type ReportDef, type Row, type RunContext, round1, round6 } from './definition.ts';

const DAY_MS = 86_400_000;
const dayOf = (ms: number, zone: string) => formatInZone(new Date(ms), zone).slice(0, 10);

/** The calendar days of the period in the caller's zone, first to last. */
export function daysOf(ctx: Pick<RunContext, 'from' | 'to' | 'zone'>): string[] {
  const last = dayOf(ctx.to.getTime(), ctx.zone);
  const days: string[] = [];
  for (let d = dayOf(ctx.from.getTime(), ctx.zone); d <= last; ) {
    days.push(d);
    d = new Date(Date.parse(`${d}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  }
  return days;
}

/** Trips: History/GetTrips for each device over the period. */
export const trips: ReportDef = {
  type: 'trips',
  name: { zh: '行程报表', en: 'Trips', fr: 'Trajets' },
  period: true,
  columns: [
    'DeviceID',
    'DeviceName',
    'HoldName',
    'StartTime',
    'EndTime',
    'Distance',
    'Duration',
    'MaxSpeed',
    'AvgSpeed',
    'StartLat',
    'StartLng',
    'EndLat',
    'EndLng',
  ],
  sort: ['StartTime', 'asc'],
  background: true,
  rows: (ctx) =>
    perDevice(ctx, async (d) => {
      const { trips } = await ctx.segmentsOf(d.pk, ctx.from, ctx.to);
      return trips.map((t): Row => {
        const duration = Math.round((t.end - t.start) / 1000);
        return {
          ...deviceCells(d),
          StartTime: formatInZone(new Date(t.start), ctx.zone),
          EndTime: formatInZone(new Date(t.end), ctx.zone),
          Distance: Math.round(t.distance),
          Duration: duration,
          MaxSpeed: round1(t.maxSpeed),
          AvgSpeed: duration > 0 ? round1((t.distance / duration) * 3.6) : 0,
          StartLat: round6(t.startLat),
          StartLng: round6(t.startLon),
          EndLat: round6(t.endLat),
          EndLng: round6(t.endLon),
        };
      });
    }),
};

/** Stops and parking: History/GetStops with the chosen shortest stop (1 hour to 1 year). */
export const stops: ReportDef = {
  type: 'stops',
  name: { zh: '停车报表', en: 'Stops and parking', fr: 'Arrêts et stationnements' },
  period: true,
  columns: ['DeviceID', 'DeviceName', 'HoldName', 'StartTime', 'EndTime', 'Duration', 'Lat', 'Lng'],
  params: [
    {
      name: 'MinStopSeconds',
      title: { zh: '停车时长', en: 'Stopped at least', fr: 'Arrêt d’au moins' },
      choices: REPORT_DURATION_CHOICES,
      default: 3600,
    },
  ],
  sort: ['StartTime', 'asc'],
  background: true,
  rows: (ctx) =>
    perDevice(ctx, async (d) => {
      const { stops } = await ctx.segmentsOf(d.pk, ctx.from, ctx.to, ctx.params.MinStopSeconds ?? 3600);
      return stops.map(
        (s): Row => ({
          ...deviceCells(d),
          StartTime: formatInZone(new Date(s.start), ctx.zone),
          EndTime: formatInZone(new Date(s.end), ctx.zone),
          Duration: Math.round((s.end - s.start) / 1000),
          Lat: round6(s.lat),
          Lng: round6(s.lon),
        }),
      );
    }),
};

/** Online rate per day: devices with a device_days row against the devices added by the day's end. */
export const onlineRate: ReportDef = {
  type: 'onlineRate',
  name: { zh: '上线率', en: 'Online rate per day', fr: 'Taux de connexion par jour' },
  period: true,
  columns: ['Date', 'Online', 'Total', 'Rate'],
  chart: { kind: 'line', x: 'Date', y: 'Rate' },
  sort: ['Date', 'asc'],
  async rows(ctx) {
    const days = daysOf(ctx);
    const online = await ctx.repo.onlinePerDay(
      ctx.devices.map((d) => d.pk),
      days[0]!,
      days.at(-1)!,
    );
    return days.map((day) => {
      const end = parseInZone(`${day} 23:59:59`, ctx.zone)!.getTime();
      const total = ctx.devices.filter((d) => new Date(d.createdAt).getTime() <= end).length;
      const n = online.get(day) ?? 0;
      return { Date: day, Online: n, Total: total, Rate: total ? round1((n / total) * 100) : 0 };
    });
  },
};
