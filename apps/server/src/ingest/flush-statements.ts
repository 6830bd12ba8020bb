import pg from 'pg';
import type { EventRow } from './plan.ts';
import { hasVisitChanges, type VisitChanges } from './zone-sql.ts';

/**
 * A flush's events and fence-visit changes: two statements prepared once a connection, their rows as array
 * parameters written into the flush's message (a handful of rows a flush), each sent only when it has rows. Each
 * has one plan whatever the arrays hold.
 *
 * Measured by bench/flush-parts.ts (backend CPU a flush of 500 positions, 3 events and 3 visit changes, embedded,
 * 2 × EPYC): the events as a binary COPY cost ~200 µs more than the positions alone, as this INSERT from arrays
 * nothing the bench tells apart; the visits as an upsert and a delete ~630 µs more, as this one upsert (zone_states'
 * `inside` flag: a leave is an update of a kept row) ~160. A COPY's set-up outweighs its rows when there are few.
 */
export const FLUSH_STATEMENTS_SETUP = `
PREPARE lodestar_insert_events (int4[], text[], text[], float8[], float8[], float8[], int4[], int4[], float4[]) AS
INSERT INTO events (device_pk, type, alarm, event_time, lat, lon, fence_id, road_id, speed)
SELECT x.device_pk, x.type, x.alarm, to_timestamp(x.event_ms / 1000), x.lat, x.lon, x.fence_id, x.road_id, x.speed
  FROM unnest($1, $2, $3, $4, $5, $6, $7, $8, $9) AS x(device_pk, type, alarm, event_ms, lat, lon, fence_id, road_id, speed);
PREPARE lodestar_write_visits (int4[], text[], int4[], float8[], bool[], bool[], bool[]) AS
INSERT INTO zone_states (device_pk, zone_kind, zone_id, entered_at, overspeed, stay_fired, inside)
SELECT x.device_pk, x.zone_kind, x.zone_id, to_timestamp(x.entered_ms / 1000), x.overspeed, x.stay_fired, x.inside
  FROM unnest($1, $2, $3, $4, $5, $6, $7) AS x(device_pk, zone_kind, zone_id, entered_ms, overspeed, stay_fired, inside)
 -- Skips a device removed since the flush read it: zone_states has a foreign key, and one missing device must not
 -- fail the whole flush (positions and events have none). As an array, not a join (EXISTS): a join's one plan may
 -- hash all of devices at every flush, the array's is index look-ups.
 WHERE x.device_pk = ANY (ARRAY(SELECT d.id FROM devices d WHERE d.id = ANY ($1)))
ON CONFLICT (device_pk, zone_kind, zone_id) DO UPDATE SET
  entered_at = EXCLUDED.entered_at, overspeed = EXCLUDED.overspeed, stay_fired = EXCLUDED.stay_fired,
  inside = EXCLUDED.inside`;

/** Integers (ids) or instants (ms): anything else is a bug upstream, and fails the flush before it is sent. */
function exact(what: string, values: readonly (number | null | undefined)[]): string {
  const out: string[] = [];
  for (const v of values) {
    if (v === null || v === undefined) out.push('NULL');
    else if (Number.isFinite(v)) out.push(String(v));
    else throw new RangeError(`${what}: ${String(v)} is not a finite number`);
  }
  return `'{${out.join(',')}}'`;
}

/**
 * Measurements (float8, float4): NaN and the infinities are stored as such, as a binary COPY stored them (String()
 * spells them as PostgreSQL reads them: NaN, Infinity, -Infinity).
 */
function measured(values: readonly (number | null | undefined)[]): string {
  return `'{${values.map((v) => (v === null || v === undefined ? 'NULL' : String(v))).join(',')}}'`;
}

/** Any text: each element quoted for the array, the whole escaped as a literal (quotes, backslashes kept). */
function texts(values: readonly (string | null)[]): string {
  return pg.escapeLiteral(
    `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`,
  );
}

function booleans(values: readonly boolean[]): string {
  for (const v of values)
    if (typeof v !== 'boolean') throw new RangeError(`visit change: ${String(v)} is not a boolean`);
  return `'{${values.join(',')}}'`;
}

function kinds(rows: readonly { zone_kind: 'f' | 'r' }[]): string {
  for (const r of rows)
    if (r.zone_kind !== 'f' && r.zone_kind !== 'r')
      throw new RangeError(`visit change: zone kind ${String(r.zone_kind)}`);
  return `'{${rows.map((r) => r.zone_kind).join(',')}}'`;
}

/** The statement inserting these events (after FLUSH_STATEMENTS_SETUP on the connection). */
export function eventStatement(rows: readonly EventRow[]): string {
  return `EXECUTE lodestar_insert_events(${[
    exact(
      'event',
      rows.map((e) => e.device_pk),
    ),
    texts(rows.map((e) => e.type)),
    texts(rows.map((e) => e.alarm)),
    exact(
      'event time',
      rows.map((e) => e.event_time.getTime()),
    ),
    measured(rows.map((e) => e.lat)),
    measured(rows.map((e) => e.lon)),
    exact(
      'event',
      rows.map((e) => e.fence_id),
    ),
    exact(
      'event',
      rows.map((e) => e.road_id),
    ),
    measured(rows.map((e) => e.speed)),
  ].join(', ')})`;
}

const EPOCH = new Date(0);

/** The statement that writes these changes (after FLUSH_STATEMENTS_SETUP on the connection), if any. */
export function visitStatement(c: VisitChanges): string | undefined {
  if (!hasVisitChanges(c)) return undefined;
  // A leave's row keeps only its key and `inside` false; the rest is the column's zero.
  const rows = c.leaves.length
    ? [...c.upserts, ...c.leaves.map((l) => ({ ...l, entered_at: EPOCH, overspeed: false, stay_fired: false }))]
    : c.upserts;
  return `EXECUTE lodestar_write_visits(${[
    exact(
      'visit change',
      rows.map((v) => v.device_pk),
    ),
    kinds(rows),
    exact(
      'visit change',
      rows.map((v) => v.zone_id),
    ),
    exact(
      'visit change',
      rows.map((v) => v.entered_at.getTime()),
    ),
    booleans(rows.map((v) => v.overspeed)),
    booleans(rows.map((v) => v.stay_fired)),
    booleans(rows.map((_, i) => i < c.upserts.length)),
  ].join(', ')})`;
}
