import type { HistorySummary, PeriodInput, StopRow, TripRow } from '@lodestar/contract/history';
import { LIMITS, openSegment, splitTrip, type TripParams, type TripPart, type TripSegment } from '@lodestar/domain';
import { historyPeriod } from '../../lib/history-period.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import { zoneFormatter } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { DeviceRepository, DeviceWithHold } from '../devices/repository.ts';
import type { TripRepository } from './repository.ts';
import { type Segments, selectSegments } from './select.ts';

const DAY_MS = 86_400_000;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** A trip to cut (TripService.partsOf): the device, the trip, and the times to cut it at. */
export interface TripCut {
  pk: number;
  trip: TripSegment;
  cuts: number[];
}

/**
 * A period's edges as cuts, in ms: its start, and the end of its last second (EndTime names a second it includes), so
 * a period ending 23:59:59 cuts where the next day begins.
 */
export const periodCuts = (from: Date, to: Date): [number, number] => [from.getTime(), to.getTime() + 1000];

/**
 * History/GetTrips, GetStops and GetSummary (issue #16): the segments the ingest's trip tracker wrote,
 * with the device's open trip or stop, in the caller's zone.
 */
export class TripService {
  constructor(
    private readonly devices: Pick<DeviceRepository, 'findByDeviceId'>,
    private readonly repo: TripRepository,
    private readonly params: TripParams,
  ) {}

  async trips(auth: AuthContext, input: PeriodInput): Promise<TripRow[]> {
    const { trips } = await this.periodOf(auth, input);
    const inZone = zoneFormatter(auth.timeZone);
    return trips.map((t) => {
      const duration = Math.round((t.end - t.start) / 1000);
      return {
        StartTime: inZone(new Date(t.start)),
        EndTime: inZone(new Date(t.end)),
        StartLat: t.startLat,
        StartLng: t.startLon,
        EndLat: t.endLat,
        EndLng: t.endLon,
        Distance: Math.round(t.distance),
        Duration: duration,
        MaxSpeed: round1(t.maxSpeed),
        AvgSpeed: duration > 0 ? round1((t.distance / duration) * 3.6) : 0,
      };
    });
  }

  async stops(auth: AuthContext, input: PeriodInput): Promise<StopRow[]> {
    const { stops } = await this.periodOf(auth, input);
    const inZone = zoneFormatter(auth.timeZone);
    return stops.map((s) => ({
      StartTime: inZone(new Date(s.start)),
      EndTime: inZone(new Date(s.end)),
      Lat: s.lat,
      Lng: s.lon,
      Duration: Math.round((s.end - s.start) / 1000),
    }));
  }

  /**
   * The totals of the rows GetTrips and GetStops answer, but of a trip that crosses the period's start or end only the
   * part inside it (cut by its fixes, partsOf): the distance driven in the period, as the report centre's daily
   * mileage counts it day by day. Stops are counted whole, as listed.
   */
  async summary(auth: AuthContext, input: PeriodInput): Promise<HistorySummary> {
    const device = await this.owned(auth, input.DeviceID);
    const { from, to } = historyPeriod(input.StartTime, input.EndTime, auth.timeZone, device);
    const { trips, stops } = await this.segmentsOf(device.id, from, to, input.MinStopSeconds);
    const [lo, hi] = periodCuts(from, to);
    const parts = await this.partsOf(trips.map((trip) => ({ pk: device.id, trip, cuts: [lo, hi] })));
    let distance = 0;
    let moving = 0;
    let max = 0;
    for (const p of parts.flat()) {
      if (p.start < lo || p.end > hi) continue;
      distance += p.distance;
      moving += Math.round((p.end - p.start) / 1000);
      max = Math.max(max, p.maxSpeed);
    }
    return {
      Distance: Math.round(distance),
      MovingTime: moving,
      StoppedTime: stops.reduce((n, s) => n + Math.round((s.end - s.start) / 1000), 0),
      MaxSpeed: round1(max),
      AvgSpeed: moving > 0 ? round1((distance / moving) * 3.6) : 0,
      TripCount: trips.length,
      StopCount: stops.length,
    };
  }

  /**
   * A device's trips and stops over a period, for History/Export and reports: the caller has checked the
   * device and the period. `minStopSeconds` below the HISTORY_STOP_SECONDS setting answers as the setting
   * (shorter stops are never recorded). Merging across stops shorter than it looks at most
   * LIMITS.trackQueryDays beyond the period each way.
   */
  async segmentsOf(devicePk: number, from: Date, to: Date, minStopSeconds?: number): Promise<Segments> {
    const minStopMs = Math.max(minStopSeconds ?? 0, this.params.stopSeconds) * 1000;
    const reach = minStopMs > this.params.stopSeconds * 1000 ? LIMITS.trackQueryDays * DAY_MS : 0;
    const lo = new Date(from.getTime() - reach);
    const hi = new Date(to.getTime() + reach);
    const [closed, state] = await Promise.all([this.repo.overlapping(devicePk, lo, hi), this.repo.state(devicePk)]);
    const open = state ? openSegment(state) : null;
    if (open && open.start <= hi.getTime() && open.end >= lo.getTime()) {
      if (open.kind === 'trip') closed.trips.push(open);
      else closed.stops.push(open);
    }
    return selectSegments(closed, from.getTime(), to.getTime(), minStopMs);
  }

  /**
   * Each trip cut at its cuts into parts by the fixes it was made of (splitTrip); only trips a cut falls inside
   * read their fixes, all in one query.
   */
  async partsOf(items: TripCut[]): Promise<TripPart[][]> {
    const cut = items.filter((x) => x.cuts.some((c) => c > x.trip.start && c < x.trip.end));
    const points = await this.repo.pointsOf(
      cut.map((x) => ({ pk: x.pk, from: new Date(x.trip.start), to: new Date(x.trip.end) })),
    );
    const byItem = new Map(cut.map((x, i) => [x, points[i]!]));
    return items.map((x) => {
      const pts = byItem.get(x);
      if (!pts) return [{ start: x.trip.start, end: x.trip.end, distance: x.trip.distance, maxSpeed: x.trip.maxSpeed }];
      return splitTrip(x.trip, pts, x.cuts);
    });
  }

  private async periodOf(auth: AuthContext, input: PeriodInput): Promise<Segments> {
    const device = await this.owned(auth, input.DeviceID);
    const { from, to } = historyPeriod(input.StartTime, input.EndTime, auth.timeZone, device);
    return this.segmentsOf(device.id, from, to, input.MinStopSeconds);
  }

  private async owned(auth: AuthContext, deviceId: string): Promise<DeviceWithHold> {
    const d = await this.devices.findByDeviceId(deviceId);
    assertInSubtree(auth.holdPath, d);
    return d!;
  }
}
