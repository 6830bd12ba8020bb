import type { Db } from '@lodestar/db';
import { devices } from '@lodestar/db';
import { STATUS_FILTERS, type StatusFilter } from '@lodestar/domain';
import { type SQL, sql } from 'drizzle-orm';
import { MOVING_KMH } from '../../ingest/state.ts';

/** Who judges and when: the user's follows count, and a device is online if seen within the timeout. */
export interface Judge {
  userId: number;
  now: Date;
  onlineTimeoutMs: number;
}

/*
 * `mapStatus` and `isOnline` (ingest/state.ts) written in SQL, so the monitor's counts and status filters are
 * judged by PostgreSQL instead of sending every device's state to JavaScript (10,000 rows took the server
 * 250–1,000 ms per call under a reporting fleet). monitor.test.ts holds the SQL to the JavaScript over every
 * branch, for a unit and for the whole fleet.
 *
 * A device is judged off its device_states row `s` alone: a device without one is unused, so every other status
 * is a test of that row. The counts therefore read device_states (and join devices only to keep to a unit), and a
 * list's filter is a look-up of the listed device's row; joining every device of a 150,000-device fleet to its
 * state was most of the GPS home's time (~200 ms of it) and all of the device list's with a State filter.
 */

/** The subtree's hold ids, as an array: devices_hold_idx (and the per-hold indexes) take it as `hold_id = ANY`. */
export const subtreeHoldIds = (holdPath: string): SQL =>
  sql`ARRAY(SELECT h.id FROM holds h WHERE h.path LIKE ${`${holdPath}%`})`;

/** True when the subtree holds every hold (the root unit): its devices are all the devices, no join needed. */
const wholeFleet = (holdPath: string): SQL =>
  sql`NOT EXISTS (SELECT 1 FROM holds h WHERE h.path NOT LIKE ${`${holdPath}%`})`;

/** isOnline: connected now, or heard from within the timeout (the cut-off computed once, not per row). */
function onlineOf(judge: Judge): SQL {
  const since = new Date(judge.now.getTime() - judge.onlineTimeoutMs).toISOString();
  return sql`(s.last_seen IS NOT NULL AND (s.connected OR s.last_seen >= ${since}::timestamptz))`;
}

/** A state row that has never carried a report: its device is unused (as is a device without a row). */
const unusedState = sql`(s.last_seen IS NULL AND s.fix_time IS NULL)`;

/** mapStatus of a device that has a device_states row `s`. */
function statusOf(judge: Judge): SQL {
  return sql`CASE WHEN ${unusedState} THEN 'unused'
                  WHEN NOT ${onlineOf(judge)} THEN 'offline'
                  WHEN cardinality(s.alarms) > 0 THEN 'alarm'
                  WHEN s.valid = false OR s.satellites < 4 THEN 'weakGps'
                  WHEN s.acc = false THEN 'ignitionOff'
                  WHEN coalesce(s.speed, 0) >= ${MOVING_KMH} THEN 'moving'
                  ELSE 'still' END`;
}

/** `pk`, `online` and `status` of one device_states row `s`: what `filterCondition` tests. */
const judgedColumns = (judge: Judge) =>
  sql`s.device_pk AS pk, ${onlineOf(judge)} AS online, ${statusOf(judge)} AS status`;

/**
 * The judged state rows (`pk`, `online`, `status`) of the subtree's devices. For the whole fleet they are read
 * without a join; for a unit through its holds and devices (joined on the path, not `hold_id = ANY(…)`, which
 * PostgreSQL cannot estimate: a unit's few thousand devices then look their states up by key instead of hashing
 * every state row of the fleet). The condition that picks a branch is constant, so only its branch runs.
 */
function judgedStates(holdPath: string, judge: Judge): SQL {
  return sql`
    SELECT ${judgedColumns(judge)} FROM device_states s WHERE ${wholeFleet(holdPath)}
    UNION ALL
    SELECT ${judgedColumns(judge)}
      FROM holds h JOIN devices d ON d.hold_id = h.id JOIN device_states s ON s.device_pk = d.id
     WHERE h.path LIKE ${`${holdPath}%`} AND NOT ${wholeFleet(holdPath)}`;
}

/** A status filter of spec section 4 as a condition on judged columns (`online`, `status`). */
function filterCondition(filter: Exclude<StatusFilter, 'all' | 'followed' | 'unused'>): SQL {
  // The filter is written into the SQL: only the known names, never what a caller sent.
  if (!STATUS_FILTERS.includes(filter)) throw new Error(`unknown status filter ${String(filter)}`);
  switch (filter) {
    case 'online':
      return sql`online`;
    case 'normal':
      return sql`online AND status <> 'alarm'`;
    default:
      return sql.raw(`status = '${filter}'`);
  }
}

/**
 * The devices (of the `devices` table in the outer query) in a status of spec section 4: for the lists, which
 * keep to the subtree themselves. Undefined for 'all'.
 */
export function statusCondition(filter: StatusFilter, judge: Judge): SQL | undefined {
  switch (filter) {
    case 'all':
      return undefined;
    case 'followed':
      return sql`${devices.id} IN (SELECT f.device_pk FROM follows f WHERE f.user_id = ${judge.userId})`;
    case 'unused':
      return sql`NOT EXISTS (SELECT 1 FROM device_states s WHERE s.device_pk = ${devices.id} AND NOT ${unusedState})`;
    default:
      return sql`${devices.id} IN (SELECT pk FROM (SELECT ${judgedColumns(judge)} FROM device_states s) judged
                                     WHERE ${filterCondition(filter)})`;
  }
}

/**
 * How many devices of the subtree are in each of `filters` (Monitor/GetMonitorCounts, the GPS home, and the
 * device list's total when its status is its only filter), in one statement: the subtree's devices off
 * devices_hold_idx, the judged state rows, and the user's follows. Unused is every device less those whose row
 * carried a report; offline, normal and the rest are counted among the state rows.
 */
export async function statusCounts<F extends StatusFilter>(
  db: Db,
  holdPath: string,
  judge: Judge,
  filters: readonly F[],
): Promise<Record<F, number>> {
  const ids = subtreeHoldIds(holdPath);
  const want = new Set<StatusFilter>(filters);
  const columns: SQL[] = [];
  if (want.has('all') || want.has('unused'))
    columns.push(sql`(SELECT count(*) FROM devices d WHERE d.hold_id = ANY(${ids}))::int AS "all"`);
  if (want.has('followed'))
    columns.push(sql`(SELECT count(*) FROM follows f JOIN devices d ON d.id = f.device_pk
                       WHERE f.user_id = ${judge.userId} AND d.hold_id = ANY(${ids}))::int AS followed`);
  const judged: SQL[] = [];
  if (want.has('unused')) judged.push(sql`count(*) FILTER (WHERE status <> 'unused')::int AS used`);
  for (const f of want)
    if (f !== 'all' && f !== 'followed' && f !== 'unused')
      judged.push(sql`count(*) FILTER (WHERE ${filterCondition(f)})::int AS ${sql.identifier(f)}`);
  const from = judged.length
    ? sql` FROM (SELECT ${sql.join(judged, sql`, `)} FROM (${judgedStates(holdPath, judge)}) judged) counted`
    : sql``;
  const { rows } = await db.execute(
    sql`SELECT ${sql.join(judged.length ? [...columns, sql`counted.*`] : columns, sql`, `)}${from}`,
  );
  const r = rows[0] as Record<string, number>;
  return Object.fromEntries(
    filters.map((f) => [f, f === 'unused' ? (r.all ?? 0) - (r.used ?? 0) : (r[f] ?? 0)]),
  ) as Record<F, number>;
}
