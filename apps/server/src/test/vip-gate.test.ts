import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInZone } from '../lib/time.ts';
import { ROUTE, SQUARE } from '../modules/zones/test-fixtures.ts';
import { startTestApp, type TestApp } from './harness.ts';

afterAll(stopTestServers);

const DAY_MS = 86_400_000;
const shanghai = (ms: number) => formatInZone(new Date(ms), 'Asia/Shanghai');

/**
 * The VIP gate (lib/vip-gate.ts) behind every VIP-only call of spec section 6: each refuses a device whose VIP
 * lapsed with the same reply (400, ErrCode.VipExpired, "Device VIP expired: <id>"), and lets it through once the
 * expiry is moved ahead.
 */
describe.each(dbTargets())('the VIP gate on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token: string;
  let fenceId: number;
  let roadId: number;
  const DEVICE = '139123400021';
  const photo = { Channel: 1, Count: 1, Interval: 0, Resolution: 2, Quality: 5 };
  const call = (path: string, body: object) => t.call('POST', path, { token, body, lang: 'en' });

  /** Every VIP-only call on DEVICE, by name. */
  const calls = (): [string, () => ReturnType<typeof call>][] => [
    ['Photo/TakePhoto', () => call('Photo/TakePhoto', { DeviceID: DEVICE, ...photo })],
    [
      'Command/SendCommand photo',
      () =>
        call('Command/SendCommand', {
          DeviceID: DEVICE,
          Type: 'photo',
          Params: { channel: 1, count: 1, intervalSeconds: 0, resolution: 2, quality: 5 },
        }),
    ],
    [
      'Report/Run fuel',
      () =>
        call('Report/Run', {
          Type: 'fuel',
          DeviceIDs: [DEVICE],
          StartTime: shanghai(Date.now() - DAY_MS),
          EndTime: shanghai(Date.now()),
          PageIndex: 1,
          PageSize: 20,
        }),
    ],
    ['Fence/BindDevices', () => call('Fence/BindDevices', { FenceID: fenceId, DeviceIDs: [DEVICE] })],
    ['Road/BindDevices', () => call('Road/BindDevices', { RoadID: roadId, DeviceIDs: [DEVICE] })],
    [
      'History/GetTrack beyond 7 days',
      () =>
        call('History/GetTrack', {
          DeviceID: DEVICE,
          StartTime: shanghai(Date.now() - 10 * DAY_MS),
          EndTime: shanghai(Date.now() - 9 * DAY_MS),
        }),
    ],
    [
      'History/GetStops beyond 7 days',
      () =>
        call('History/GetStops', {
          DeviceID: DEVICE,
          StartTime: shanghai(Date.now() - 10 * DAY_MS),
          EndTime: shanghai(Date.now() - 9 * DAY_MS),
        }),
    ],
  ];

  beforeAll(async () => {
    t = await startTestApp(target);
    const hold = await t.buildHold('VIP fleet');
    token = (
      await t.buildUser(hold, [
        Fn.deviceManage,
        Fn.targetImage,
        Fn.sendCommand,
        Fn.geofence,
        Fn.lineProvinceManage,
        Fn.playback,
        Fn.trackQuery,
        Fn.reports,
      ])
    ).token;
    expect((await call('Device/AddDevice', { DeviceID: DEVICE, Protocol: 'jt808', HoldID: hold.id })).code).toBe(200);
    const fence = await t.call<{ FenceID: number }>('POST', 'Fence/AddFence', {
      token,
      body: { HoldID: hold.id, FenceName: 'Depot', Geometry: SQUARE, RecordType: 'both', TriggerAlarm: false },
    });
    fenceId = fence.data.FenceID;
    const road = await t.call<{ RoadID: number }>('POST', 'Road/AddRoad', {
      token,
      body: { HoldID: hold.id, RoadName: 'Ring', Geometry: ROUTE, Width: 60, TriggerAlarm: false },
    });
    roadId = road.data.RoadID;
  });
  afterAll(() => t.close());

  const setExpiry = (sql: string) =>
    t.database.pool.query(`UPDATE devices SET vip_expires_at = ${sql} WHERE device_id = $1`, [DEVICE]);

  it('refuses every VIP-only call with one reply while the VIP has lapsed (ended, or never bought)', async () => {
    for (const expiry of ['current_date - 2', 'NULL']) {
      await setExpiry(expiry);
      for (const [name, run] of calls()) {
        const r = await run();
        expect({ name, code: r.code, errCode: r.errCode }).toEqual({ name, code: 400, errCode: ErrCode.VipExpired });
        expect(r.msg, name).toMatch(new RegExp(`^Device VIP expired: ${DEVICE}`));
      }
    }
  });

  it('lets every one through once the expiry is moved ahead', async () => {
    await setExpiry('current_date + 30');
    for (const [name, run] of calls()) {
      const r = await run();
      expect({ name, code: r.code, msg: r.msg }).toEqual({ name, code: 200, msg: expect.any(String) });
    }
  });

  it('answers in the caller’s language, the same text for every call', async () => {
    await setExpiry('current_date - 2');
    const zh = await t.call('POST', 'Photo/TakePhoto', { token, body: { DeviceID: DEVICE, ...photo }, lang: 'zh' });
    expect(zh.msg).toBe(`设备VIP已过期: ${DEVICE}`);
    const fr = await t.call('POST', 'Fence/BindDevices', {
      token,
      body: { FenceID: fenceId, DeviceIDs: [DEVICE] },
      lang: 'fr',
    });
    expect(fr.msg).toBe(`VIP de l’appareil expiré: ${DEVICE}`);
  });
});
