/**
 * What each part of a fence-engine flush costs the database backend: one connection sends the same flush message
 * shapes in turn (positions alone; + events; + visit changes as the writer sends them), and the backend's CPU
 * (/proc, the database on this machine) and the round trip are timed per message. The visit changes alternate
 * an enter and a leave (a delete, or an update marking the row outside) per device and zone, as a driving fleet's do.
 * Options: --target embedded|external  --messages 2000 (per shape)  --positions 500  --events 3  --visits 3;
 * SHAPES='positions|SELECT 1' runs only the shapes named.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  COPY_EVENTS_BINARY,
  COPY_POSITIONS_BINARY,
  encodeEventsBinary,
  encodePositionsBinary,
} from '../apps/server/src/ingest/copy-binary.ts';
import { sendCopyMessage } from '../apps/server/src/ingest/copy-message.ts';
import { eventStatement, FLUSH_STATEMENTS_SETUP, visitStatement } from '../apps/server/src/ingest/flush-statements.ts';
import type { EventRow, PositionRow } from '../apps/server/src/ingest/plan.ts';
import type { VisitChanges } from '../apps/server/src/ingest/zone-sql.ts';
import { benchDatabase, fmt, registerDevices } from './lib.ts';

const { values } = parseArgs({
  options: {
    target: { type: 'string', default: 'embedded' },
    messages: { type: 'string', default: '2000' },
    positions: { type: 'string', default: '500' },
    events: { type: 'string', default: '3' },
    visits: { type: 'string', default: '3' },
  },
});
const nMessages = Number(values.messages);

const db = await benchDatabase(values.target as 'embedded' | 'external');
const ids = Array.from({ length: 1000 }, (_, i) => `86${String(i).padStart(13, '0')}`);
await registerDevices(
  db.pool,
  ids.map((deviceId) => ({ deviceId, protocol: 'gt06' })),
);
const pks = (await db.pool.query<{ id: number }>('SELECT id FROM devices ORDER BY id')).rows.map((r) => r.id);
const client = await db.pool.connect();
const pid = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
await client.query(FLUSH_STATEMENTS_SETUP);
// The shape the writer used before (the delete a CTE of the upsert, one statement), for comparison.
await client.query(`PREPARE try_visits (int4[], text[], int4[], float8[], bool[], bool[], int4[], text[], int4[]) AS
WITH gone AS (
  DELETE FROM zone_states z USING unnest($7::int4[], $8::text[], $9::int4[]) AS g(device_pk, zone_kind, zone_id)
   WHERE z.device_pk = g.device_pk AND z.zone_kind = g.zone_kind AND z.zone_id = g.zone_id)
INSERT INTO zone_states (device_pk, zone_kind, zone_id, entered_at, overspeed, stay_fired)
SELECT u.device_pk, u.zone_kind, u.zone_id, to_timestamp(u.ms / 1000), u.overspeed, u.stay_fired
  FROM unnest($1::int4[], $2::text[], $3::int4[], $4::float8[], $5::bool[], $6::bool[])
       AS u(device_pk, zone_kind, zone_id, ms, overspeed, stay_fired)
 WHERE EXISTS (SELECT 1 FROM devices d WHERE d.id = u.device_pk)
ON CONFLICT (device_pk, zone_kind, zone_id) DO UPDATE SET
  entered_at = EXCLUDED.entered_at, overspeed = EXCLUDED.overspeed, stay_fired = EXCLUDED.stay_fired`);
// Events and both visit statements as one prepared statement (data-modifying CTEs), devices skipped by the
// array of index look-ups as the writer's upsert does (the CTE try above joins devices instead).
await client.query(`PREPARE try_zone_writes (int4[], text[], text[], float8[], float8[], float8[], int4[], int4[], float4[],
                                             int4[], text[], int4[], float8[], bool[], bool[], int4[], text[], int4[]) AS
WITH ev AS (
  INSERT INTO events (device_pk, type, alarm, event_time, lat, lon, fence_id, road_id, speed)
  SELECT device_pk, type, alarm, to_timestamp(ms / 1000), lat, lon, fence_id, road_id, speed
    FROM unnest($1, $2, $3, $4, $5, $6, $7, $8, $9) AS u(device_pk, type, alarm, ms, lat, lon, fence_id, road_id, speed)),
gone AS (
  DELETE FROM zone_states z USING unnest($16, $17, $18) AS g(device_pk, zone_kind, zone_id)
   WHERE z.device_pk = g.device_pk AND z.zone_kind = g.zone_kind AND z.zone_id = g.zone_id)
INSERT INTO zone_states (device_pk, zone_kind, zone_id, entered_at, overspeed, stay_fired)
SELECT x.device_pk, x.zone_kind, x.zone_id, to_timestamp(x.entered_ms / 1000), x.overspeed, x.stay_fired
  FROM unnest($10, $11, $12, $13, $14, $15) AS x(device_pk, zone_kind, zone_id, entered_ms, overspeed, stay_fired)
 WHERE x.device_pk = ANY (ARRAY(SELECT d.id FROM devices d WHERE d.id = ANY ($10)))
ON CONFLICT (device_pk, zone_kind, zone_id) DO UPDATE SET
  entered_at = EXCLUDED.entered_at, overspeed = EXCLUDED.overspeed, stay_fired = EXCLUDED.stay_fired`);
// The writer's visit statement (zone_states' `inside` flag: enter and leave as one upsert) with the events' insert
// as one statement (a data-modifying CTE); and the upsert and delete apart, as the writer sent them before the flag.
await client.query(`PREPARE try_upsert_visits (int4[], text[], int4[], float8[], bool[], bool[]) AS
INSERT INTO zone_states (device_pk, zone_kind, zone_id, entered_at, overspeed, stay_fired)
SELECT x.device_pk, x.zone_kind, x.zone_id, to_timestamp(x.entered_ms / 1000), x.overspeed, x.stay_fired
  FROM unnest($1, $2, $3, $4, $5, $6) AS x(device_pk, zone_kind, zone_id, entered_ms, overspeed, stay_fired)
 WHERE x.device_pk = ANY (ARRAY(SELECT d.id FROM devices d WHERE d.id = ANY ($1)))
ON CONFLICT (device_pk, zone_kind, zone_id) DO UPDATE SET
  entered_at = EXCLUDED.entered_at, overspeed = EXCLUDED.overspeed, stay_fired = EXCLUDED.stay_fired`);
await client.query(`PREPARE try_delete_visits (int4[], text[], int4[]) AS
DELETE FROM zone_states z USING unnest($1, $2, $3) AS g(device_pk, zone_kind, zone_id)
 WHERE z.device_pk = g.device_pk AND z.zone_kind = g.zone_kind AND z.zone_id = g.zone_id`);
/** The inside-flag upsert, its seven arrays the parameters from $first on. */
const insideUpsert = (first: number) => {
  const [a, b, c, d, e, f, g] = Array.from({ length: 7 }, (_, i) => `$${first + i}`);
  return `
INSERT INTO zone_states (device_pk, zone_kind, zone_id, entered_at, overspeed, stay_fired, inside)
SELECT x.device_pk, x.zone_kind, x.zone_id, to_timestamp(x.entered_ms / 1000), x.overspeed, x.stay_fired, x.inside
  FROM unnest(${a}, ${b}, ${c}, ${d}, ${e}, ${f}, ${g})
       AS x(device_pk, zone_kind, zone_id, entered_ms, overspeed, stay_fired, inside)
 WHERE x.device_pk = ANY (ARRAY(SELECT d.id FROM devices d WHERE d.id = ANY (${a})))
ON CONFLICT (device_pk, zone_kind, zone_id) DO UPDATE SET
  entered_at = EXCLUDED.entered_at, overspeed = EXCLUDED.overspeed, stay_fired = EXCLUDED.stay_fired,
  inside = EXCLUDED.inside`;
};
const INSIDE_TYPES = 'int4[], text[], int4[], float8[], bool[], bool[], bool[]';
const EVENT_TYPES = 'int4[], text[], text[], float8[], float8[], float8[], int4[], int4[], float4[]';
await client.query(`PREPARE try_zone_inside (${EVENT_TYPES}, ${INSIDE_TYPES}) AS
WITH ev AS (
  INSERT INTO events (device_pk, type, alarm, event_time, lat, lon, fence_id, road_id, speed)
  SELECT device_pk, type, alarm, to_timestamp(ms / 1000), lat, lon, fence_id, road_id, speed
    FROM unnest($1, $2, $3, $4, $5, $6, $7, $8, $9) AS u(device_pk, type, alarm, ms, lat, lon, fence_id, road_id, speed))
${insideUpsert(10)}`);
const arr = (xs: readonly unknown[]) =>
  `'{${xs.map((x) => (x === null || x === undefined ? 'NULL' : String(x))).join(',')}}'`;
/** The statements' array arguments: an event's nine, a visit upsert's six, a delete's three. */
const eventArrays = (e: EventRow[]) => [
  arr(e.map((u) => u.device_pk)),
  arr(e.map((u) => u.type)),
  arr(e.map((u) => u.alarm)),
  arr(e.map((u) => u.event_time.getTime())),
  arr(e.map((u) => u.lat)),
  arr(e.map((u) => u.lon)),
  arr(e.map((u) => u.fence_id)),
  arr(e.map((u) => u.road_id)),
  arr(e.map((u) => u.speed)),
];
const visitArrays = (c: VisitChanges) => [
  arr(c.upserts.map((u) => u.device_pk)),
  arr(c.upserts.map((u) => u.zone_kind)),
  arr(c.upserts.map((u) => u.zone_id)),
  arr(c.upserts.map((u) => u.entered_at.getTime())),
  arr(c.upserts.map((u) => u.overspeed)),
  arr(c.upserts.map((u) => u.stay_fired)),
  arr(c.leaves.map((u) => u.device_pk)),
  arr(c.leaves.map((u) => u.zone_kind)),
  arr(c.leaves.map((u) => u.zone_id)),
];
/** A leave as a row marked outside (entered_at meaningless then). */
const insideArrays = (c: VisitChanges) => {
  const rows = [
    ...c.upserts.map((u) => ({ ...u, inside: true })),
    ...c.leaves.map((d) => ({ ...d, entered_at: new Date(0), overspeed: false, stay_fired: false, inside: false })),
  ];
  return [
    arr(rows.map((u) => u.device_pk)),
    arr(rows.map((u) => u.zone_kind)),
    arr(rows.map((u) => u.zone_id)),
    arr(rows.map((u) => u.entered_at.getTime())),
    arr(rows.map((u) => u.overspeed)),
    arr(rows.map((u) => u.stay_fired)),
    arr(rows.map((u) => u.inside)),
  ];
};
const apartExec = (c: VisitChanges) => {
  const [a, b, c3, d, e, f, g, h, i] = visitArrays(c);
  return [
    ...(c.upserts.length ? [`EXECUTE try_upsert_visits(${[a, b, c3, d, e, f].join(', ')})`] : []),
    ...(c.leaves.length ? [`EXECUTE try_delete_visits(${[g, h, i].join(', ')})`] : []),
  ];
};
const zoneInsideExec = (e: EventRow[], c: VisitChanges) =>
  `EXECUTE try_zone_inside(${[...eventArrays(e), ...insideArrays(c)].join(', ')})`;
const visitsExec = (c: VisitChanges) => `EXECUTE try_visits(${visitArrays(c).join(', ')})`;
const zoneWritesExec = (e: EventRow[], c: VisitChanges) =>
  `EXECUTE try_zone_writes(${[...eventArrays(e), ...visitArrays(c)].join(', ')})`;
/** The backend's time on a CPU, µs (schedstat's nanoseconds: /proc/<pid>/stat counts only 10-ms ticks). */
const cpuOf = () => Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1000;

let clock = Date.now() - 3_600_000;
const positions = (): PositionRow[] => {
  clock += 1000;
  return pks.slice(0, Number(values.positions)).map((pk, i) => ({
    device_pk: pk,
    fix_time: new Date(clock),
    server_time: new Date(),
    valid: true,
    lat: 31 + i * 1e-4,
    lon: 121 + i * 1e-4,
    speed: 40,
    course: 90,
    altitude: null,
    satellites: 9,
    alarms: [],
    attributes: { acc: true },
  }));
};
const events = (): EventRow[] =>
  Array.from({ length: Number(values.events) }, (_, i) => ({
    device_pk: pks[i]!,
    type: 'alarm',
    alarm: 'fenceEnter',
    event_time: new Date(clock),
    lat: 31,
    lon: 121,
    fence_id: 1000 + i,
    speed: 40,
  }));
/** Message n enters (odd zones) or leaves (the zones entered by the message before) on `visits` devices. */
let visitRound = 0;
const visits = (): VisitChanges => {
  const r = visitRound++;
  const n = Number(values.visits);
  const c: VisitChanges = { upserts: [], leaves: [] };
  for (let i = 0; i < n; i++) {
    const device_pk = pks[((r >> 1) * n + i) % pks.length]!;
    const zone_id = 1 + ((r >> 1) % 997);
    if (r % 2 === 0)
      c.upserts.push({
        device_pk,
        zone_kind: 'f',
        zone_id,
        entered_at: new Date(clock),
        overspeed: false,
        stay_fired: false,
      });
    else c.leaves.push({ device_pk, zone_kind: 'f', zone_id });
  }
  return c;
};

type Shape = () => { text: string[]; data: Buffer[] };
const shapes: Record<string, Shape> = {
  positions: () => ({ text: [COPY_POSITIONS_BINARY], data: [encodePositionsBinary(positions())] }),
  '+ events': () => ({
    text: [COPY_POSITIONS_BINARY, COPY_EVENTS_BINARY],
    data: [encodePositionsBinary(positions()), encodeEventsBinary(events())],
  }),
  '+ events + visits (upsert, delete apart)': () => ({
    text: [COPY_POSITIONS_BINARY, COPY_EVENTS_BINARY, ...apartExec(visits())],
    data: [encodePositionsBinary(positions()), encodeEventsBinary(events())],
  }),
  '+ events + visits (one statement)': () => ({
    text: [COPY_POSITIONS_BINARY, COPY_EVENTS_BINARY, visitsExec(visits())],
    data: [encodePositionsBinary(positions()), encodeEventsBinary(events())],
  }),
  '+ events (COPY) + visits (inside flag)': () => ({
    text: [COPY_POSITIONS_BINARY, COPY_EVENTS_BINARY, visitStatement(visits())!],
    data: [encodePositionsBinary(positions()), encodeEventsBinary(events())],
  }),
  '+ events (arrays) + visits (inside flag): the writer': () => ({
    text: [COPY_POSITIONS_BINARY, eventStatement(events()), visitStatement(visits())!],
    data: [encodePositionsBinary(positions())],
  }),
  '+ events and visits (inside flag, one prepared statement)': () => ({
    text: [COPY_POSITIONS_BINARY, zoneInsideExec(events(), visits())],
    data: [encodePositionsBinary(positions())],
  }),
  'visits alone (apart)': () => ({ text: apartExec(visits()), data: [] }),
  'visits alone (inside flag: the writer)': () => ({ text: [visitStatement(visits())!], data: [] }),
  'visits alone (one statement)': () => ({ text: [visitsExec(visits())], data: [] }),
  'SELECT 1': () => ({ text: ['SELECT 1'], data: [] }),
  '+ events (arrays: the writer)': () => ({
    text: [COPY_POSITIONS_BINARY, eventStatement(events())],
    data: [encodePositionsBinary(positions())],
  }),
  '+ events (arrays) + visits (arrays)': () => ({
    text: [COPY_POSITIONS_BINARY, eventStatement(events()), visitsExec(visits())],
    data: [encodePositionsBinary(positions())],
  }),
  '+ events and visits (one prepared statement)': () => ({
    text: [COPY_POSITIONS_BINARY, zoneWritesExec(events(), visits())],
    data: [encodePositionsBinary(positions())],
  }),
};

async function run(shape: Shape, n: number) {
  let cpu = 0;
  let wall = 0;
  for (let i = 0; i < n; i++) {
    const { text, data } = shape();
    const c0 = cpuOf();
    const t0 = performance.now();
    await sendCopyMessage(client, text.join(';\n'), data);
    wall += performance.now() - t0;
    cpu += cpuOf() - c0;
  }
  return { cpuUs: cpu / n, wallMs: wall / n };
}

const names = Object.keys(shapes).filter((n) => !process.env.SHAPES || process.env.SHAPES.split('|').includes(n));
for (const name of names) await run(shapes[name]!, 200); // warm-up
const totals = new Map(names.map((n) => [n, { cpuUs: 0, wallMs: 0 }]));
const slices = 10;
for (let s = 0; s < slices; s++)
  for (const name of s % 2 ? [...names].reverse() : names) {
    const r = await run(shapes[name]!, nMessages / slices);
    const t = totals.get(name)!;
    t.cpuUs += r.cpuUs / slices;
    t.wallMs += r.wallMs / slices;
  }
console.log(
  `${values.target}: ${values.positions} positions, ${values.events} events, ${values.visits} visit changes a message`,
);
console.log('| message | backend CPU µs a message | round trip ms |');
console.log('|---|---|---|');
for (const [name, t] of totals) console.log(`| ${name} | ${fmt(t.cpuUs)} | ${fmt(t.wallMs, 2)} |`);
visitRound = 0;
for (const [label, sql] of [
  ['enter', visitStatement(visits())!],
  ['leave', visitStatement(visits())!],
] as const) {
  await client.query('BEGIN');
  const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS, TIMING) ${sql}`);
  await client.query('COMMIT');
  console.log(`\n${label}:\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
}
client.release();
await db.close();
process.exit(0);
