import type { DashboardSummary } from '@lodestar/contract/dashboard';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn, SimState } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInZone, parseInZone } from '../../lib/time.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { positionReport } from '../../test/reports.ts';
import { buildCatalogue, insertSims } from '../sims/test-fixtures.ts';

afterAll(stopTestServers);

const ZONE = 'Asia/Shanghai';
const today = formatInZone(new Date(), ZONE).slice(0, 10);
const day = (n: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const midnight = parseInZone(`${today} 00:00:00`, ZONE)!;

// Fleet: A moving, B ignition off, C in alarm; Fleet/Branch: D offline, E unused; Other (a sibling): F.
const ID = {
  A: '861000000000001',
  B: '861000000000002',
  C: '861000000000003',
  D: '861000000000004',
  E: '861000000000005',
  F: '861000000000006',
};

describe.each(dbTargets())('Dashboard/GetSummary on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token: string;
  let fleet: { id: number; path: string };
  let branch: { id: number; path: string };
  let other: { id: number; path: string };
  const pk: Record<string, number> = {};
  const sql = (text: string, values: unknown[] = []) => t.database.pool.query(text, values);

  beforeAll(async () => {
    t = await startTestApp(target);
    fleet = await t.buildHold('Fleet');
    branch = await t.buildHold('Branch', fleet);
    other = await t.buildHold('Other');
    token = (await t.buildUser(fleet, [Fn.dashboard, Fn.onlineMonitor, Fn.deviceManage])).token;
    const admin = (await t.buildUser(t.rootHold, [Fn.deviceManage])).token;
    const holdOf = { A: fleet, B: fleet, C: fleet, D: branch, E: branch, F: other };
    for (const [k, id] of Object.entries(ID)) {
      const r = await t.call('POST', 'Device/AddDevice', {
        token: admin,
        body: { DeviceID: id, Protocol: 'gt06', HoldID: holdOf[k as keyof typeof holdOf].id },
      });
      expect(r.code).toBe(200);
      pk[k] = (await sql('SELECT id FROM devices WHERE device_id = $1', [id])).rows[0].id;
    }
    // Through the ingest: states, today's device_days rows and C's (and F's) sos alarm.
    await t.ingest.writer.persist([
      positionReport(ID.A, { speedKmh: 50, attributes: { acc: true } }),
      positionReport(ID.B, { attributes: { acc: false } }),
      positionReport(ID.C, { alarms: ['sos'], attributes: { acc: true } }),
      positionReport(ID.F, { alarms: ['sos'], attributes: { acc: true } }),
    ]);
    await t.ingest.writer.flushStates();
    await sql(
      `INSERT INTO device_states (device_pk, last_seen, fix_time, connected, valid, satellites, acc, speed, alarms)
       VALUES ($1, now() - interval '2 hours', now() - interval '2 hours', false, true, 9, true, 0, '{}')`,
      [pk.D],
    );
    // A and D were added ten days ago: they alone make the unit's size on the six days before today.
    await sql(`UPDATE devices SET created_at = now() - interval '10 days' WHERE id = ANY($1::int[])`, [[pk.A, pk.D]]);
    const vip: [string, string][] = [
      ['A', day(-1)],
      ['B', day(0)],
      ['C', day(6)],
      ['D', day(7)],
      ['E', day(59)],
      ['F', day(-1)],
    ];
    for (const [k, d] of vip) await sql('UPDATE devices SET vip_expires_at = $2 WHERE id = $1', [pk[k], d]);
    const days: [string, string][] = [
      ['A', day(-1)],
      ['D', day(-1)],
      ['D', day(-6)],
      ['A', day(-7)],
      ['F', day(-1)],
    ];
    for (const [k, d] of days) await sql('INSERT INTO device_days (day, device_pk) VALUES ($1, $2)', [d, pk[k]]);
    const event = (k: string, type: string, alarm: string | null, at: Date) =>
      sql('INSERT INTO events (device_pk, type, alarm, event_time) VALUES ($1, $2, $3, $4)', [pk[k], type, alarm, at]);
    const after = (s: number) => new Date(midnight.getTime() + s * 1000);
    await event('A', 'alarm', 'overspeed', after(1));
    await event('D', 'alarm', 'sos', after(2));
    await event('A', 'alarm', 'powerCut', after(-1));
    await event('A', 'ignitionOn', null, after(3));
    await event('F', 'alarm', 'overspeed', after(4));

    const cat = await buildCatalogue(t, fleet);
    await insertSims(t, cat, fleet.id, [
      { state: SimState.Active, expiresOn: day(10) },
      { state: SimState.Active, expiresOn: day(30) },
      { state: SimState.Active, expiresOn: day(0) },
      { state: SimState.Active, expiresOn: day(31) },
      { state: SimState.Active, expiresOn: day(-1) },
      { state: SimState.Cancelled, expiresOn: day(5) },
      { state: SimState.InStock, expiresOn: null },
    ]);
    await insertSims(t, cat, branch.id, [{ state: SimState.Silent, expiresOn: day(1) }]);
    await insertSims(t, cat, other.id, [{ state: SimState.Active, expiresOn: day(1) }]);
  });
  afterAll(() => t.close());

  const summary = (body: object = {}, as = token) =>
    t.call<DashboardSummary>('POST', 'Dashboard/GetSummary', { token: as, body });

  it('gives the planted figures for the caller’s unit, its days in the caller’s time zone', async () => {
    const r = await summary();
    expect(r.code).toBe(200);
    const s = r.data;
    expect(s.Today).toBe(today);
    expect({ Total: s.Total, Online: s.Online, Moving: s.Moving, Offline: s.Offline, Unused: s.Unused }).toEqual({
      Total: 5,
      Online: 3,
      Moving: 1,
      Offline: 1,
      Unused: 1,
    });
    expect(s.OnlineRate7d).toEqual([
      { Day: day(-6), Online: 1, Total: 2, Rate: 50 },
      { Day: day(-5), Online: 0, Total: 2, Rate: 0 },
      { Day: day(-4), Online: 0, Total: 2, Rate: 0 },
      { Day: day(-3), Online: 0, Total: 2, Rate: 0 },
      { Day: day(-2), Online: 0, Total: 2, Rate: 0 },
      { Day: day(-1), Online: 2, Total: 2, Rate: 100 },
      { Day: today, Online: 3, Total: 5, Rate: 60 },
    ]);
    // C's sos from the ingest and D's planted one; A's overspeed; not yesterday's power cut, not F's.
    expect(s.AlarmsToday).toEqual([
      { Type: 'sos', Count: 2 },
      { Type: 'overspeed', Count: 1 },
    ]);
    expect([s.VipExpired, s.VipExpiring7, s.VipExpiring30, s.VipExpiring60]).toEqual([1, 2, 3, 4]);
    // Today, +10 and +30 in Fleet and +1 in Branch; not +31, not expired, not cancelled, not Other's.
    expect(s.SimsExpiring).toBe(4);
    expect(s.RecentDevices.map((d) => d.DeviceID)).toEqual([ID.E, ID.D, ID.C, ID.B, ID.A]);
    expect(s.RecentDevices[0]).toMatchObject({ HoldName: 'Branch', Protocol: 'gt06', DeviceName: ID.E });
    expect(s.RecentDevices[0]!.CreateTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('narrows to a unit of the subtree by HoldID', async () => {
    const s = (await summary({ HoldID: branch.id })).data;
    expect({ Total: s.Total, Online: s.Online, Offline: s.Offline, Unused: s.Unused, Moving: s.Moving }).toEqual({
      Total: 2,
      Online: 0,
      Offline: 1,
      Unused: 1,
      Moving: 0,
    });
    expect(s.AlarmsToday).toEqual([{ Type: 'sos', Count: 1 }]);
    expect(s.OnlineRate7d.at(-2)).toEqual({ Day: day(-1), Online: 1, Total: 1, Rate: 100 });
    expect([s.VipExpired, s.VipExpiring7, s.VipExpiring30, s.VipExpiring60]).toEqual([0, 0, 1, 2]);
    expect(s.SimsExpiring).toBe(1);
    expect(s.RecentDevices.map((d) => d.DeviceID)).toEqual([ID.E, ID.D]);
  });

  it('counts the whole tree’s days for the root unit (off device_days alone) as for any other unit', async () => {
    const root = (await t.buildUser(t.rootHold, [Fn.dashboard, Fn.onlineMonitor])).token;
    const s = (await summary({}, root)).data;
    const online = s.OnlineRate7d.map((d) => d.Online);
    // Today A, B, C and F (through the ingest); yesterday A, D and F; six days ago D.
    expect(online).toEqual([1, 0, 0, 0, 0, 3, 4]);
    expect(s.OnlineRate7d.at(-1)!.Total).toBe(6);
    const narrowed = (await summary({ HoldID: fleet.id }, root)).data;
    expect(narrowed.OnlineRate7d.map((d) => d.Online)).toEqual([1, 0, 0, 0, 0, 2, 3]);
  });

  it('counts devices exactly as Monitor/GetMonitorCounts for the same unit', async () => {
    for (const body of [{}, { HoldID: fleet.id }, { HoldID: branch.id }]) {
      const s = (await summary(body)).data;
      const m = (await t.call<Record<string, number>>('POST', 'Monitor/GetMonitorCounts', { token, body })).data;
      expect([s.Total, s.Online, s.Moving, s.Offline, s.Unused]).toEqual([
        m.all,
        m.online,
        m.moving,
        m.offline,
        m.unused,
      ]);
    }
  });

  it('counts as many devices as the device list it links to finds', async () => {
    for (const unit of [fleet, branch]) {
      const s = (await summary({ HoldID: unit.id })).data;
      const listed = async (filter: object) =>
        (
          await t.call<{ total: number }>('POST', 'Device/GetDeviceList', {
            token,
            body: { PageIndex: 1, PageSize: 10, HoldID: unit.id, ...filter },
          })
        ).data.total;
      const links: [number, object][] = [
        [s.Total, {}],
        [s.Online, { State: 'online' }],
        [s.Moving, { State: 'moving' }],
        [s.Offline, { State: 'offline' }],
        [s.Unused, { State: 'unused' }],
        [s.VipExpired, { Vip: 'expired' }],
        [s.VipExpiring7, { Vip: '7' }],
        [s.VipExpiring30, { Vip: '30' }],
        [s.VipExpiring60, { Vip: '60' }],
      ];
      for (const [figure, filter] of links) expect({ filter, n: await listed(filter) }).toEqual({ filter, n: figure });
    }
  });

  it('takes today from the caller’s time zone', async () => {
    const zone = 'Pacific/Kiritimati'; // UTC+14: often a day ahead of Shanghai
    const far = await t.buildUser(fleet, [Fn.dashboard, Fn.onlineMonitor]);
    await sql('UPDATE users SET time_zone = $2 WHERE id = $1', [far.id, zone]);
    const farToday = formatInZone(new Date(), zone).slice(0, 10);
    const farMidnight = parseInZone(`${farToday} 00:00:00`, zone)!;
    await sql(`INSERT INTO events (device_pk, type, alarm, event_time) VALUES ($1, 'alarm', 'vibration', $2)`, [
      pk.B,
      new Date(farMidnight.getTime() - 1000),
    ]);
    const s = (await summary({}, await t.login(far.phone, far.password))).data;
    expect(s.Today).toBe(farToday);
    expect(s.OnlineRate7d.at(-1)!.Day).toBe(farToday);
    expect(s.AlarmsToday.find((a) => a.Type === 'vibration')).toBeUndefined();
  });

  it('refuses another hold’s HoldID exactly like a missing one', async () => {
    const theirs = await summary({ HoldID: other.id });
    const missing = await summary({ HoldID: 999_999 });
    expect(theirs.code).toBe(403);
    expect(theirs.errCode).toBe(ErrCode.OutsideHold);
    expect({ ...theirs, raw: undefined }).toEqual({ ...missing, raw: undefined });
  });

  it('refuses a caller without the GPS home function (86)', async () => {
    const monitorOnly = await t.buildUser(fleet, [Fn.onlineMonitor]);
    const r = await summary({}, monitorOnly.token);
    expect({ code: r.code, errCode: r.errCode }).toEqual({ code: 403, errCode: ErrCode.NoFunction });
  });

  it('answers a bad HoldID with a 400 naming it', async () => {
    const r = await summary({ HoldID: 'x' });
    expect(r.code).toBe(400);
    expect(r.msg).toMatch(/HoldID/);
  });
  it('keeps a finished day’s online count between refreshes and counts today’s every time', async () => {
    const before = (await summary()).data.OnlineRate7d;
    const online = (rate: typeof before, d: string) => rate.find((x) => x.Day === d)!.Online;
    // A device of the unit with no row yet for yesterday nor today reports late for the one and now for the other.
    const has = async (d: string, devicePk: number) =>
      (await sql('SELECT 1 FROM device_days WHERE day = $1 AND device_pk = $2', [d, devicePk])).rows.length > 0;
    let late: number | undefined;
    for (const k of ['A', 'B', 'C', 'D', 'E'])
      if (pk[k] && !(await has(day(-1), pk[k]!)) && !(await has(today, pk[k]!))) late = pk[k];
    expect(late).toBeDefined();
    await sql('INSERT INTO device_days (day, device_pk) VALUES ($1, $2), ($3, $2)', [day(-1), late, today]);
    const after = (await summary()).data.OnlineRate7d;
    expect(online(after, day(-1))).toBe(online(before, day(-1))); // kept: not recounted within the TTL
    expect(online(after, today)).toBe(online(before, today) + 1);
  });

  it('counts VIP windows and the unit’s size at each day’s end right at their edges', async () => {
    const edges = await t.buildHold('Edges');
    const vipUnit = await t.buildHold('VIP edges', edges);
    const addedUnit = await t.buildHold('Added edges', edges);
    const own = await t.buildUser(edges, [Fn.dashboard, Fn.onlineMonitor, Fn.deviceManage]);
    const add = async (id: string, unit: { id: number }) => {
      await t.call('POST', 'Device/AddDevice', {
        token: own.token,
        body: { DeviceID: id, Protocol: 'gt06', HoldID: unit.id },
      });
      return (await sql('SELECT id FROM devices WHERE device_id = $1', [id])).rows[0].id as number;
    };
    // Expired: before today; within N days: today up to today + N − 1.
    const expiries = [day(-1), day(0), day(6), day(7), day(29), day(30), day(59), day(60), null];
    for (const [i, d] of expiries.entries())
      await sql('UPDATE devices SET vip_expires_at = $2 WHERE id = $1', [await add(`86200000000000${i}`, vipUnit), d]);
    const v = (await summary({ HoldID: vipUnit.id }, own.token)).data;
    expect([v.VipExpired, v.VipExpiring7, v.VipExpiring30, v.VipExpiring60]).toEqual([1, 2, 4, 6]);
    // Added a month ago, a second before today's midnight, at midnight itself, and now: a device added at a day's
    // end is not counted in that day's size.
    const added = [new Date(Date.now() - 30 * 86_400_000), new Date(midnight.getTime() - 1000), midnight, null];
    for (const [i, at] of added.entries()) {
      const id = await add(`86300000000000${i}`, addedUnit);
      if (at) await sql('UPDATE devices SET created_at = $2 WHERE id = $1', [id, at]);
    }
    const a = (await summary({ HoldID: addedUnit.id }, own.token)).data;
    expect(a.OnlineRate7d.map((d) => d.Total)).toEqual([1, 1, 1, 1, 1, 2, 4]);
    // The parent unit holds both: its figures are the sums.
    const both = (await summary({}, own.token)).data;
    expect([both.Total, both.VipExpired, both.VipExpiring60]).toEqual([13, 1, 6]);
    expect(both.OnlineRate7d.map((d) => d.Total)).toEqual([1, 1, 1, 1, 1, 2, 13]);
  });
});
