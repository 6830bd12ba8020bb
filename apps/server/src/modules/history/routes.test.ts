import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { CompactTrack, Position, TrackPoint } from '@lodestar/contract/history';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { DEFAULT_APP_ID, decodeCompactTrack } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { expectRefusedLikeMissing } from '../../test/refused.ts';
import { B_DEVICE, DAY_MS, FREE_DEVICE, historyFixture, inZone, shanghai, VIP_DEVICE } from './fixtures.ts';

afterAll(stopTestServers);

describe.each(dbTargets())('History/GetTrack and GetPosition on $name PostgreSQL', (target) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof historyFixture>>;
  const track = <T>(body: Record<string, unknown>, token = f.user.token) =>
    t.call<T>('POST', 'History/GetTrack', { token, body });

  beforeAll(async () => {
    t = await startTestApp(target, { TRACK_ROLLUP: '0' });
    f = await historyFixture(t);
  });
  afterAll(() => t?.close());

  it('answers the compact form decoding to the same points as the objects form', async () => {
    const body = { DeviceID: VIP_DEVICE, StartTime: shanghai(f.end - 3 * DAY_MS), EndTime: shanghai(f.end) };
    const objects = await track<TrackPoint[]>(body);
    const compact = await track<CompactTrack>({ ...body, Format: 'compact' });
    expect(objects.code).toBe(200);
    expect(compact.code).toBe(200);
    const points = objects.data;
    expect(points.length).toBe(3 * 24 * 60 + 1);
    const c = decodeCompactTrack(compact.data);
    expect(compact.data.Count).toBe(points.length);
    expect(c.time.length).toBe(points.length);
    expect(compact.data.Alarms.length).toBeGreaterThan(0);
    expect(compact.data.Invalid.length).toBeGreaterThan(0);
    points.forEach((p, i) => {
      expect(shanghai(c.time[i]!)).toBe(p.GpsTime);
      expect(c.lat[i]).toBe(Math.round(p.Lat * 1e6) / 1e6);
      expect(c.lng[i]).toBe(Math.round(p.Lng * 1e6) / 1e6);
      expect(c.speed[i]).toBe(Math.round(p.Speed * 10) / 10);
      expect(c.course[i]).toBe(p.Course);
      expect(c.valid[i] === 1).toBe(p.Valid);
      expect(c.alarms.get(i) ?? []).toEqual(p.Alarms);
    });
  });

  it('compresses for a client that accepts br or gzip, and not for one that does not', async () => {
    const body = {
      DeviceID: VIP_DEVICE,
      StartTime: shanghai(f.end - DAY_MS),
      EndTime: shanghai(f.end),
      Format: 'compact',
    };
    const send = (encoding?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/API/api/History/GetTrack',
        query: { format: 'json', appid: DEFAULT_APP_ID },
        headers: { authorization: f.user.token, ...(encoding ? { 'accept-encoding': encoding } : {}) },
        payload: body,
      });
    const plain = await send();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    const br = await send('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await send('gzip;q=1, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('reads the period in the caller’s time zone', async () => {
    const start = f.end - 2 * DAY_MS;
    const stop = start + 3_600_000;
    const asked = (zone: string) => ({
      DeviceID: VIP_DEVICE,
      StartTime: inZone(start, zone),
      EndTime: inZone(stop, zone),
      Format: 'compact',
    });
    const sh = await track<CompactTrack>(asked('Asia/Shanghai'));
    const ny = await track<CompactTrack>(asked('America/New_York'), f.newYork.token);
    for (const r of [sh, ny]) {
      const d = decodeCompactTrack(r.data);
      expect(d.time[0]).toBe(start);
      expect(d.time.at(-1)).toBe(stop);
    }
    // The same wall-clock text means another instant in New York.
    const nyText = await track<TrackPoint[]>({ ...asked('Asia/Shanghai'), Format: 'objects' }, f.newYork.token);
    expect(nyText.data[0]!.GpsTime).toBe(inZone(start, 'Asia/Shanghai'));
    expect(nyText.data.length).toBe(61);
  });

  it('refuses a period over 30 days, older than 7 days without VIP, older than 90 with it', async () => {
    const long = await track({
      DeviceID: VIP_DEVICE,
      StartTime: shanghai(f.end - 31 * DAY_MS),
      EndTime: shanghai(f.end),
    });
    expect({ code: long.code, msg: long.msg }).toEqual({ code: 400, msg: expect.stringMatching(/30/) });
    const free = await track({
      DeviceID: FREE_DEVICE,
      StartTime: shanghai(f.end - 8 * DAY_MS),
      EndTime: shanghai(f.end - 7 * DAY_MS),
      Format: 'compact',
    });
    expect({ code: free.code, msg: free.msg }).toEqual({ code: 400, msg: expect.stringMatching(/VIP/) });
    const freeRecent = await track<TrackPoint[]>({
      DeviceID: FREE_DEVICE,
      StartTime: shanghai(f.end - 6 * DAY_MS),
      EndTime: shanghai(f.end - 5 * DAY_MS),
    });
    expect(freeRecent.data.length).toBe(24 * 60 + 1);
    const vip = await track<TrackPoint[]>({
      DeviceID: VIP_DEVICE,
      StartTime: shanghai(f.end - 35 * DAY_MS),
      EndTime: shanghai(f.end - 34 * DAY_MS),
    });
    expect(vip.data.length).toBe(24 * 60 + 1);
    const tooOld = await track({
      DeviceID: VIP_DEVICE,
      StartTime: shanghai(f.end - 91 * DAY_MS),
      EndTime: shanghai(f.end - 90 * DAY_MS),
    });
    expect(tooOld.code).toBe(400);
    const bad = await track({ DeviceID: VIP_DEVICE, StartTime: 'yesterday', EndTime: shanghai(f.end) });
    expect({ code: bad.code, msg: bad.msg }).toEqual({ code: 400, msg: expect.stringMatching(/StartTime/) });
    const format = await track({
      DeviceID: VIP_DEVICE,
      StartTime: shanghai(f.end - 60_000),
      EndTime: shanghai(f.end),
      Format: 'x',
    });
    expect({ code: format.code, msg: format.msg }).toEqual({ code: 400, msg: expect.stringMatching(/Format/) });
  });

  it('answers a clicked point’s whole record, and null where there is none', async () => {
    const at = f.end - DAY_MS;
    const r = await t.call<Position>('POST', 'History/GetPosition', {
      token: f.user.token,
      body: { DeviceID: VIP_DEVICE, GpsTime: shanghai(at) },
    });
    expect(r.code).toBe(200);
    const k = (f.end - at) / 60_000;
    expect(r.data).toEqual({
      GpsTime: shanghai(at),
      ReceiveTime: shanghai(at + 2000),
      Lat: expect.any(Number),
      Lng: expect.any(Number),
      Speed: (k % 90) + 0.25,
      Course: (k * 7) % 360,
      Altitude: k % 2 === 0 ? 12.5 : null,
      Satellites: 8 + (k % 5),
      Valid: k % 17 !== 0,
      Alarms: k % 500 === 0 ? ['overspeed'] : [],
      Attributes: { ignition: k % 3 !== 0, odometer: k * 100 },
    });
    const none = await t.call('POST', 'History/GetPosition', {
      token: f.user.token,
      body: { DeviceID: VIP_DEVICE, GpsTime: shanghai(at + 30_000) },
    });
    expect({ code: none.code, data: none.data }).toEqual({ code: 200, data: null });
    const old = await t.call('POST', 'History/GetPosition', {
      token: f.user.token,
      body: { DeviceID: FREE_DEVICE, GpsTime: shanghai(f.end - 8 * DAY_MS) },
    });
    expect(old.code).toBe(400);
  });

  it('refuses a caller without playback or track query, and another hold’s device like a missing one', async () => {
    const period = { StartTime: shanghai(f.end - 3_600_000), EndTime: shanghai(f.end) };
    for (const path of ['History/GetTrack', 'History/GetPosition']) {
      const r = await t.call('POST', path, {
        token: f.noPlayback.token,
        body: { DeviceID: VIP_DEVICE, ...period, GpsTime: period.EndTime },
      });
      expect({ path, code: r.code }).toEqual({ path, code: 403 });
    }
    await expectRefusedLikeMissing(
      (path, body) => t.call('POST', path, { token: f.user.token, body }),
      [
        ['History/GetTrack', { DeviceID: B_DEVICE, ...period }, { DeviceID: '869999999999999', ...period }],
        [
          'History/GetTrack',
          { DeviceID: B_DEVICE, ...period, Format: 'compact' },
          { DeviceID: '869999999999999', ...period, Format: 'compact' },
        ],
        [
          'History/GetPosition',
          { DeviceID: B_DEVICE, GpsTime: period.EndTime },
          { DeviceID: '869999999999999', GpsTime: period.EndTime },
        ],
      ],
    );
    const own = await track<TrackPoint[]>({ DeviceID: B_DEVICE, ...period }, f.other.token);
    expect(own.data.length).toBe(61);
  });
});
