import { poolFor } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { Fn } from '@lodestar/domain';
import type { InboundRecord } from '@lodestar/gateway';
import type { DecodedMessage, Position } from '@lodestar/protocols';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { InProcessBus, type LiveUpdate } from './bus.ts';
import { createIngest, type Ingest } from './index.ts';

afterAll(stopTestServers);

const pos = (fixTime: Date, over: Partial<Position> = {}): Position => ({
  fixTime,
  valid: true,
  lat: 31.2304,
  lon: 121.4737,
  speedKmh: 36,
  course: 90,
  satellites: 8,
  alarms: [],
  attributes: { acc: true },
  ...over,
});
const rec = (deviceId: string, positions: Position[], extra: Partial<DecodedMessage> = {}): InboundRecord => ({
  protocol: 'gt06',
  deviceId,
  receivedAt: new Date(),
  remoteAddress: '127.0.0.1',
  message: { protocol: 'gt06', kind: 'position', messageType: 0x22, positions, alarms: [], attributes: {}, ...extra },
});

describe.each(dbTargets())('ingest on $name PostgreSQL', (target) => {
  let t: TestApp;
  let ingest: Ingest;
  let token: string;
  const updates: LiveUpdate[] = [];
  const base = new Date(Date.now() - 3600_000);
  const at = (s: number) => new Date(base.getTime() + s * 1000);

  beforeAll(async () => {
    t = await startTestApp(target);
    const hold = await t.buildHold('Fleet');
    token = (await t.buildUser(hold, [Fn.deviceManage, Fn.onlineMonitor, Fn.playback])).token;
    for (const id of ['861234567890001', '861234567890002']) {
      const r = await t.call('POST', 'Device/AddDevice', {
        token,
        body: { DeviceID: id, Protocol: 'gt06', HoldID: hold.id, DeviceName: `沪A-${id.slice(-3)}` },
      });
      expect(r.code).toBe(200);
    }
    ingest = createIngest(t.database.pool, new InProcessBus());
    await ingest.bus.subscribe((u) => updates.push(u));
  });
  afterAll(async () => {
    await ingest.writer.close();
    await t.close();
  });

  it('stores positions durably before persist resolves, and moves the latest state', async () => {
    await ingest.writer.persist([
      rec('861234567890001', [pos(at(0)), pos(at(30), { lat: 31.2394 })]),
      rec('861234567890002', [pos(at(0), { lat: 39.9042, lon: 116.4074, speedKmh: 0, attributes: { acc: false } })]),
    ]);
    // A separate connection sees the rows the moment persist has resolved: they are committed.
    const other = poolFor(t.database.url, 1);
    const { rows } = await other.query('SELECT count(*)::int AS n FROM positions');
    await other.end();
    expect(rows[0].n).toBe(3);

    // The latest-state rows trail the positions by at most a second; write them now.
    await ingest.writer.flushStates();
    const monitor = await t.call<{ rows: Record<string, unknown>[] }>('POST', 'Monitor/GetMonitorList', {
      token,
      body: { Status: 'all' },
    });
    const one = monitor.data.rows.find((r) => r.DeviceID === '861234567890001')!;
    expect(one).toMatchObject({ Lat: 31.2394, Lng: 121.4737, Speed: 36, Acc: true, Online: true, Status: 'moving' });
    expect(one.Mileage).toBeCloseTo(1.0, 1);
    const two = monitor.data.rows.find((r) => r.DeviceID === '861234567890002')!;
    expect(two.Status).toBe('ignitionOff');
    expect(updates.map((u) => u.deviceId).sort()).toEqual(['861234567890001', '861234567890002']);
  });

  it('keeps an out-of-order fix in history but not as the latest state, and drops duplicates', async () => {
    await ingest.writer.persist([
      rec('861234567890001', [pos(at(15), { lat: 31.2349 }), pos(at(30), { lat: 31.2394 })]),
    ]);
    const monitor = await t.call<{ rows: { DeviceID: string; Lat: number }[] }>('POST', 'Monitor/GetMonitorList', {
      token,
      body: { DeviceIDs: '861234567890001' },
    });
    expect(monitor.data.rows).toHaveLength(1);
    expect(monitor.data.rows[0]!.Lat).toBe(31.2394);
    expect(ingest.writer.stats.positionsDropped.duplicate).toBe(1);

    const fmt = (d: Date) => d.toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' });
    const track = await t.call<{ GpsTime: string; Lat: number }[]>('POST', 'History/GetTrack', {
      token,
      body: { DeviceID: '861234567890001', StartTime: fmt(at(-60)), EndTime: fmt(at(60)) },
    });
    expect(track.code).toBe(200);
    expect(track.data.map((p) => p.Lat)).toEqual([31.2304, 31.2349, 31.2394]);
    expect(track.data[0]!.GpsTime).toBe(fmt(at(0)));
  });

  it('records alarm and ignition events once each', async () => {
    await ingest.writer.persist([
      rec('861234567890002', [
        pos(at(60), {
          lat: 39.9042,
          lon: 116.4074,
          altitude: 43.5,
          alarms: ['sos'],
          attributes: { acc: true, note: 'a\t"é' },
        }),
      ]),
      rec('861234567890002', [], { kind: 'heartbeat', alarms: ['sos'] }),
    ]);
    await ingest.writer.flushStates();
    // Every column as the binary COPY wrote it.
    const stored = await t.database.pool.query(
      `SELECT fix_time, valid, lat, lon, speed, course, altitude, satellites, alarms, attributes
         FROM positions p JOIN devices d ON d.id = p.device_pk WHERE d.device_id = '861234567890002' AND p.fix_time = $1`,
      [at(60)],
    );
    expect(stored.rows).toEqual([
      {
        fix_time: at(60),
        valid: true,
        lat: 39.9042,
        lon: 116.4074,
        speed: 36,
        course: 90,
        altitude: 43.5,
        satellites: 8,
        alarms: ['sos'],
        attributes: { acc: true, note: 'a\t"é' },
      },
    ]);
    const { rows } = await t.database.pool.query(
      `SELECT type, alarm FROM events e JOIN devices d ON d.id = e.device_pk WHERE d.device_id = '861234567890002' ORDER BY e.id`,
    );
    expect(rows).toEqual([
      { type: 'ignitionOn', alarm: null },
      { type: 'alarm', alarm: 'sos' },
    ]);
    const alarmRows = await t.call<{ rows: { Status: string }[] }>('POST', 'Monitor/GetMonitorList', {
      token,
      body: { Status: 'alarm' },
    });
    expect(alarmRows.data.rows).toHaveLength(1);
  });

  it('records the calendar days a device reported on in device_days, in the configured zone', async () => {
    const days = async () =>
      (
        await t.database.pool.query(
          `SELECT to_char(day, 'YYYY-MM-DD') AS day, d.device_id FROM device_days x JOIN devices d ON d.id = x.device_pk
            ORDER BY 1, 2`,
        )
      ).rows;
    // The shared writer (Asia/Shanghai) wrote today's rows with the first persist above.
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
    expect(await days()).toEqual([
      { day: today, device_id: '861234567890001' },
      { day: today, device_id: '861234567890002' },
    ]);

    // 23:30 and 00:30 in New York are two days there, one (the same) day in Shanghai.
    await t.database.pool.query('DELETE FROM device_days');
    const ny = createIngest(
      t.database.pool,
      new InProcessBus(),
      undefined,
      undefined,
      undefined,
      undefined,
      'America/New_York',
    );
    const late = new Date('2026-03-02T04:30:00Z');
    const early = new Date('2026-03-02T05:30:00Z');
    const when = (r: InboundRecord, receivedAt: Date) => ({ ...r, receivedAt });
    // A report without a fix counts too: the device was there.
    await ny.writer.persist([
      when(rec('861234567890001', [pos(at(200), { lat: 31.2394 })]), late),
      when(rec('861234567890002', [], { kind: 'heartbeat' }), late),
    ]);
    await ny.writer.persist([when(rec('861234567890001', [pos(at(210), { lat: 31.2394 })]), early)]);
    expect(await days()).toEqual([
      { day: '2026-03-01', device_id: '861234567890001' },
      { day: '2026-03-01', device_id: '861234567890002' },
      { day: '2026-03-02', device_id: '861234567890001' },
    ]);
    // A device's second report of a day writes nothing: removing its row shows no flush puts it back.
    await t.database.pool.query(`DELETE FROM device_days WHERE day = '2026-03-02'`);
    await ny.writer.persist([
      when(rec('861234567890001', [pos(at(220), { lat: 31.2394 })]), new Date('2026-03-02T06:00:00Z')),
    ]);
    expect((await days()).map((r) => r.day)).toEqual(['2026-03-01', '2026-03-01']);
    await ny.writer.close();
  });

  it('rejects persist when the database cannot commit, and keeps the cached state unchanged', async () => {
    const broken = createIngest(poolFor('postgres://postgres@127.0.0.1:1/none', 1), new InProcessBus());
    await expect(broken.writer.persist([rec('861234567890001', [pos(at(90))])])).rejects.toThrow();
    expect(broken.writer.stats.recordsPersisted).toBe(0);
  });

  it('starts a VIP never started at the device’s first reported day, for the default 4 years, and keeps a set one', async () => {
    const vip = async (id: string) =>
      (
        await t.database.pool.query(
          `SELECT to_char(vip_expires_at, 'YYYY-MM-DD') AS v FROM devices WHERE device_id = $1`,
          [id],
        )
      ).rows[0]?.v as string | null;
    // Both devices reported in the tests above (today in Asia/Shanghai, the shared writer's zone), and the New
    // York writer's days after the rows were cleared are later flushes: the first day wins.
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
    const inFour = `${Number(today.slice(0, 4)) + 4}${today.slice(4)}`;
    expect(await vip('861234567890001')).toBe(inFour);
    await t.database.pool.query(`UPDATE devices SET vip_expires_at = '2030-01-01' WHERE device_id = '861234567890002'`);
    await t.database.pool.query('DELETE FROM device_days');
    const fresh = createIngest(t.database.pool, new InProcessBus());
    await fresh.writer.persist([rec('861234567890002', [pos(at(300), { lat: 31.2394 })])]);
    expect(await vip('861234567890002')).toBe('2030-01-01');
    await fresh.writer.close();
  });

  it('refuses a track longer than 30 days and one older than 7 days without VIP', async () => {
    // The reporting devices have their VIP since their first day (above): this one has none.
    await t.database.pool.query(`UPDATE devices SET vip_expires_at = NULL WHERE device_id = '861234567890001'`);
    const r = await t.call('POST', 'History/GetTrack', {
      token,
      body: { DeviceID: '861234567890001', StartTime: '2026-01-01 00:00:00', EndTime: '2026-03-01 00:00:00' },
    });
    expect(r.code).toBe(400);
    const old = await t.call('POST', 'History/GetTrack', {
      token,
      body: { DeviceID: '861234567890001', StartTime: '2020-01-01 00:00:00', EndTime: '2020-01-02 00:00:00' },
    });
    expect(old.msg).toMatch(/VIP/);
  });
  it('publishes connection changes as online/offline events with the latest state, once written', async () => {
    const bus = new InProcessBus();
    const seen: LiveUpdate[] = [];
    await bus.subscribe((u) => seen.push(u));
    // A zero timeout: a device is online only while connected, so the offline status shows at once.
    const live = createIngest(t.database.pool, bus, undefined, undefined, 0);
    const device = { protocol: 'gt06' as const, deviceId: '861234567890001', remoteAddress: '127.0.0.1' };
    // Changes a moment in the past: with a zero timeout a device last seen in this very millisecond still counts as online.
    live.directory.connected({ ...device, at: new Date(Date.now() - 2000) });
    await live.directory.flush();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.deviceId).toBe('861234567890001');
    expect(seen[0]!.events.map((e) => e.type)).toEqual(['online']);
    expect(seen[0]!.status).not.toBe('offline');
    expect(seen[0]!.lat).toBeCloseTo(31.2394, 4);

    live.directory.disconnected({ ...device, at: new Date(Date.now() - 1000) });
    await live.directory.flush();
    expect(seen[1]!.events.map((e) => e.type)).toEqual(['offline']);
    expect(seen[1]!.status).toBe('offline');
    const { rows } = await t.database.pool.query(
      `SELECT type FROM events e JOIN devices d ON d.id = e.device_pk
        WHERE d.device_id = '861234567890001' AND type IN ('online', 'offline') ORDER BY e.id`,
    );
    expect(rows.map((r) => r.type)).toEqual(['online', 'offline']);
  });
});
