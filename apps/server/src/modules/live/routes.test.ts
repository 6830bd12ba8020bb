import type { LivePosition, LivePositions } from '@lodestar/contract/live';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { Fn } from '@lodestar/domain';
import type { InboundRecord } from '@lodestar/gateway';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import type { LiveUpdate } from '../../ingest/bus.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

afterAll(stopTestServers);

const FIX_TIME = '2026-01-02T03:04:05.000Z';
const update = (deviceId: string, holdId: number, holdPath: string, lat: number): LiveUpdate => ({
  devicePk: 0,
  deviceId,
  holdId,
  holdPath,
  fixTime: FIX_TIME,
  lat,
  lon: 121.47,
  speed: 30,
  course: 0,
  acc: true,
  alarms: [],
  status: 'moving',
  mileage: 1.234,
  events: [],
});

/** Collects the socket's messages; `next(type)` waits for the next one of a type. */
function inbox(ws: WebSocket) {
  const got: { type: string; [k: string]: unknown }[] = [];
  ws.on('message', (m) => got.push(JSON.parse(String(m))));
  return {
    got,
    async next(type: string, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const i = got.findIndex((m) => m.type === type);
        if (i >= 0) return got.splice(i, 1)[0]!;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no ${type} message`);
    },
  };
}

describe.each(dbTargets())('live feed on $name PostgreSQL', (target) => {
  let t: TestApp;
  let a: { id: number; path: string };
  let a1: { id: number; path: string };
  let b: { id: number; path: string };
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(target, { LIVE_AUTH_TIMEOUT_SECONDS: '1' });
    a = await t.buildHold('A');
    a1 = await t.buildHold('A-1', a);
    b = await t.buildHold('B');
    token = (await t.buildUser(a, [Fn.onlineMonitor])).token;
  });
  afterAll(() => t.close());

  /** Opens the feed and sends the token as its first message, right on open as the console does. */
  const connect = async (tok: string, appid = 'lodestar') => {
    const ws = await t.app.injectWS(`/API/ws?appid=${appid}`);
    ws.send(JSON.stringify({ type: 'auth', token: tok }));
    return ws;
  };
  const closeCode = (ws: WebSocket) => new Promise<number>((r) => ws.on('close', (code) => r(code)));

  it('sends a user only the devices of its own hold subtree, coalesced per device', async () => {
    const ws = await connect(token);
    const box = inbox(ws);
    await box.next('hello');
    t.ingest.bus.publish([
      update('A-DEVICE', a.id, a.path, 31.1),
      update('A-DEVICE', a.id, a.path, 31.2),
      { ...update('A1-DEVICE', a1.id, a1.path, 31.3), events: [{ type: 'alarm', alarm: 'sos', eventTime: FIX_TIME }] },
      update('B-DEVICE', b.id, b.path, 39.9),
    ]);
    const msg = (await box.next('positions')) as unknown as LivePositions;
    expect(msg.rows.map((r) => r.DeviceID).sort()).toEqual(['A-DEVICE', 'A1-DEVICE']);
    expect(msg.rows.find((r) => r.DeviceID === 'A-DEVICE')?.Lat).toBe(31.2);
    // Times as every list call answers them: the user's zone (Asia/Shanghai), 'YYYY-MM-DD HH:mm:ss'.
    expect(msg.rows.find((r) => r.DeviceID === 'A-DEVICE')?.GpsTime).toBe('2026-01-02 11:04:05');
    expect(msg.rows.find((r) => r.DeviceID === 'A1-DEVICE')?.Events).toEqual([
      { type: 'alarm', alarm: 'sos', eventTime: '2026-01-02 11:04:05' },
    ]);

    // Narrowing to a hold below works; widening to another hold is refused.
    ws.send(JSON.stringify({ type: 'scope', HoldID: a1.id }));
    await box.next('scope');
    ws.send(JSON.stringify({ type: 'scope', HoldID: b.id }));
    expect((await box.next('error')).msg).toMatch(/outside/);
    t.ingest.bus.publish([update('A-DEVICE', a.id, a.path, 31.4), update('A1-DEVICE', a1.id, a1.path, 31.5)]);
    const narrowed = (await box.next('positions')) as unknown as { rows: { DeviceID: string }[] };
    expect(narrowed.rows.map((r) => r.DeviceID)).toEqual(['A1-DEVICE']);
    ws.terminate();
  });

  it('keeps every event of a device when a later update in the same interval replaces its state', async () => {
    const ws = await connect(token);
    const box = inbox(ws);
    await box.next('hello');
    const gone = '2026-01-02T03:04:06.000Z';
    t.ingest.bus.publish([
      {
        ...update('A-DEVICE', a.id, a.path, 31.1),
        events: [{ type: 'zone', alarm: 'fenceEnter', FenceID: 7, eventTime: FIX_TIME }],
      },
    ]);
    t.ingest.bus.publish([
      { ...update('A-DEVICE', a.id, a.path, 31.1), status: 'offline', events: [{ type: 'offline', eventTime: gone }] },
    ]);
    const msg = (await box.next('positions')) as unknown as LivePositions;
    const row = msg.rows.find((r) => r.DeviceID === 'A-DEVICE');
    expect(row?.Status).toBe('offline');
    expect(row?.Events).toEqual([
      { type: 'zone', alarm: 'fenceEnter', FenceID: 7, eventTime: '2026-01-02 11:04:05' },
      { type: 'offline', eventTime: '2026-01-02 11:04:06' },
    ]);
    ws.terminate();
  });

  it('narrows the feed to the watched devices, never past the hold subtree', async () => {
    const ws = await connect(token);
    const box = inbox(ws);
    await box.next('hello');
    // Another hold's device in the list is ignored: watching never widens the scope.
    ws.send(JSON.stringify({ type: 'watch', DeviceIDs: ['A1-DEVICE', 'B-DEVICE'] }));
    expect((await box.next('watch')).count).toBe(2);
    t.ingest.bus.publish([
      update('A-DEVICE', a.id, a.path, 31.1),
      update('A1-DEVICE', a1.id, a1.path, 31.3),
      update('B-DEVICE', b.id, b.path, 39.9),
    ]);
    const msg = (await box.next('positions')) as unknown as { rows: { DeviceID: string }[] };
    expect(msg.rows.map((r) => r.DeviceID)).toEqual(['A1-DEVICE']);

    // null watches the whole scope again.
    ws.send(JSON.stringify({ type: 'watch', DeviceIDs: null }));
    expect((await box.next('watch')).count).toBeNull();
    t.ingest.bus.publish([update('A-DEVICE', a.id, a.path, 31.2), update('B-DEVICE', b.id, b.path, 39.8)]);
    const all = (await box.next('positions')) as unknown as { rows: { DeviceID: string }[] };
    expect(all.rows.map((r) => r.DeviceID)).toEqual(['A-DEVICE']);

    ws.send(JSON.stringify({ type: 'watch', DeviceIDs: 'A-DEVICE' }));
    expect((await box.next('error')).msg).toMatch(/DeviceIDs/);
    ws.send(JSON.stringify({ type: 'watch', DeviceIDs: Array.from({ length: 5001 }, (_, i) => `D${i}`) }));
    expect((await box.next('error')).msg).toMatch(/at most 5000/);
    ws.terminate();
  });

  it('sends a device that registered and reported with no fix without a position, and still its status', async () => {
    const manager = await t.buildUser(a, [Fn.deviceManage, Fn.onlineMonitor]);
    const added = await t.call('POST', 'Device/AddDevice', {
      token: manager.token,
      body: { DeviceID: '864000000000123', Protocol: 'gt06', HoldID: a.id },
    });
    expect(added.code).toBe(200);
    const ws = await connect(manager.token);
    const box = inbox(ws);
    await box.next('hello');
    ws.send(JSON.stringify({ type: 'watch', DeviceIDs: ['864000000000123'] }));
    await box.next('watch');
    // A log-in and a heartbeat, never a fix: the device has no position yet, but it is online now.
    const record = (kind: 'login' | 'heartbeat'): InboundRecord => ({
      protocol: 'gt06',
      deviceId: '864000000000123',
      receivedAt: new Date(),
      remoteAddress: '127.0.0.1',
      message: {
        protocol: 'gt06',
        kind,
        messageType: kind === 'login' ? 0x01 : 0x13,
        positions: [],
        alarms: [],
        attributes: {},
      },
    });
    await t.ingest.writer.persist([record('login'), record('heartbeat')]);
    const msg = (await box.next('positions')) as unknown as LivePositions;
    expect(msg.rows).toHaveLength(1);
    const row: LivePosition = msg.rows[0]!;
    expect(Object.keys(row).sort()).toEqual(
      ['Acc', 'Alarms', 'Course', 'DeviceID', 'Events', 'GpsTime', 'Lat', 'Lng', 'Mileage', 'Speed', 'Status'].sort(),
    );
    expect(row).toMatchObject({ DeviceID: '864000000000123', Lat: null, Lng: null, GpsTime: null, Speed: null });
    expect(row.Status).not.toBe('unused');
    ws.terminate();
  });

  it('closes the socket for a bad token, an unknown appid or a user without the monitor function', async () => {
    expect(await closeCode(await connect('forged'))).toBe(4401);
    expect(await closeCode(await connect(token, 'other'))).toBe(4400);
    const noMonitor = (await t.buildUser(a, [Fn.dashboard])).token;
    expect(await closeCode(await connect(noMonitor))).toBe(4403);
  });

  it('answers every message a client sends right on open, before its token was checked', async () => {
    // Before, the handler attached its message listener only after looking the session up: a watch
    // sent with the token was dropped (8 of 10 answered in the console).
    const sockets = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const ws = await connect(token);
        const box = inbox(ws);
        ws.send(JSON.stringify({ type: 'watch', DeviceIDs: ['A-DEVICE'] }));
        ws.send(JSON.stringify({ type: 'scope', HoldID: a1.id }));
        return { ws, box };
      }),
    );
    for (const { ws, box } of sockets) {
      await box.next('hello');
      expect((await box.next('watch')).count).toBe(1);
      expect((await box.next('scope')).HoldID).toBe(a1.id);
      ws.terminate();
    }
  });

  it('takes the token only from the first message, never from the URL', async () => {
    // A token in the URL is refused even when valid: URLs end up in access logs.
    const inUrl = await t.app.injectWS(`/API/ws?appid=lodestar&token=${encodeURIComponent(token)}`);
    expect(await closeCode(inUrl)).toBe(4400);
    // A first message that is not { type: 'auth', token } asks for a log-in.
    const noAuth = await t.app.injectWS('/API/ws?appid=lodestar');
    const closed = closeCode(noAuth);
    noAuth.send(JSON.stringify({ type: 'watch', DeviceIDs: null }));
    expect(await closed).toBe(4401);
    // So does a socket that never sends its token (LIVE_AUTH_TIMEOUT_SECONDS, 1 s in this app).
    expect(await closeCode(await t.app.injectWS('/API/ws?appid=lodestar'))).toBe(4401);
  });
});
