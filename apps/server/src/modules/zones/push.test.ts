import type { BindResult, FenceDetail } from '@lodestar/contract/zones';
import { commands, devices, fenceDevices, fences, roadDevices, roads } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import type { FenceGeometry } from '@lodestar/domain';
import { type GatewayHandle, startGateway } from '@lodestar/gateway';
import { deviceIds, startSimulator } from '@lodestar/simulator';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { CommandRepository } from '../commands/repository.ts';
import { CommandService } from '../commands/service.ts';
import type { DeviceRepository } from '../devices/repository.ts';
import { ZonePush } from './push.ts';
import { ROAD_AREA_ID_BASE } from './push-payload.ts';
import { ZonePushRepository } from './push-repository.ts';
import { DEV, FULL_MODEL, SQUARE, zoneWorld } from './test-fixtures.ts';

afterAll(stopTestServers);

const triangle: FenceGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [121.47, 31.23],
      [121.476, 31.23],
      [121.474, 31.232],
      [121.47, 31.23],
    ],
  ],
};

describe.each(dbTargets())('ZonePush on $name PostgreSQL', (target) => {
  let t: TestApp;
  let push: ZonePush;
  let holdId: number;
  let userId: number;
  const notified: string[] = [];
  let notify: (deviceId: string) => void = (deviceId) => {
    notified.push(deviceId);
  };

  beforeAll(async () => {
    t = await startTestApp(target);
    const hold = await t.buildHold('Fleet');
    holdId = hold.id;
    userId = (await t.buildUser(hold, [])).id;
    // ZonePush uses only CommandService.queue, which reads no device: the device repository stays out.
    const service = new CommandService(
      new CommandRepository(t.database.db, t.database.pool),
      {} as DeviceRepository,
      (id) => notify(id),
      {} as HoldScope,
      60_000,
    );
    push = new ZonePush(service, new ZonePushRepository(t.database.db));
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  const addDevice = async (deviceId: string, protocol: string) => {
    const [d] = await db().insert(devices).values({ deviceId, protocol, holdId }).returning({ pk: devices.id });
    return d!.pk;
  };
  const addFence = async (geometry: FenceGeometry, shape: string, more: Partial<typeof fences.$inferInsert> = {}) => {
    const [f] = await db()
      .insert(fences)
      .values({
        holdId,
        name: 'Depot',
        shape,
        geometry,
        minLng: 0,
        minLat: 0,
        maxLng: 0,
        maxLat: 0,
        recordType: 'both',
        triggerAlarm: true,
        timeZone: 'UTC',
        ...more,
      })
      .returning({ id: fences.id });
    return f!.id;
  };
  const commandsOf = (pk: number) =>
    db()
      .select({ id: commands.id, type: commands.type, payload: commands.payload, status: commands.status })
      .from(commands)
      .where(eq(commands.devicePk, pk))
      .orderBy(asc(commands.id));
  const fenceCommandId = async (fenceId: number, pk: number) =>
    (
      await db()
        .select({ c: fenceDevices.commandId })
        .from(fenceDevices)
        .where(and(eq(fenceDevices.fenceId, fenceId), eq(fenceDevices.devicePk, pk)))
    )[0]?.c;

  it('pushes a fence to its bound JT/T 808 devices only, records the command, re-pushes a redrawn shape', async () => {
    const a = await addDevice('13900000101', 'jt808');
    const b = await addDevice('13900000102', 'jt808');
    const gt06 = await addDevice('861000000000103', 'gt06');
    const unbound = await addDevice('13900000104', 'jt808');
    const fenceId = await addFence(triangle, 'polygon', { speedLimit: 60, dailyFrom: 8 * 60, dailyTo: 18 * 60 });
    await db()
      .insert(fenceDevices)
      .values([a, b, gt06].map((devicePk) => ({ fenceId, devicePk })));

    notified.length = 0;
    expect(await push.pushFence(fenceId, [a, b, gt06, unbound], userId)).toBe(2);
    expect(notified).toEqual(['13900000101', '13900000102']);
    const [sentA] = await commandsOf(a);
    expect(sentA).toMatchObject({
      type: 'zoneSet',
      status: 'queued',
      payload: {
        area: 'polygon',
        id: fenceId,
        attributes: 0b11_1100, // enter and leave, to the platform and (TriggerAlarm) the driver
        name: 'Depot',
        vertices: [
          [121_470_000, 31_230_000],
          [121_476_000, 31_230_000],
          [121_474_000, 31_232_000],
        ],
        speedLimit: 60,
        overspeedSeconds: 10,
        start: '000000160000', // 08:00 UTC daily is 16:00 on the terminal's GMT+8
        end: '000000020000', // 18:00 UTC is 02:00 the next day, GMT+8
      },
    });
    expect(await fenceCommandId(fenceId, a)).toBe(sentA!.id);
    expect(await fenceCommandId(fenceId, b)).toBe((await commandsOf(b))[0]!.id);
    expect(await fenceCommandId(fenceId, gt06)).toBeNull();
    expect(await commandsOf(gt06)).toEqual([]);
    expect(await commandsOf(unbound)).toEqual([]);

    // Redrawn as a circle: the polygon is deleted from the terminal's polygon list, the circle set.
    await db()
      .update(fences)
      .set({ shape: 'circle', geometry: { type: 'Circle', Center: [121.4737, 31.2304], Radius: 300.4 } })
      .where(eq(fences.id, fenceId));
    expect(await push.repushFence(fenceId, userId)).toBe(2); // a and b were pushed; gt06 never
    const [, del, set] = await commandsOf(a);
    expect(del).toMatchObject({ type: 'zoneDelete', payload: { area: 'polygon', ids: [fenceId] } });
    expect(set).toMatchObject({
      type: 'zoneSet',
      payload: { area: 'circle', center: [121_473_700, 31_230_400], radius: 300 },
    });
    expect(await fenceCommandId(fenceId, a)).toBe(set!.id);
    // b too: its polygon deleted, the circle set.
    expect((await commandsOf(b)).map((c) => [c.type, (c.payload as { area: string }).area])).toEqual([
      ['zoneSet', 'polygon'],
      ['zoneDelete', 'polygon'],
      ['zoneSet', 'circle'],
    ]);
    expect(await push.pushFence(fenceId, [b], userId)).toBe(1); // the same shape again: no deletion
    expect((await commandsOf(b)).at(-1)?.type).toBe('zoneSet');
    expect(await commandsOf(b)).toHaveLength(4);

    // Removal deletes what each terminal holds (a circle now); gt06 has nothing.
    expect(await push.removeFence(fenceId, [a, b, gt06], userId)).toBe(2);
    for (const pk of [a, b])
      expect((await commandsOf(pk)).at(-1)).toMatchObject({
        type: 'zoneDelete',
        payload: { area: 'circle', ids: [fenceId] },
      });
  });

  it('queues nothing for a fence no terminal can hold, or a binding never pushed', async () => {
    const pk = await addDevice('13900000201', 'jt808');
    const across = await addFence(
      {
        type: 'Polygon',
        coordinates: [
          [
            [-0.1, 51.5],
            [0.1, 51.5],
            [0.1, 51.6],
            [-0.1, 51.5],
          ],
        ],
      },
      'polygon',
    );
    await db().insert(fenceDevices).values({ fenceId: across, devicePk: pk });
    expect(await push.pushFence(across, [pk], userId)).toBe(0);
    expect(await push.removeFence(across, [pk], userId)).toBe(0);
    expect(await push.pushFence(across, [], userId)).toBe(0);
    expect(await commandsOf(pk)).toEqual([]);
  });

  it('pushes a road as a route: id + 0x40000000, half its width a side, each segment its limit', async () => {
    const pk = await addDevice('13900000301', 'jt808');
    const [road] = await db()
      .insert(roads)
      .values({
        holdId,
        name: 'Ring',
        geometry: {
          type: 'LineString',
          coordinates: [
            [121.47, 31.23],
            [121.474, 31.231],
            [121.476, 31.232],
          ],
        },
        minLng: 0,
        minLat: 0,
        maxLng: 0,
        maxLat: 0,
        width: 50,
        speedLimit: 80,
        segmentLimits: [60, null],
        triggerAlarm: false,
      })
      .returning({ id: roads.id });
    const roadId = road!.id;
    await db().insert(roadDevices).values({ roadId, devicePk: pk });
    expect(await push.removeRoad(roadId, [pk], userId)).toBe(0); // never pushed
    expect(await push.repushRoad(roadId, userId)).toBe(0);
    expect(await push.pushRoad(roadId, [pk], userId)).toBe(1);
    const [set] = await commandsOf(pk);
    expect(set?.payload).toEqual({
      area: 'route',
      id: roadId + ROAD_AREA_ID_BASE,
      attributes: 0b10_0000, // leaving, to the platform only (no TriggerAlarm)
      name: 'Ring',
      points: [
        { at: [121_470_000, 31_230_000], width: 25, speedLimit: 60, overspeedSeconds: 10 },
        { at: [121_474_000, 31_231_000], width: 25, speedLimit: 80, overspeedSeconds: 10 },
        { at: [121_476_000, 31_232_000], width: 25 },
      ],
    });
    const [binding] = await db().select().from(roadDevices).where(eq(roadDevices.roadId, roadId));
    expect(binding?.commandId).toBe(set!.id);
    expect(await push.repushRoad(roadId, userId)).toBe(1);
    expect(await push.removeRoad(roadId, [pk], userId)).toBe(1);
    expect((await commandsOf(pk)).at(-1)?.payload).toEqual({ area: 'route', ids: [roadId + ROAD_AREA_ID_BASE] });
  });

  it('a simulated JT/T 808 terminal on real TCP receives the fence and its 0x0001 acknowledges the push', async () => {
    const [sim808] = deviceIds(1, { jt808: 1 }, 900);
    const pk = await addDevice(sim808!.deviceId, 'jt808');
    const fenceId = await addFence(triangle, 'polygon');
    await db().insert(fenceDevices).values({ fenceId, devicePk: pk });
    const gateway: GatewayHandle = await startGateway({
      host: '127.0.0.1',
      listenOnFreePorts: true,
      ports: { teltonika: 0 },
      udp: [],
      sink: t.ingest.writer,
      directory: t.ingest.directory,
      commands: t.ingest.commands,
    });
    notify = (id) => {
      gateway.notifyCommand(id);
    };
    const sim = startSimulator({
      host: '127.0.0.1',
      ports: { jt808: gateway.ports.jt808 },
      devices: 1,
      protocolMix: { jt808: 1 },
      idOffset: 900,
      intervalMs: 500,
    });
    try {
      expect(await push.pushFence(fenceId, [pk], userId)).toBe(1);
      const commandId = await fenceCommandId(fenceId, pk);
      let status = '';
      for (let waited = 0; waited < 10_000 && status !== 'acknowledged'; waited += 100) {
        await new Promise((r) => setTimeout(r, 100));
        [{ status = '' } = { status: '' }] = await db()
          .select({ status: commands.status })
          .from(commands)
          .where(eq(commands.id, commandId!));
      }
      expect(status).toBe('acknowledged');
    } finally {
      await sim.close();
      await gateway.close();
    }
  });
});

describe.each(dbTargets())('Fence/BindDevices with Push on $name PostgreSQL', (target) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof zoneWorld>>;
  const TERMINAL = '13900000501';
  beforeAll(async () => {
    t = await startTestApp(target);
    w = await zoneWorld(t);
    const r = await t.call('POST', 'Device/AddDevice', {
      token: w.token,
      body: { DeviceID: TERMINAL, Protocol: 'jt808', HoldID: w.child.id },
    });
    expect(r.code, r.msg).toBe(200);
    await w.q(`UPDATE devices SET vip_expires_at = current_date + 365, model = $1 WHERE device_id = $2`, [
      FULL_MODEL,
      TERMINAL,
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });
  const call = <T = unknown>(path: string, body: object) =>
    t.call<T>('POST', path, { token: w.token, body, lang: 'en' });

  it('queues the fence for the JT/T 808 terminal only, shows its status, and deletes it on unbind', async () => {
    const added = await call<{ FenceID: number }>('Fence/AddFence', {
      HoldID: w.child.id,
      FenceName: 'Depot',
      Geometry: SQUARE,
      RecordType: 'both',
      TriggerAlarm: true,
    });
    expect(added.code, added.msg).toBe(200);
    const FenceID = added.data.FenceID;
    const bound = await call<BindResult>('Fence/BindDevices', { FenceID, DeviceIDs: [TERMINAL, DEV.full], Push: true });
    expect(bound.code, bound.msg).toBe(200);
    expect(bound.data).toMatchObject({ Bound: 2, Pushed: 1 });
    const detail = await call<FenceDetail>('Fence/GetFence', { FenceID });
    const status = Object.fromEntries(detail.data.Devices.map((d) => [d.DeviceID, d.PushStatus]));
    expect(status).toEqual({ [TERMINAL]: 'queued', [DEV.full]: null });
    const queued = async () =>
      (
        await w.q(
          `SELECT c.type, c.payload FROM commands c JOIN devices d ON d.id = c.device_pk
            WHERE d.device_id = $1 ORDER BY c.id`,
          [TERMINAL],
        )
      ).rows;
    expect((await queued()).map((c) => [c.type, c.payload.area, c.payload.id])).toEqual([
      ['zoneSet', 'rectangle', FenceID],
    ]);

    const unbound = await call('Fence/UnbindDevices', { FenceID, DeviceIDs: [TERMINAL, DEV.full] });
    expect(unbound.code, unbound.msg).toBe(200);
    expect((await queued()).at(-1)).toEqual({ type: 'zoneDelete', payload: { area: 'rectangle', ids: [FenceID] } });
  });
});
