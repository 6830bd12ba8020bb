import { STATUS_FILTERS, type StatusFilter } from '@lodestar/domain';
import { type SQL, sql } from 'drizzle-orm';
import { MOVING_KMH } from '../../ingest/state.ts';

/** Who judges and when: the user's follows count, and a device is online if seen within the timeout. */
export interface Judge {
  userId: number;
  now: Date;
  onlineTimeoutMs: number;
}

/**
 * `mapStatus` and `isOnline` (ingest/state.ts) written in SQL, so the monitor's counts and status
 * filters are judged by PostgreSQL instead of sending every device's state to JavaScript (10,000
 * rows took the server 250–1,000 ms per call under a reporting fleet). monitor.test.ts holds the SQL
 * to the JavaScript over every branch.
 *
 * Selects, for every device `d` of the subtree at `holdPath`, its `pk`, `device_id`, `online`,
 * `followed` and `status`.
 */
export function judgedDevices(holdPath: string, judge: Judge): SQL {
  return sql`
    SELECT pk, device_id, online, followed,
           CASE WHEN unused THEN 'unused'
                WHEN NOT online THEN 'offline'
                WHEN cardinality(alarms) > 0 THEN 'alarm'
                WHEN valid = false OR satellites < 4 THEN 'weakGps'
                WHEN acc = false THEN 'ignitionOff'
                WHEN coalesce(speed, 0) >= ${MOVING_KMH} THEN 'moving'
                ELSE 'still' END AS status
      FROM (
        SELECT d.id AS pk, d.device_id, s.alarms, s.valid, s.satellites, s.acc, s.speed,
               s.device_pk IS NULL OR (s.last_seen IS NULL AND s.fix_time IS NULL) AS unused,
               coalesce(s.last_seen IS NOT NULL
                        AND (s.connected OR s.last_seen >= ${judge.now}::timestamptz
                                                           - ${judge.onlineTimeoutMs} * interval '1 millisecond'),
                        false) AS online,
               f.device_pk IS NOT NULL AS followed
          FROM devices d JOIN holds h ON h.id = d.hold_id
          LEFT JOIN device_states s ON s.device_pk = d.id
          LEFT JOIN follows f ON f.device_pk = d.id AND f.user_id = ${judge.userId}
         WHERE h.path LIKE ${`${holdPath}%`}) raw`;
}

/** A status filter of spec section 4 as a condition on `judgedDevices`' columns. */
export function filterCondition(filter: StatusFilter): SQL {
  // The filter is written into the SQL: only the known names, never what a caller sent.
  if (!STATUS_FILTERS.includes(filter)) throw new Error(`unknown status filter ${String(filter)}`);
  switch (filter) {
    case 'all':
      return sql`true`;
    case 'online':
      return sql`online`;
    case 'normal':
      return sql`online AND status <> 'alarm'`;
    case 'followed':
      return sql`followed`;
    default:
      return sql.raw(`status = '${filter}'`);
  }
}
