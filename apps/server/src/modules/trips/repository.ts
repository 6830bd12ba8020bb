import type { DetectorState, StopSegment, TripPoint, TripSegment } from '@lodestar/domain';
import type pg from 'pg';
import type { Segments } from './select.ts';

/** The trips, stops and detector states the ingest's trip tracker writes (ingest/trips-sql.ts). */
export class TripRepository {
  constructor(private readonly pool: pg.Pool) {}

  /** A device's closed trips and stops overlapping [from, to], in time order (read on the end_time indexes). */
  async overlapping(devicePk: number, from: Date, to: Date): Promise<Segments> {
    const [trips, stops] = await Promise.all([
      this.pool.query({
        text: `SELECT start_time, end_time, start_lat, start_lon, end_lat, end_lon, distance, max_speed FROM trips
                WHERE device_pk = $1 AND end_time >= $2 AND start_time <= $3 ORDER BY start_time`,
        values: [devicePk, from, to],
        rowMode: 'array',
      }),
      this.pool.query({
        text: `SELECT start_time, end_time, lat, lon FROM stops
                WHERE device_pk = $1 AND end_time >= $2 AND start_time <= $3 ORDER BY start_time`,
        values: [devicePk, from, to],
        rowMode: 'array',
      }),
    ]);
    return {
      trips: (trips.rows as [Date, Date, number, number, number, number, number, number][]).map(
        (r): TripSegment => ({
          kind: 'trip',
          start: r[0].getTime(),
          end: r[1].getTime(),
          startLat: r[2],
          startLon: r[3],
          endLat: r[4],
          endLon: r[5],
          distance: r[6],
          maxSpeed: r[7],
        }),
      ),
      stops: (stops.rows as [Date, Date, number, number][]).map(
        (r): StopSegment => ({ kind: 'stop', start: r[0].getTime(), end: r[1].getTime(), lat: r[2], lon: r[3] }),
      ),
    };
  }

  /**
   * The valid fixes of each span (a device's trip) in time order, as the detector read them (ingest/trips-sql.ts:
   * speed, ACC, odometer): one statement for every span, each read on positions_device_time_idx.
   */
  async pointsOf(spans: { pk: number; from: Date; to: Date }[]): Promise<TripPoint[][]> {
    const out: TripPoint[][] = spans.map(() => []);
    if (!spans.length) return out;
    const { rows } = await this.pool.query({
      text: `SELECT s.i, p.fix_time, p.lat, p.lon, p.speed, p.attributes->'odometer'
               FROM unnest($1::int[], $2::timestamptz[], $3::timestamptz[]) WITH ORDINALITY AS s(pk, lo, hi, i)
               JOIN positions p ON p.device_pk = s.pk AND p.fix_time >= s.lo AND p.fix_time <= s.hi AND p.valid
              ORDER BY s.i, p.fix_time`,
      values: [spans.map((s) => s.pk), spans.map((s) => s.from), spans.map((s) => s.to)],
      rowMode: 'array',
    });
    for (const [i, time, lat, lon, speed, odometer] of rows as [string, Date, number, number, number, unknown][])
      out[Number(i) - 1]!.push({
        time: time.getTime(),
        lat,
        lon,
        speed,
        valid: true,
        odometer: typeof odometer === 'number' && Number.isFinite(odometer) ? odometer : undefined,
      });
    return out;
  }

  /** The device's detector as last persisted: its open trip or stop. */
  async state(devicePk: number): Promise<DetectorState | undefined> {
    const { rows } = await this.pool.query<{ state: DetectorState }>(
      'SELECT state FROM trip_states WHERE device_pk = $1',
      [devicePk],
    );
    return rows[0]?.state;
  }
}
