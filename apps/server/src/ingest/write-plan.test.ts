import { createTestDatabase, dbTargets, stopTestServers } from '@lodestar/db/testing';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRow, FlushPlan, PositionRow } from './plan.ts';
import { writePlan } from './sql.ts';
import { dueStays, loadVisits, type VisitChanges } from './zone-sql.ts';
import { insertFence } from './zone-test-support.ts';

afterAll(stopTestServers);

/**
 * writePlan sends a flush as one simple-protocol message (the COPYs of positions and events with their rows right
 * behind, the statements applying the visits, the first-of-the-day rows), or with the fence engine on as a
 * pipelined extended-protocol message (the positions first, the rest once the engine has worked it out, one Sync):
 * either way all of it is stored, or none of it.
 */
describe.each(dbTargets())('writePlan on $name PostgreSQL', (target) => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  let pk: number;
  let fenceId: number;

  beforeAll(async () => {
    db = await createTestDatabase(target);
    pool = db.pool;
    const hold = await pool.query<{ id: number }>(
      `INSERT INTO holds (name, hold_type, path) VALUES ('Fleet', 2, '/') RETURNING id`,
    );
    const holdId = hold.rows[0]!.id;
    const dev = await pool.query<{ id: number }>(
      `INSERT INTO devices (device_id, protocol, hold_id, name) VALUES ('861230000000001', 'gt06', $1, 'A') RETURNING id`,
      [holdId],
    );
    pk = dev.rows[0]!.id;
    fenceId = await insertFence(pool, {
      holdId,
      name: 'Dock',
      geometry: { type: 'Circle', Center: [121.3, 31.4], Radius: 100 },
    });
  });
  afterAll(async () => {
    await db?.close();
  });

  const position = (t: number): PositionRow => ({
    device_pk: pk,
    fix_time: new Date(t),
    server_time: new Date(t),
    valid: true,
    lat: 31.4,
    lon: 121.3,
    speed: 12,
    course: 90,
    altitude: null,
    satellites: 9,
    alarms: [],
    attributes: { acc: true },
  });
  const event = (t: number, alarm: string | null): EventRow => ({
    device_pk: pk,
    type: 'alarm',
    alarm,
    event_time: new Date(t),
    lat: 31.4,
    lon: 121.3,
    fence_id: fenceId,
    speed: 12,
  });
  const enter = (t: number): VisitChanges => ({
    upserts: [
      {
        device_pk: pk,
        zone_kind: 'f',
        zone_id: fenceId,
        entered_at: new Date(t),
        overspeed: false,
        stay_fired: false,
      },
    ],
    leaves: [],
  });
  const plan = (over: Partial<FlushPlan>): FlushPlan => ({
    positions: [],
    events: [],
    states: new Map(),
    dropped: {},
    updates: [],
    ...over,
  });
  const count = async (sql: string) => (await pool.query<{ n: number }>(sql)).rows[0]!.n;
  const stored = async () => ({
    positions: await count('SELECT count(*)::int AS n FROM positions'),
    events: await count('SELECT count(*)::int AS n FROM events'),
    visits: await count('SELECT count(*)::int AS n FROM zone_states WHERE inside'),
    days: await count('SELECT count(*)::int AS n FROM device_days'),
  });

  it('stores positions, events, visits and days together, the texts exactly as given', async () => {
    const t = Date.parse('2026-03-01T08:00:00Z');
    // Quotes, backslashes and a non-ASCII letter: the texts travel as bytes, not inside a statement's text.
    const alarm = `fenceEnter 'Dock' \\ "east" 码头`;
    await writePlan(
      pool,
      plan({ positions: [position(t), position(t + 1000)], events: [event(t, alarm)], visits: enter(t) }),
      [{ day: '2026-03-01', devicePk: pk }],
    );
    expect(await stored()).toEqual({ positions: 2, events: 1, visits: 1, days: 1 });
    const e = await pool.query('SELECT alarm, fence_id, speed, event_time FROM events');
    expect(e.rows).toEqual([{ alarm, fence_id: fenceId, speed: 12, event_time: new Date(t) }]);
    const v = await pool.query('SELECT entered_at, stay_fired FROM zone_states');
    expect(v.rows).toEqual([{ entered_at: new Date(t), stay_fired: false }]);
  });

  it('stores nothing of a flush whose statement after the COPY fails, and the pool writes on', async () => {
    const before = await stored();
    const t = Date.parse('2026-03-01T09:00:00Z');
    // type is NOT NULL: the events INSERT fails after the COPY ran.
    const broken = { ...event(t, 'fenceLeave'), type: null as unknown as string };
    await expect(
      writePlan(
        pool,
        plan({ positions: [position(t)], events: [broken], visits: { upserts: [], leaves: enter(0).upserts } }),
      ),
    ).rejects.toThrow(/null value in column "type"/);
    expect(await stored()).toEqual(before);
    // A visit change that fails in its statement, after every COPY (a device removed since does not: it is
    // skipped; a time before PostgreSQL's range does) takes all their rows with it too.
    const badVisit = enter(t);
    badVisit.upserts[0]!.entered_at = new Date(-8.64e15);
    await expect(
      writePlan(pool, plan({ positions: [position(t)], events: [event(t, 'fenceEnter')], visits: badVisit }), [
        { day: '2026-03-01', devicePk: pk },
      ]),
    ).rejects.toThrow(/out of range/);
    expect(await stored()).toEqual(before);
    // A zone kind that is neither fence nor road fails before anything is sent.
    const badKind = enter(t);
    badKind.upserts[0]!.zone_kind = null as unknown as 'f';
    await expect(writePlan(pool, plan({ positions: [position(t)], visits: badKind }))).rejects.toThrow(/zone kind/);
    expect(await stored()).toEqual(before);
    // A time that is no time fails before anything is sent.
    const badTime = enter(t);
    badTime.upserts[0]!.entered_at = new Date(Number.NaN);
    await expect(writePlan(pool, plan({ positions: [position(t)], visits: badTime }))).rejects.toThrow(
      /not a finite number/,
    );
    expect(await stored()).toEqual(before);

    await writePlan(
      pool,
      plan({
        positions: [position(t)],
        events: [event(t, 'fenceLeave')],
        visits: { upserts: [], leaves: enter(0).upserts },
      }),
    );
    expect(await stored()).toEqual({
      ...before,
      positions: before.positions + 1,
      events: before.events + 1,
      visits: 0,
    });
  });

  it('marks a left visit outside in the same statement as an enter, and readers see only the visits inside', async () => {
    const t = Date.parse('2026-03-03T08:00:00Z');
    await pool.query('DELETE FROM zone_states');
    const stayFence = await insertFence(pool, {
      holdId: (await pool.query<{ hold_id: number }>('SELECT hold_id FROM devices WHERE id = $1', [pk])).rows[0]!
        .hold_id,
      name: 'Yard',
      geometry: { type: 'Circle', Center: [121.3, 31.4], Radius: 100 },
      maxStayMinutes: 1,
    });
    const row = async (zoneId: number) =>
      (
        await pool.query('SELECT inside, entered_at FROM zone_states WHERE device_pk = $1 AND zone_id = $2', [
          pk,
          zoneId,
        ])
      ).rows;
    await writePlan(pool, plan({ visits: { upserts: [{ ...enter(t).upserts[0]!, zone_id: stayFence }], leaves: [] } }));
    expect(await dueStays(pool, new Date(t + 120_000))).toEqual([{ devicePk: pk, deviceId: '861230000000001' }]);
    // Leaving the one and entering the other: one statement, both rows kept.
    await writePlan(
      pool,
      plan({
        visits: {
          upserts: [enter(t + 60_000).upserts[0]!],
          leaves: [{ device_pk: pk, zone_kind: 'f', zone_id: stayFence }],
        },
      }),
    );
    expect(await row(stayFence)).toEqual([{ inside: false, entered_at: new Date(0) }]);
    expect(await row(fenceId)).toEqual([{ inside: true, entered_at: new Date(t + 60_000) }]);
    const visits = await loadVisits(pool, [pk]);
    expect([...(visits.get(pk)?.keys() ?? [])]).toEqual([fenceId * 2]);
    // Outside, its max stay is nobody's due.
    expect(await dueStays(pool, new Date(t + 3_600_000))).toEqual([]);
    // Entering again starts a new visit on the kept row.
    await writePlan(
      pool,
      plan({ visits: { upserts: [{ ...enter(t + 90_000).upserts[0]!, zone_id: stayFence }], leaves: [] } }),
    );
    expect(await row(stayFence)).toEqual([{ inside: true, entered_at: new Date(t + 90_000) }]);
    await pool.query('DELETE FROM zone_states');
  });

  it('stores NaN and infinite measurements of an event as such, as a binary COPY did', async () => {
    const t = Date.parse('2026-03-04T08:00:00Z');
    await writePlan(pool, plan({ events: [{ ...event(t, 'odd'), lat: Number.NaN, lon: null, speed: Infinity }] }));
    const e = await pool.query("SELECT lat::text, lon, speed::text FROM events WHERE alarm = 'odd'");
    expect(e.rows).toEqual([{ lat: 'NaN', lon: null, speed: 'Infinity' }]);
  });

  it('writes a plan without positions (the stay sweep) atomically too', async () => {
    const t = Date.parse('2026-03-01T10:00:00Z');
    const before = await stored();
    const broken = { ...event(t, 'fenceStay'), type: null as unknown as string };
    await expect(writePlan(pool, plan({ events: [broken], visits: enter(t) }))).rejects.toThrow();
    expect(await stored()).toEqual(before);
    await writePlan(pool, plan({ events: [event(t, 'fenceStay')], visits: enter(t) }));
    expect(await stored()).toEqual({ ...before, events: before.events + 1, visits: before.visits + 1 });
  });

  it('pipelined (the fence engine on): stores what the plan holds once `meanwhile` has added its events and visits', async () => {
    const t = Date.parse('2026-03-02T08:00:00Z');
    await pool.query('DELETE FROM zone_states');
    const before = await stored();
    const p = plan({ positions: [position(t), position(t + 1000)] });
    await writePlan(pool, p, [{ day: '2026-03-02', devicePk: pk }], () => {
      p.events.push(event(t, 'fenceEnter'));
      p.visits = enter(t);
    });
    expect(await stored()).toEqual({
      positions: before.positions + 2,
      events: before.events + 1,
      visits: before.visits + 1,
      days: before.days + 1,
    });
    await pool.query('DELETE FROM zone_states');
  });

  it('pipelined: nothing is stored when `meanwhile` throws, the rest fails, or the positions fail', async () => {
    const t = Date.parse('2026-03-02T09:00:00Z');
    const before = await stored();
    // The engine failing between the two parts: the positions already sent must not commit.
    const p1 = plan({ positions: [position(t)] });
    await expect(
      writePlan(pool, p1, [], () => {
        throw new Error('engine broke');
      }),
    ).rejects.toThrow('engine broke');
    expect(await stored()).toEqual(before);
    // The rest failing on the server (type is NOT NULL) takes the positions sent ahead with it.
    const p2 = plan({ positions: [position(t)] });
    await expect(
      writePlan(pool, p2, [], () => {
        p2.events.push({ ...event(t, 'fenceLeave'), type: null as unknown as string });
        p2.visits = enter(t);
      }),
    ).rejects.toThrow(/null value in column "type"/);
    expect(await stored()).toEqual(before);
    // The positions failing on the server (jsonb takes no NUL) while the rest is still being worked out.
    const p3 = plan({ positions: [{ ...position(t), attributes: { note: 'a\u0000b' } }] });
    await expect(
      writePlan(pool, p3, [], () => {
        p3.events.push(event(t, 'fenceEnter'));
        p3.visits = enter(t);
      }),
    ).rejects.toThrow();
    expect(await stored()).toEqual(before);
    // A visit change that fails before it is sent (no finite time).
    const p4 = plan({ positions: [position(t)] });
    await expect(
      writePlan(pool, p4, [], () => {
        const bad = enter(t);
        bad.upserts[0]!.entered_at = new Date(Number.NaN);
        p4.visits = bad;
      }),
    ).rejects.toThrow(/not a finite number/);
    expect(await stored()).toEqual(before);
    // And the pool writes on, with every connection it has.
    for (let i = 0; i < 12; i++) await writePlan(pool, plan({ positions: [position(t + i)] }), [], () => {});
    expect((await stored()).positions).toBe(before.positions + 12);
  });

  it('prepares the visit statements on every connection and skips a device removed since', async () => {
    const t = Date.parse('2026-03-01T11:00:00Z');
    const zones = async () =>
      (await pool.query<{ zone_id: number }>('SELECT zone_id FROM zone_states ORDER BY zone_id')).rows.map(
        (r) => r.zone_id,
      );
    const other = (zoneId: number): VisitChanges => ({
      upserts: [{ ...enter(t).upserts[0]!, zone_id: zoneId }],
      leaves: [],
    });
    // More flushes than the pool has connections: each one's prepared statements are used again.
    for (let i = 0; i < 12; i++) {
      await pool.query('DELETE FROM zone_states');
      await writePlan(pool, plan({ positions: [position(t + i)], visits: other(fenceId + i) }));
      expect(await zones()).toEqual([fenceId + i]);
    }
    await pool.query('DELETE FROM zone_states');
    const ghost = { ...enter(t).upserts[0]!, device_pk: pk + 1000 };
    await writePlan(pool, plan({ positions: [position(t)], visits: { upserts: [ghost], leaves: [] } }));
    expect(await zones()).toEqual([]);
  });
});
