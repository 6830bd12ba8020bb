import { STATUS_FILTERS, type StatusFilter } from '@lodestar/domain';
import { MOVING_KMH } from '../../ingest/state.ts';

/**
 * `mapStatus` and `isOnline` (ingest/state.ts) written in SQL, so the monitor's counts and status
 * filters are judged by PostgreSQL instead of sending every device's state to JavaScript (10,000
 * rows took the server 250–1,000 ms per call under a reporting fleet). monitor.test.ts holds the SQL
 * to the JavaScript over every branch.
 *
 * `judged(params)` selects, for every device `d` of the subtree ($1: hold path LIKE prefix), its
 * `pk`, `device_id`, `online`, `followed` and `status`; the caller passes the user id, the instant
 * and the online timeout (ms) as the parameters numbered from `first`.
 */
export function judgedDevices(first: number): string {
  const [user, now, timeout, moving] = [first, first + 1, first + 2, first + 3].map((n) => `$${n}`);
  return `
    SELECT pk, device_id, online, followed,
           CASE WHEN unused THEN 'unused'
                WHEN NOT online THEN 'offline'
                WHEN cardinality(alarms) > 0 THEN 'alarm'
                WHEN valid = false OR satellites < 4 THEN 'weakGps'
                WHEN acc = false THEN 'ignitionOff'
                WHEN coalesce(speed, 0) >= ${moving} THEN 'moving'
                ELSE 'still' END AS status
      FROM (
        SELECT d.id AS pk, d.device_id, s.alarms, s.valid, s.satellites, s.acc, s.speed,
               s.device_pk IS NULL OR (s.last_seen IS NULL AND s.fix_time IS NULL) AS unused,
               coalesce(s.last_seen IS NOT NULL
                        AND (s.connected OR s.last_seen >= ${now}::timestamptz - ${timeout} * interval '1 millisecond'),
                        false) AS online,
               f.device_pk IS NOT NULL AS followed
          FROM devices d JOIN holds h ON h.id = d.hold_id
          LEFT JOIN device_states s ON s.device_pk = d.id
          LEFT JOIN follows f ON f.device_pk = d.id AND f.user_id = ${user}
         WHERE h.path LIKE $1) raw`;
}

/** The parameters `judgedDevices(first)` numbers from `first`. */
export const judgedParams = (userId: number, now: Date, onlineTimeoutMs: number) => [
  userId,
  now,
  onlineTimeoutMs,
  MOVING_KMH,
];

/** A status filter of spec section 4 as a condition on `judgedDevices`' columns. */
export function filterCondition(filter: StatusFilter): string {
  // The filter is written into the SQL: only the known names, never what a caller sent.
  if (!STATUS_FILTERS.includes(filter)) throw new Error(`unknown status filter ${String(filter)}`);
  switch (filter) {
    case 'all':
      return 'true';
    case 'online':
      return 'online';
    case 'normal':
      return "online AND status <> 'alarm'";
    case 'followed':
      return 'followed';
    default:
      return `status = '${filter}'`;
  }
}
