import pg from 'pg';
import { defaultVipYearsSql } from '../lib/vip-default-years.ts';
import { COPY_POSITIONS_BINARY, encodePositionsBinary } from './copy-binary.ts';
import { type FlushStatement, PipelinedFlush, sendCopyMessage } from './copy-message.ts';
import type { DeviceDayRow } from './device-days.ts';
import { eventStatement, FLUSH_STATEMENTS_SETUP, visitStatement } from './flush-statements.ts';
import type { FlushPlan } from './plan.ts';
import type { LatestState } from './state.ts';

/** A device_states row as `pg` returns it. */
export interface StateRow {
  device_pk: number;
  fix_time: Date | null;
  receive_time: Date | null;
  last_seen: Date | null;
  valid: boolean | null;
  lat: number | null;
  lon: number | null;
  speed: number | null;
  course: number | null;
  satellites: number | null;
  acc: boolean | null;
  battery: number | null;
  mileage: number;
  alarms: string[];
  connected: boolean;
  overspeed_since: Date | null;
  attributes: Record<string, unknown> | null;
}

export function stateFromRow(r: StateRow): LatestState {
  return {
    fixTime: r.fix_time,
    receiveTime: r.receive_time,
    lastSeen: r.last_seen,
    valid: r.valid,
    lat: r.lat,
    lon: r.lon,
    speed: r.speed,
    course: r.course,
    satellites: r.satellites,
    acc: r.acc,
    battery: r.battery,
    mileage: r.mileage,
    alarms: r.alarms,
    connected: r.connected,
    overspeedSince: r.overspeed_since,
    attributes: r.attributes,
  };
}

export async function loadStates(pool: pg.Pool, pks: number[]): Promise<Map<number, LatestState>> {
  const { rows } = await pool.query<StateRow>('SELECT * FROM device_states WHERE device_pk = ANY($1::int[])', [pks]);
  return new Map(rows.map((r) => [r.device_pk, stateFromRow(r)]));
}

// States go as one JSON text: jsonb_to_recordset turns it into rows on the server, which costs far less than
// binding thousands of parameters through the client.
const UPSERT_STATES = `
INSERT INTO device_states (device_pk, fix_time, receive_time, last_seen, valid, lat, lon, speed, course, satellites, acc,
       battery, mileage, alarms, overspeed_since, attributes)
SELECT device_pk, fix_time, receive_time, last_seen, valid, lat, lon, speed, course, satellites, acc, battery, mileage,
       ARRAY(SELECT jsonb_array_elements_text(alarms)), overspeed_since, attributes
  FROM jsonb_to_recordset($1::jsonb) AS x(device_pk int, fix_time timestamptz, receive_time timestamptz,
       last_seen timestamptz, valid boolean, lat float8, lon float8, speed real, course smallint, satellites smallint,
       acc boolean, battery real, mileage float8, alarms jsonb, overspeed_since timestamptz, attributes jsonb)
ON CONFLICT (device_pk) DO UPDATE SET
  fix_time = EXCLUDED.fix_time, receive_time = EXCLUDED.receive_time, last_seen = EXCLUDED.last_seen,
  valid = EXCLUDED.valid, lat = EXCLUDED.lat, lon = EXCLUDED.lon, speed = EXCLUDED.speed, course = EXCLUDED.course,
  satellites = EXCLUDED.satellites, acc = EXCLUDED.acc, battery = EXCLUDED.battery, mileage = EXCLUDED.mileage,
  alarms = EXCLUDED.alarms, overspeed_since = EXCLUDED.overspeed_since, attributes = EXCLUDED.attributes`;

// The join skips a device removed since the cache read it (device_days has a foreign key, positions none).
// A device's first report of a day is also where a VIP that never started starts (spec section 9: the default
// years from activation, its unit's own if set; a device that reports is active, Device/Activate starts it for one that has not
// reported yet). In the same statement, so the hot path pays no round trip, and only on a device's first flush
// of a day.
const INSERT_DEVICE_DAYS = (rows: string) => `
WITH x AS (SELECT * FROM jsonb_to_recordset(${rows}) AS x(day date, device_pk int)),
     vip AS (
       UPDATE devices d SET vip_expires_at = (f.day + ${defaultVipYearsSql('d.hold_id')} * interval '1 year')::date
         FROM (SELECT device_pk, min(day) AS day FROM x GROUP BY device_pk) f
        WHERE d.id = f.device_pk AND d.vip_expires_at IS NULL)
INSERT INTO device_days (day, device_pk)
SELECT x.day, x.device_pk FROM x JOIN devices d ON d.id = x.device_pk
ON CONFLICT DO NOTHING`;

/** Rows as a jsonb literal in the statement's text: a simple-protocol message carries no parameters. */
const jsonb = (rows: unknown[]) => `${pg.escapeLiteral(JSON.stringify(rows))}::jsonb`;

const daysStatement = (days: DeviceDayRow[]) =>
  INSERT_DEVICE_DAYS(jsonb(days.map((d) => ({ day: d.day, device_pk: d.devicePk }))));

/** Connections whose event and visit statements are prepared (see FLUSH_STATEMENTS_SETUP). */
const prepared = new WeakSet<pg.PoolClient>();

/**
 * Writes the positions, events, fence visits and first-of-the-day rows of a flush atomically; throws if anything
 * fails, and then nothing of it is stored.
 *
 * All of it goes as one simple-protocol message, which PostgreSQL runs as one implicit transaction (an error
 * discards the rest and rolls it all back), with the rows of its COPYs right behind it (CopyMessage): one round
 * trip. Positions travel in binary COPY format: no text to build, escape and parse; the few events and visit
 * changes go as the arrays of two prepared statements (flush-statements.ts). As BEGIN, COPY, a statement each and
 * COMMIT they were six round trips, and on a busy machine every round trip waits for the backend to be scheduled
 * again.
 */
export async function writePlan(
  pool: pg.Pool,
  plan: FlushPlan,
  days: DeviceDayRow[] = [],
  /**
   * Work that completes the plan (the fence engine's checks: events and visits), done once its positions are on
   * their way: the flush then goes as a PipelinedFlush, the rest of it sent when this returns.
   */
  meanwhile?: () => void | Promise<void>,
): Promise<void> {
  if (meanwhile) return writePipelined(pool, plan, days, meanwhile);
  const statements: string[] = [];
  const data: Buffer[] = [];
  if (plan.positions.length) {
    statements.push(COPY_POSITIONS_BINARY);
    data.push(encodePositionsBinary(plan.positions));
  }
  const rest = restOf(plan);
  for (const r of rest) statements.push(r.text);
  if (days.length) statements.push(daysStatement(days));
  if (!statements.length) return;
  await withClient(pool, async (client) => {
    if (rest.length) await prepare(client);
    await sendCopyMessage(client, statements.join(';\n'), data);
  });
}

async function prepare(client: pg.PoolClient): Promise<void> {
  if (prepared.has(client)) return;
  await client.query(FLUSH_STATEMENTS_SETUP);
  prepared.add(client);
}

/** The events and visit changes of a plan: the statements sent after the positions. */
function restOf(plan: FlushPlan): FlushStatement[] {
  const out: FlushStatement[] = [];
  if (plan.events.length) out.push({ text: eventStatement(plan.events) });
  const visits = plan.visits && visitStatement(plan.visits);
  if (visits) out.push({ text: visits });
  return out;
}

async function writePipelined(
  pool: pg.Pool,
  plan: FlushPlan,
  days: DeviceDayRow[],
  meanwhile: () => void | Promise<void>,
) {
  const first: FlushStatement[] = [];
  if (plan.positions.length) first.push({ text: COPY_POSITIONS_BINARY, rows: encodePositionsBinary(plan.positions) });
  if (days.length) first.push({ text: daysStatement(days) });
  if (!first.length) {
    // Nothing to send ahead (every fix filtered out, say): the whole plan in one message, as without `meanwhile`.
    await meanwhile();
    return writePlan(pool, plan);
  }
  await withClient(pool, async (client) => {
    // The rest is known only after `meanwhile`: its statements are prepared on every connection this path uses.
    await prepare(client);
    const message = new PipelinedFlush(first);
    // The client is idle and held by this flush alone: pg submits the message (its first part) right here.
    client.query(message as unknown as pg.QueryConfig);
    try {
      // The transaction waits for the rest (no Sync yet) while the check runs, here or in the engine's thread.
      await meanwhile();
      message.finish(restOf(plan));
    } catch (err) {
      message.abort(err instanceof Error ? err : new Error(String(err)));
      throw err;
    }
    await message.done;
  });
}

/**
 * Marks (device, UTC day) pairs whose packed track (track_days) misses a fix just stored: written after the
 * fix's commit, so the history module's rollup, which removes a mark in the transaction that reads the day,
 * either saw the fix or finds the mark again.
 */
export async function markStaleDays(pool: pg.Pool, marks: { devicePk: number; day: string }[]): Promise<void> {
  await pool.query(
    `INSERT INTO track_days_stale (device_pk, day)
     SELECT * FROM unnest($1::int[], $2::date[]) ON CONFLICT DO NOTHING`,
    [marks.map((m) => m.devicePk), marks.map((m) => m.day)],
  );
}

/** Upserts latest-state rows. */
export async function writeStates(pool: pg.Pool, states: Map<number, LatestState>): Promise<void> {
  if (!states.size) return;
  const rows = [...states].map(([pk, s]) => ({
    device_pk: pk,
    fix_time: s.fixTime,
    receive_time: s.receiveTime,
    last_seen: s.lastSeen,
    valid: s.valid,
    lat: s.lat,
    lon: s.lon,
    speed: s.speed,
    course: s.course,
    satellites: s.satellites,
    acc: s.acc,
    battery: s.battery,
    mileage: s.mileage,
    alarms: s.alarms,
    overspeed_since: s.overspeedSince,
    attributes: s.attributes,
  }));
  await withClient(pool, (client) => client.query(UPSERT_STATES, [JSON.stringify(rows)]));
}

export async function inTransaction(client: pg.PoolClient, work: () => Promise<unknown>): Promise<void> {
  await client.query('BEGIN');
  try {
    await work();
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}

export async function withClient(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<unknown>): Promise<void> {
  const client = await pool.connect();
  let failed: unknown;
  // The server can drop the connection between two statements (a restart); pg then emits 'error' on
  // the checked-out client, which must not become an uncaught exception: the next statement fails.
  const onError = (err: Error) => {
    failed ??= err;
  };
  client.on('error', onError);
  try {
    await work(client);
  } catch (err) {
    failed = err;
    throw err;
  } finally {
    // A client that failed may be broken (the server went away): discard it.
    client.off('error', onError);
    client.release(failed instanceof Error ? failed : undefined);
  }
}
