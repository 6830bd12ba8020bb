import type { DetectorState, Segment, TripPoint } from '@lodestar/domain';
import type pg from 'pg';
import { inTransaction, withClient } from './sql.ts';
import { accOf } from './state.ts';

/** What the tracker writes for one device: rows from a rebuild point on replaced, new rows, the state. */
export interface TripWrite {
  /** Rows starting at or after this (ms) are deleted first: a rebuild's start. */
  deleteFrom: number | null;
  segments: Segment[];
  state: DetectorState;
}

/** The persisted detectors of these devices, in one query (a fleet first seen at once costs one). */
export async function loadTripStates(pool: pg.Pool, devicePks: number[]): Promise<Map<number, DetectorState>> {
  const { rows } = await pool.query<{ device_pk: number; state: DetectorState }>(
    'SELECT device_pk, state FROM trip_states WHERE device_pk = ANY($1::int[])',
    [devicePks],
  );
  return new Map(rows.map((r) => [r.device_pk, r.state]));
}

/** The detector's view of a stored position: odometer in metres as the codecs decode it. */
export function tripPointOf(
  fixTime: Date,
  lat: number,
  lon: number,
  speed: number,
  valid: boolean,
  attributes: Record<string, unknown> | null,
): TripPoint {
  const odometer = attributes?.odometer;
  return {
    time: fixTime.getTime(),
    lat,
    lon,
    speed,
    valid,
    acc: attributes ? accOf(attributes) : undefined,
    odometer: typeof odometer === 'number' && Number.isFinite(odometer) ? odometer : undefined,
  };
}

/** A device's positions in fix-time order from `from` (ms; inclusive or not), read on positions_device_time_idx. */
export async function readTripPoints(
  pool: pg.Pool,
  devicePk: number,
  from: number,
  inclusive: boolean,
): Promise<TripPoint[]> {
  const { rows } = await pool.query({
    text: `SELECT fix_time, lat, lon, speed, valid,
                  jsonb_build_object('acc', attributes->'acc', 'ignition', attributes->'ignition',
                                     'odometer', attributes->'odometer')
             FROM positions WHERE device_pk = $1 AND fix_time ${inclusive ? '>=' : '>'} $2 ORDER BY fix_time`,
    values: [devicePk, new Date(from)],
    rowMode: 'array',
  });
  return (rows as [Date, number, number, number, boolean, Record<string, unknown>][]).map((r) =>
    tripPointOf(r[0], r[1], r[2], r[3], r[4], r[5]),
  );
}

/** The latest stop of the device starting at or before `time` (ms), and its first row's start. */
export async function rebuildAnchors(
  pool: pg.Pool,
  devicePk: number,
  time: number,
): Promise<{ stop: number | null; first: number | null }> {
  const { rows } = await pool.query<{ stop: Date | null; first: Date | null }>(
    `SELECT (SELECT max(start_time) FROM stops WHERE device_pk = $1 AND start_time <= $2) AS stop,
            (SELECT least((SELECT min(start_time) FROM stops WHERE device_pk = $1),
                          (SELECT min(start_time) FROM trips WHERE device_pk = $1))) AS first`,
    [devicePk, new Date(time)],
  );
  return { stop: rows[0]?.stop?.getTime() ?? null, first: rows[0]?.first?.getTime() ?? null };
}

const iso = (ms: number) => new Date(ms).toISOString();

// One JSON parameter per table (jsonb_to_recordset), as the ingest writes events and states. A device
// removed since is skipped (its rows would go with it anyway).
const DELETE_FROM = (table: string) => `
DELETE FROM ${table} t USING jsonb_to_recordset($1::jsonb) AS x(device_pk int, from_time timestamptz)
 WHERE t.device_pk = x.device_pk AND t.start_time >= x.from_time`;

const INSERT_TRIPS = `
INSERT INTO trips (device_pk, start_time, end_time, start_lat, start_lon, end_lat, end_lon, distance, duration,
                   max_speed, avg_speed)
SELECT x.* FROM jsonb_to_recordset($1::jsonb) AS x(device_pk int, start_time timestamptz, end_time timestamptz,
       start_lat float8, start_lon float8, end_lat float8, end_lon float8, distance float8, duration int,
       max_speed real, avg_speed real)
 WHERE EXISTS (SELECT 1 FROM devices d WHERE d.id = x.device_pk)
ON CONFLICT (device_pk, start_time) DO UPDATE SET end_time = EXCLUDED.end_time, start_lat = EXCLUDED.start_lat,
  start_lon = EXCLUDED.start_lon, end_lat = EXCLUDED.end_lat, end_lon = EXCLUDED.end_lon,
  distance = EXCLUDED.distance, duration = EXCLUDED.duration, max_speed = EXCLUDED.max_speed,
  avg_speed = EXCLUDED.avg_speed`;

const INSERT_STOPS = `
INSERT INTO stops (device_pk, start_time, end_time, lat, lon, duration)
SELECT x.* FROM jsonb_to_recordset($1::jsonb) AS x(device_pk int, start_time timestamptz, end_time timestamptz,
       lat float8, lon float8, duration int)
 WHERE EXISTS (SELECT 1 FROM devices d WHERE d.id = x.device_pk)
ON CONFLICT (device_pk, start_time) DO UPDATE SET end_time = EXCLUDED.end_time, lat = EXCLUDED.lat,
  lon = EXCLUDED.lon, duration = EXCLUDED.duration`;

const UPSERT_TRIP_STATES = `
INSERT INTO trip_states (device_pk, state, watermark)
SELECT x.device_pk, x.state, x.watermark
  FROM jsonb_to_recordset($1::jsonb) AS x(device_pk int, state jsonb, watermark timestamptz)
 WHERE EXISTS (SELECT 1 FROM devices d WHERE d.id = x.device_pk)
ON CONFLICT (device_pk) DO UPDATE SET state = EXCLUDED.state, watermark = EXCLUDED.watermark`;

/** Trip segment as a trips row (the API's rows are these columns). */
export function tripRow(devicePk: number, s: Extract<Segment, { kind: 'trip' }>) {
  const duration = Math.round((s.end - s.start) / 1000);
  return {
    device_pk: devicePk,
    start_time: iso(s.start),
    end_time: iso(s.end),
    start_lat: s.startLat,
    start_lon: s.startLon,
    end_lat: s.endLat,
    end_lon: s.endLon,
    distance: s.distance,
    duration,
    max_speed: s.maxSpeed,
    avg_speed: duration > 0 ? (s.distance / duration) * 3.6 : 0,
  };
}

/**
 * Writes what the tracker gathered in one transaction: the rebuilds' deletions, then the closed rows and
 * each device's state, so a state row never runs ahead of the rows it closed. The JSON is built before
 * the first await: the detector states go on changing while the statements run.
 */
export async function writeTrips(pool: pg.Pool, batch: Map<number, TripWrite>): Promise<void> {
  const deletes: { device_pk: number; from_time: string }[] = [];
  const trips: ReturnType<typeof tripRow>[] = [];
  const stops: object[] = [];
  const states: object[] = [];
  for (const [pk, w] of batch) {
    if (w.deleteFrom !== null) deletes.push({ device_pk: pk, from_time: iso(w.deleteFrom) });
    for (const s of w.segments) {
      if (s.kind === 'trip') trips.push(tripRow(pk, s));
      else
        stops.push({
          device_pk: pk,
          start_time: iso(s.start),
          end_time: iso(s.end),
          lat: s.lat,
          lon: s.lon,
          duration: Math.round((s.end - s.start) / 1000),
        });
    }
    states.push({
      device_pk: pk,
      state: w.state,
      watermark: w.state.watermark === null ? null : iso(w.state.watermark),
    });
  }
  const params = {
    deletes: JSON.stringify(deletes),
    trips: JSON.stringify(trips),
    stops: JSON.stringify(stops),
    states: JSON.stringify(states),
  };
  await withClient(pool, (client) =>
    inTransaction(client, async () => {
      if (deletes.length) {
        await client.query(DELETE_FROM('trips'), [params.deletes]);
        await client.query(DELETE_FROM('stops'), [params.deletes]);
      }
      if (trips.length) await client.query(INSERT_TRIPS, [params.trips]);
      if (stops.length) await client.query(INSERT_STOPS, [params.stops]);
      await client.query(UPSERT_TRIP_STATES, [params.states]);
    }),
  );
}
