import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { type LngLat, ZONE_EVENT_TYPES } from '@lodestar/domain';
import { type GatewayHandle, startGateway } from '@lodestar/gateway';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { InProcessBus, type LiveUpdate } from './bus.ts';
import { createIngest } from './index.ts';
import type { Fix } from './state.ts';
import { ZoneEngine } from './zone-engine.ts';
import {
  bind,
  type DriveFix,
  Gt06Tracker,
  insertDevice,
  insertFence,
  insertRoad,
  offset,
} from './zone-test-support.ts';

afterAll(stopTestServers);

const HYSTERESIS = 30;

/** An ingest with the fence engine (its stay sweep left to the test) behind a real gateway, and its live updates. */
async function startRig(pool: pg.Pool) {
  const bus = new InProcessBus();
  const updates: LiveUpdate[] = [];
  await bus.subscribe((u) => updates.push(u));
  const ingest = createIngest(pool, bus, undefined, undefined, undefined, undefined, undefined, undefined, {
    hysteresisMetres: HYSTERESIS,
    staySweepMs: 0,
    reloadDelayMs: 20,
  });
  const gateway: GatewayHandle = await startGateway({
    host: '127.0.0.1',
    listenOnFreePorts: true,
    ports: { teltonika: 0 },
    udp: [],
    sink: ingest.writer,
    directory: ingest.directory,
    commands: ingest.commands,
  });
  const trackers: Gt06Tracker[] = [];
  return {
    ingest,
    updates,
    async tracker(imei: string) {
      const t = await Gt06Tracker.connect(gateway.ports.gt06, imei);
      trackers.push(t);
      return t;
    },
    async close() {
      for (const t of trackers) t.close();
      await gateway.close();
      await ingest.directory.close();
      await ingest.writer.close();
    },
  };
}
type Rig = Awaited<ReturnType<typeof startRig>>;

interface StoredEvent {
  type: string;
  alarm: string;
  fence_id: number | null;
  road_id: number | null;
  lat: number;
  lon: number;
  speed: number | null;
  event_time: Date;
}

async function zoneEvents(pool: pg.Pool, devicePk: number): Promise<StoredEvent[]> {
  const { rows } = await pool.query<StoredEvent>(
    `SELECT type, alarm, fence_id, road_id, lat, lon, speed, event_time FROM events
      WHERE device_pk = $1 AND alarm = ANY($2::text[]) ORDER BY event_time, id`,
    [devicePk, ZONE_EVENT_TYPES],
  );
  return rows;
}

/** Fixes `every` seconds apart from `start`, at the given places (metres east and north of `origin`) and speeds. */
function track(
  origin: LngLat,
  start: number,
  steps: [east: number, north: number, kmh: number, afterSeconds?: number][],
) {
  let t = start;
  return steps.map(([east, north, kmh, after = 20]): DriveFix => {
    t += after * 1000;
    return { time: new Date(t), at: offset(origin, east, north), speedKmh: kmh };
  });
}

const at = (fix: DriveFix) => ({ lat: expect.closeTo(fix.at[1], 5), lon: expect.closeTo(fix.at[0], 5) });
const minutesAgo = (m: number) => Math.floor((Date.now() - m * 60_000) / 1000) * 1000;

describe.each(dbTargets())('the fence engine, from a tracker through the gateway, on $name PostgreSQL', (target) => {
  let t: TestApp;
  let pool: pg.Pool;
  let holdId: number;
  let rig: Rig;
  const centre: LngLat = [121.47, 31.23];

  beforeAll(async () => {
    // The app's own ingest runs no engine: only the rig's fires events here.
    t = await startTestApp(target, { FENCE_ENGINE: 'off' });
    pool = t.database.pool;
    holdId = (await t.buildHold('Fleet')).id;
    rig = await startRig(pool);
  });
  afterAll(async () => {
    await rig?.close();
    await t?.close();
  });

  it('stores enter, stay, overspeed and leave once each, with the fence and the fix, and jitter raises nothing', async () => {
    const pk = await insertDevice(pool, holdId, '861230000000001', '2099-12-31');
    const fence = await insertFence(pool, {
      holdId,
      name: 'Depot',
      geometry: { type: 'Circle', Center: centre, Radius: 200 },
      speedLimit: 60,
      maxStayMinutes: 10,
    });
    await bind(pool, 'fence', fence, [pk]);
    await rig.ingest.writer.zones!.load();
    const fixes = track(centre, minutesAgo(60), [
      [600, 0, 40],
      [400, 0, 40],
      [250, 0, 30], // outside, within the hysteresis: not in yet
      [150, 0, 30], // 3: enter
      [210, 0, 10], // jitter across the edge, less than the hysteresis out
      [190, 0, 10],
      [225, 0, 10],
      [0, 0, 0, 240],
      [10, 10, 0, 390], // 8: 11.5 minutes inside: stay
      [20, 0, 0, 30],
      [50, 0, 80], // 10: over the fence's 60 km/h
      [100, 0, 85, 15],
      [150, 0, 50, 15], // back under
      [300, 0, 50, 30], // 13: 100 m out: leave
      [500, 0, 50],
    ]);
    const tracker = await rig.tracker('861230000000001');
    await tracker.drive(fixes);

    const events = await zoneEvents(pool, pk);
    expect(events.map((e) => e.alarm)).toEqual(['fenceEnter', 'fenceStay', 'fenceOverspeed', 'fenceLeave']);
    const [enter, stay, overspeed, leave] = events as [StoredEvent, StoredEvent, StoredEvent, StoredEvent];
    for (const e of events) expect(e).toMatchObject({ type: 'alarm', fence_id: fence, road_id: null });
    expect(enter).toMatchObject({ ...at(fixes[3]!), event_time: fixes[3]!.time });
    expect(stay).toMatchObject({ ...at(fixes[8]!), event_time: fixes[8]!.time });
    expect(overspeed).toMatchObject({ ...at(fixes[10]!), event_time: fixes[10]!.time, speed: 80 });
    expect(leave).toMatchObject({ ...at(fixes[13]!), event_time: fixes[13]!.time });
    // Outside now: no visit left.
    expect((await pool.query('SELECT 1 FROM zone_states WHERE device_pk = $1 AND inside', [pk])).rowCount).toBe(0);

    // A triggering fence raises the alarm on the device: the live update of the entering fix carries it.
    const entering = rig.updates.find((u) => u.devicePk === pk && u.events.some((e) => e.alarm === 'fenceEnter'));
    expect(entering?.alarms).toContain('fenceEnter');
    expect(entering?.status).toBe('alarm');
    expect(entering?.events).toContainEqual(
      expect.objectContaining({ type: 'alarm', alarm: 'fenceEnter', FenceID: fence, ZoneName: 'Depot' }),
    );
  });

  it('a record-only fence stores type zone and leaves the alarms alone', async () => {
    const pk = await insertDevice(pool, holdId, '861230000000002', '2099-12-31');
    const ring: LngLat[] = [offset(centre, -100, -100), offset(centre, 100, -100), offset(centre, 100, 100)];
    const fence = await insertFence(pool, {
      holdId,
      name: 'Yard',
      geometry: { type: 'Polygon', coordinates: [[...ring, offset(centre, -100, 100), ring[0]!]] },
      triggerAlarm: false,
    });
    await bind(pool, 'fence', fence, [pk]);
    await rig.ingest.writer.zones!.load();
    const tracker = await rig.tracker('861230000000002');
    await tracker.drive(
      track(centre, minutesAgo(50), [
        [-400, 0, 30],
        [-50, 0, 30],
        [50, 0, 30],
        [400, 0, 30],
      ]),
    );
    const events = await zoneEvents(pool, pk);
    expect(events.map((e) => [e.type, e.alarm, e.fence_id])).toEqual([
      ['zone', 'fenceEnter', fence],
      ['zone', 'fenceLeave', fence],
    ]);
    const mine = rig.updates.filter((u) => u.devicePk === pk);
    expect(mine.flatMap((u) => u.events.map((e) => e.type))).toEqual(['zone', 'zone']);
    expect(mine.every((u) => u.alarms.length === 0)).toBe(true);
    await rig.ingest.writer.flushStates();
    const st = await pool.query('SELECT alarms FROM device_states WHERE device_pk = $1', [pk]);
    expect(st.rows[0].alarms).toEqual([]);
  });

  it('a road: overspeed inside the corridor, deviation once beyond it by the hysteresis', async () => {
    const pk = await insertDevice(pool, holdId, '861230000000003', '2099-12-31');
    const origin: LngLat = [121.5, 31.3];
    const road = await insertRoad(pool, {
      holdId,
      name: 'Ring road',
      geometry: { type: 'LineString', coordinates: [offset(origin, -1000, 0), offset(origin, 1000, 0)] },
      width: 40,
      speedLimit: 50,
    });
    await bind(pool, 'road', road, [pk]);
    await rig.ingest.writer.zones!.load();
    const fixes = track(origin, minutesAgo(40), [
      [-1500, 0, 40],
      [-900, 0, 40],
      [-700, 25, 45], // 5 m beyond the half width: jitter
      [-500, 0, 45],
      [-300, 0, 70], // 4: over 50
      [-100, 0, 75],
      [100, 0, 40],
      [300, 60, 40], // 7: 40 m beyond the half width
      [500, 200, 40],
    ]);
    const tracker = await rig.tracker('861230000000003');
    await tracker.drive(fixes);
    const events = await zoneEvents(pool, pk);
    expect(events.map((e) => [e.type, e.alarm, e.road_id, e.fence_id])).toEqual([
      ['alarm', 'roadOverspeed', road, null],
      ['alarm', 'roadDeviation', road, null],
    ]);
    expect(events[0]).toMatchObject({ ...at(fixes[4]!), speed: 70 });
    expect(events[1]).toMatchObject(at(fixes[7]!));
  });

  it('checks no device whose VIP expired, nor one not bound, and a new binding reaches the ingest', async () => {
    const expired = await insertDevice(pool, holdId, '861230000000004', '2001-01-01');
    const unbound = await insertDevice(pool, holdId, '861230000000005', '2099-12-31');
    const origin: LngLat = [121.6, 31.1];
    const fence = await insertFence(pool, {
      holdId,
      name: 'Gate',
      geometry: { type: 'Circle', Center: origin, Radius: 100 },
    });
    await bind(pool, 'fence', fence, [expired]);
    await rig.ingest.writer.zones!.load();
    const through = (start: number) =>
      track(origin, start, [
        [-300, 0, 30],
        [0, 0, 30],
        [300, 0, 30],
      ]);
    await (await rig.tracker('861230000000004')).drive(through(minutesAgo(30)));
    const other = await rig.tracker('861230000000005');
    await other.drive(through(minutesAgo(30)));
    expect(await zoneEvents(pool, expired)).toEqual([]);
    expect(await zoneEvents(pool, unbound)).toEqual([]);

    const loads = rig.ingest.writer.zones!.stats.loads;
    await bind(pool, 'fence', fence, [unbound]);
    rig.ingest.zonesChanged();
    await expect.poll(() => rig.ingest.writer.zones!.stats.loads, { timeout: 1000 }).toBeGreaterThan(loads);
    await other.drive(through(minutesAgo(20)));
    expect((await zoneEvents(pool, unbound)).map((e) => [e.alarm, e.fence_id])).toEqual([
      ['fenceEnter', fence],
      ['fenceLeave', fence],
    ]);
  });

  it('across a restart in the middle of a stay: the stay fires once, by a fix or by the sweep, and enter is not repeated', async () => {
    const reporting = await insertDevice(pool, holdId, '861230000000006', '2099-12-31');
    const parked = await insertDevice(pool, holdId, '861230000000007', '2099-12-31');
    const origin: LngLat = [121.4, 31.0];
    const fence = await insertFence(pool, {
      holdId,
      name: 'Lot',
      geometry: { type: 'Circle', Center: origin, Radius: 150 },
      maxStayMinutes: 10,
    });
    await bind(pool, 'fence', fence, [reporting, parked]);
    const first = await startRig(pool);
    const inside = (start: number) =>
      track(origin, start, [
        [-400, 0, 30],
        [0, 0, 10],
        [5, 0, 0],
      ]);
    await (await first.tracker('861230000000006')).drive(inside(minutesAgo(20)));
    const parkedFixes = inside(minutesAgo(20));
    await (await first.tracker('861230000000007')).drive(parkedFixes);
    await first.close();
    expect((await zoneEvents(pool, reporting)).map((e) => e.alarm)).toEqual(['fenceEnter']);

    const second = await startRig(pool);
    try {
      // 15 minutes after it entered: the first fix after the restart passes the stay.
      await (await second.tracker('861230000000006')).drive(track(origin, minutesAgo(5), [[10, 0, 0]]));
      expect((await zoneEvents(pool, reporting)).map((e) => e.alarm)).toEqual(['fenceEnter', 'fenceStay']);

      // The parked one sends nothing: the sweep fires its stay, where it was last seen.
      expect(await second.ingest.writer.sweepStays()).toBe(1);
      expect(await second.ingest.writer.sweepStays()).toBe(0);
      const events = await zoneEvents(pool, parked);
      expect(events.map((e) => e.alarm)).toEqual(['fenceEnter', 'fenceStay']);
      expect(events[1]).toMatchObject({ type: 'alarm', fence_id: fence, ...at(parkedFixes[2]!) });
      const swept = second.updates.find((u) => u.devicePk === parked);
      expect(swept?.alarms).toContain('fenceStay');

      // A fix inside afterwards fires nothing more.
      await (await second.tracker('861230000000007')).drive(track(origin, minutesAgo(1), [[0, 5, 0]]));
      expect((await zoneEvents(pool, parked)).map((e) => e.alarm)).toEqual(['fenceEnter', 'fenceStay']);
      const visits = await pool.query('SELECT stay_fired FROM zone_states WHERE device_pk = ANY($1::int[])', [
        [reporting, parked],
      ]);
      expect(visits.rows).toEqual([{ stay_fired: true }, { stay_fired: true }]);
    } finally {
      await second.close();
    }
  });

  it('a device with many fences: fixes the record clears and the rest stepped fire what stepping every fix fires', async () => {
    const pk = await insertDevice(pool, holdId, '861230000000009', '2099-12-31');
    const origin: LngLat = [121.6, 31.5];
    // 30 circles of 60–140 m, 700 m apart on a line east (past the linear scan, so the near box and record work).
    const fences: number[] = [];
    for (let i = 0; i < 30; i++)
      fences.push(
        await insertFence(pool, {
          holdId,
          name: `Row ${i}`,
          geometry: { type: 'Circle', Center: offset(origin, i * 700, 0), Radius: 60 + (i % 5) * 20 },
          speedLimit: i % 3 === 0 ? 40 : null,
        }),
      );
    for (const f of fences) await bind(pool, 'fence', f, [pk]);
    // Two engines over the same bindings: `every` steps each fix, `asked` steps only what `clear` does not clear.
    const every = new ZoneEngine(pool, { hysteresisMetres: HYSTERESIS });
    const asked = new ZoneEngine(pool, { hysteresisMetres: HYSTERESIS });
    await Promise.all([every.load(), asked.load()]);
    let time = minutesAgo(300);
    let x = -300;
    let c = 0;
    let cleared = 0;
    const fired: string[] = [];
    // Flushes of 1–4 fixes (one device's fixes may share a flush): east along the row, a stop, back west, and a
    // jump of 1.5 km now and then.
    for (let flush = 0; flush < 400; flush++) {
      const [a, b] = await Promise.all([every.batch([pk]), asked.batch([pk])]);
      for (let k = 0; k <= flush % 4; k++, c++) {
        const n = c;
        x += n % 97 === 96 ? (n % 2 ? -1500 : 1500) : n < 500 ? 14 : n < 600 ? 0 : -14;
        time += 1000;
        const [lon, lat] = offset(origin, x, 20);
        const fix: Fix = {
          fixTime: new Date(time),
          valid: true,
          lat,
          lon,
          speedKmh: 30 + (n % 30),
          course: 90,
          alarms: [],
          attributes: {},
        };
        const want = a.step(pk, fix)?.map((h) => `${h.type} ${h.zoneId}`) ?? [];
        if (b.clear(pk, lon, lat)) {
          cleared++;
          expect([n, []]).toEqual([n, want]);
        } else expect([n, b.step(pk, fix)?.map((h) => `${h.type} ${h.zoneId}`) ?? []]).toEqual([n, want]);
        fired.push(...want);
      }
      expect(a.changes()).toEqual(b.changes());
      a.commit();
      b.commit();
    }
    // The comparison met events of each kind and cleared most fixes by the record alone.
    expect(new Set(fired.map((f) => f.split(' ')[0]))).toEqual(new Set(['fenceEnter', 'fenceLeave', 'fenceOverspeed']));
    expect(cleared).toBeGreaterThan(500);
    every.close();
    asked.close();
  });

  it('a flush that failed leaves the visits as they were; an unbound device is forgotten at the reload; a redrawn fence is compiled again', async () => {
    const pk = await insertDevice(pool, holdId, '861230000000008', '2099-12-31');
    const origin: LngLat = [121.3, 31.4];
    const fence = await insertFence(pool, {
      holdId,
      name: 'Dock',
      geometry: { type: 'Circle', Center: origin, Radius: 100 },
    });
    await bind(pool, 'fence', fence, [pk]);
    const engine = new ZoneEngine(pool, { hysteresisMetres: HYSTERESIS });
    await engine.load();
    let time = minutesAgo(10);
    const fix = (east: number): Fix => {
      time += 10_000;
      const [lon, lat] = offset(origin, east, 0);
      return { fixTime: new Date(time), valid: true, lat, lon, speedKmh: 10, course: 0, alarms: [], attributes: {} };
    };
    const types = (hits: { type: string }[] | undefined) => hits?.map((h) => h.type);

    const failed = await engine.batch([pk]);
    expect(types(failed.step(pk, fix(0)))).toEqual(['fenceEnter']);
    expect(failed.changes().upserts).toMatchObject([{ device_pk: pk, zone_kind: 'f', zone_id: fence }]);
    // Never committed: the next flush of the device finds it outside still.
    const retried = await engine.batch([pk]);
    expect(types(retried.step(pk, fix(0)))).toEqual(['fenceEnter']);
    retried.commit();
    const inside = await engine.batch([pk]);
    expect(inside.step(pk, fix(10))).toBeUndefined();
    expect(inside.changes()).toEqual({ upserts: [], leaves: [] });

    await pool.query('DELETE FROM fence_devices WHERE device_pk = $1', [pk]);
    await engine.load();
    expect((await engine.batch([pk])).step(pk, fix(500))).toBeUndefined();
    // Bound again: its visits are read afresh (none were written here), so a fix inside enters.
    await bind(pool, 'fence', fence, [pk]);
    await engine.load();
    const entered = await engine.batch([pk]);
    expect(types(entered.step(pk, fix(0)))).toEqual(['fenceEnter']);
    entered.commit();

    // Redrawn a kilometre away (the API moves updated_at): the reload compiles it again, and the device leaves.
    await pool.query(`UPDATE fences SET geometry = $2, updated_at = now() WHERE id = $1`, [
      fence,
      JSON.stringify({ type: 'Circle', Center: offset(origin, 1000, 0), Radius: 100 }),
    ]);
    await engine.load();
    expect(types((await engine.batch([pk])).step(pk, fix(0)))).toEqual(['fenceLeave']);
    engine.close();
  });
});
