import { formatInZone, openSegment, type TripSegment } from '@lodestar/domain';
import { parseInZone } from '../../lib/time.ts';
import { periodCuts } from '../trips/service.ts';
import { deviceCells, type ReportDef, round1 } from './definition.ts';
import type { DayMileage } from './repository.ts';

const DAY_MS = 86_400_000;
const MILEAGE_CHUNK = 1000;
const dayOf = (ms: number, zone: string) => formatInZone(new Date(ms), zone).slice(0, 10);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** The midnights of `zone` strictly inside (start, end), ms. */
export function midnightsIn(start: number, end: number, zone: string): number[] {
  const out: number[] = [];
  for (let d = nextDay(dayOf(start, zone)); ; d = nextDay(d)) {
    const at = parseInZone(`${d} 00:00:00`, zone)!.getTime();
    if (at >= end) return out;
    out.push(at);
  }
}

/**
 * Daily mileage: each device's driving per calendar day of the caller's zone, the open trip included. A trip that
 * runs past midnight (or past the period's start or end) is cut there by its fixes (TripService.partsOf), each day
 * getting the metres and seconds driven in it; it counts as one trip on the first day of the period it drives in. So
 * the totals over any period are History/GetSummary's for that period, and so is each day's distance and time.
 */
export const mileageDaily: ReportDef = {
  type: 'mileageDaily',
  name: { zh: '每日里程', en: 'Daily mileage', fr: 'Kilométrage quotidien' },
  period: true,
  columns: ['Date', 'DeviceID', 'DeviceName', 'HoldName', 'Distance', 'TripCount', 'MovingTime', 'MaxSpeed'],
  chart: { kind: 'bar', x: 'Date', y: 'Distance' },
  sort: ['Date', 'asc'],
  async rows(ctx) {
    const [lo, hi] = periodCuts(ctx.from, ctx.to);
    const until = new Date(hi);
    const pks = ctx.devices.map((d) => d.pk);
    const states = await ctx.repo.tripStates(pks);
    const byKey = new Map<string, DayMileage>();
    const add = (pk: number, day: string, distance: number, trips: number, moving: number, maxSpeed: number) => {
      const key = `${pk}|${day}`;
      const r = byKey.get(key);
      if (!r) byKey.set(key, { pk, day, distance, trips, moving, maxSpeed });
      else {
        r.distance += distance;
        r.trips += trips;
        r.moving += moving;
        r.maxSpeed = Math.max(r.maxSpeed, maxSpeed);
      }
    };
    // A unit of 10,000 devices is read 1,000 at a time, so a background export shows its progress.
    const cut: { pk: number; trip: TripSegment }[] = [];
    for (let i = 0; i < pks.length; i += MILEAGE_CHUNK) {
      const chunk = pks.slice(i, i + MILEAGE_CHUNK);
      for (const r of await ctx.repo.mileagePerDay(chunk, ctx.from, until, ctx.zone))
        add(r.pk, r.day, r.distance, r.trips, r.moving, r.maxSpeed);
      cut.push(...(await ctx.repo.cutTrips(chunk, ctx.from, until, ctx.zone)));
      await ctx.progress(Math.min(1, (i + MILEAGE_CHUNK) / pks.length) * 0.8);
    }
    for (const [pk, state] of states) {
      const open = openSegment(state);
      if (open?.kind === 'trip' && open.start < hi && open.end > lo) cut.push({ pk, trip: open });
    }
    const parts = await ctx.partsOf(
      cut.map(({ pk, trip }) => ({ pk, trip, cuts: [lo, hi, ...midnightsIn(trip.start, trip.end, ctx.zone)] })),
    );
    cut.forEach(({ pk }, i) => {
      let first = true;
      for (const p of parts[i]!) {
        if (p.start < lo || p.end > hi) continue;
        add(pk, dayOf(p.start, ctx.zone), p.distance, first ? 1 : 0, Math.round((p.end - p.start) / 1000), p.maxSpeed);
        first = false;
      }
    });
    const device = new Map(ctx.devices.map((d) => [d.pk, d]));
    return [...byKey.values()].map((r) => ({
      Date: r.day,
      ...deviceCells(device.get(r.pk)!),
      Distance: Math.round(r.distance),
      TripCount: r.trips,
      MovingTime: r.moving,
      MaxSpeed: round1(r.maxSpeed),
    }));
  },
};
