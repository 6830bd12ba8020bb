import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { DEFAULT_APP_ID, ErrCode, Fn, PHOTO_LIST_MAX } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgPhotoSink } from '../../ingest/photo-sink.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

afterAll(stopTestServers);

const jpeg = (n: number) => {
  const b = Buffer.alloc(n, n & 0xff);
  b.writeUInt16BE(0xffd8, 0);
  b.writeUInt16BE(0xffd9, n - 2);
  return b;
};

describe.each(dbTargets())('photos on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token: string;
  let viewer: string;
  let lesser: string;
  let other: string;
  let sink: PgPhotoSink;
  const A = '013912340001';
  const A_VIP_GONE = '013912340002';
  const A_GT06 = '869000000000101';
  const B = '013912340009';
  beforeAll(async () => {
    t = await startTestApp(target);
    const hold = await t.buildHold('Photo fleet');
    const holdB = await t.buildHold('Other fleet');
    token = (await t.buildUser(hold, [Fn.deviceManage, Fn.targetImage, Fn.photos])).token;
    viewer = (await t.buildUser(hold, [Fn.photos])).token;
    lesser = (await t.buildUser(hold, [Fn.deviceManage])).token;
    other = (await t.buildUser(holdB, [Fn.deviceManage, Fn.targetImage, Fn.sendCommand, Fn.photos])).token;
    for (const [DeviceID, Protocol, h, tok] of [
      [A, 'jt808', hold, token],
      [A_VIP_GONE, 'jt808', hold, token],
      [A_GT06, 'gt06', hold, token],
      [B, 'jt808', holdB, other],
    ] as const) {
      const r = await t.call('POST', 'Device/AddDevice', { token: tok, body: { DeviceID, Protocol, HoldID: h.id } });
      expect(r.code).toBe(200);
    }
    await t.database.pool.query(
      `UPDATE devices SET vip_expires_at = CASE WHEN device_id LIKE '%0002' THEN DATE '2020-01-01' ELSE DATE '2099-12-31' END`,
    );
  });
  afterAll(() => t.close());

  // The JPEG, with the token in the header as the console's fetch sends it (Download/GetFile alike).
  const getPhoto = (tok: string, id: number) =>
    t.app.inject({
      method: 'GET',
      url: '/API/api/Photo/GetPhoto',
      query: { format: 'json', appid: DEFAULT_APP_ID, PhotoID: String(id) },
      headers: { authorization: tok },
    });
  const take = (tok: string, DeviceID: string, extra: Record<string, unknown> = {}) =>
    t.call<{ CommandID: number }>('POST', 'Photo/TakePhoto', {
      token: tok,
      body: { DeviceID, Channel: 1, Count: 2, Interval: 5, Resolution: 2, Quality: 5, ...extra },
    });

  it('queues the catalogue photo command on a VIP JT/T 808 device, with the parameters as the catalogue names them', async () => {
    const r = await take(token, A);
    expect(r.code).toBe(200);
    const { rows } = await t.database.pool.query('SELECT type, payload, status FROM commands WHERE id = $1', [
      r.data.CommandID,
    ]);
    expect(rows[0]).toEqual({
      type: 'photo',
      status: 'queued',
      payload: { params: { channel: 1, count: 2, intervalSeconds: 5, resolution: 2, quality: 5 } },
    });
  });

  it('refuses a device whose VIP expired, a protocol without a camera command, bad ranges, a lesser role', async () => {
    const vip = await take(token, A_VIP_GONE, {});
    expect([vip.code, vip.errCode]).toEqual([400, ErrCode.VipExpired]); // the VIP gate's reply (lib/vip-gate.ts)
    expect(vip.msg).toBe(`设备VIP已过期: ${A_VIP_GONE.replace(/^0/, '')}`); // spec section 8's text (zh by default)
    const gt06 = await take(token, A_GT06);
    expect(gt06.code).toBe(400);
    for (const [field, value] of [
      ['Channel', 0],
      ['Channel', 256],
      ['Count', 65536],
      ['Interval', -1],
      ['Resolution', 9],
      ['Quality', 11],
    ] as const) {
      const r = await take(token, A, { [field]: value });
      expect({ field, code: r.code }).toEqual({ field, code: 400 });
      expect(r.msg).toContain(field);
    }
    expect((await take(token, A, { Channel: 255, Count: 65535, Interval: 65535, Quality: 10 })).code).toBe(200);
    const denied = await take(lesser, A);
    expect({ code: denied.code, errCode: denied.errCode }).toEqual({ code: 403, errCode: ErrCode.NoFunction });
    expect((await take(viewer, A)).code).toBe(403);
  });

  it('stores an upload as file then row, lists it newest first and serves the same bytes; tenancy holds', async () => {
    sink = new PgPhotoSink(t.database.pool, t.ingest.cache, t.dataDir);
    const bytes = jpeg(5000);
    await sink.store({
      deviceId: '13912340001',
      multimediaId: 4_000_000_000,
      channel: 2,
      event: 0,
      at: new Date('2026-11-20T02:00:00Z'),
      lat: 31.2,
      lng: 121.5,
      bytes,
    });
    const { rows } = await t.database.pool.query('SELECT * FROM photos');
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row.path).toBe(path.join('photos', String(row.hold_id), '2026-11', `${row.id}.jpg`));
    expect(row.command_id).not.toBeNull(); // the photo command queued above
    expect(Number(row.multimedia_id)).toBe(4_000_000_000);
    expect((await readFile(path.resolve(t.dataDir, row.path))).equals(bytes)).toBe(true);

    const list = await t.call<{ Rows: Record<string, unknown>[]; More: boolean }>('POST', 'Photo/GetPhotoList', {
      token: viewer,
      body: { StartTime: '2026-11-20 00:00:00', EndTime: '2026-11-21 00:00:00' },
    });
    expect(list.code).toBe(200);
    expect(list.data.More).toBe(false);
    expect(list.data.Rows).toEqual([
      {
        PhotoID: row.id,
        DeviceID: '13912340001', // stored as the terminal's header gives it
        DeviceName: expect.any(String),
        Plate: null,
        Channel: 2,
        Time: '2026-11-20 10:00:00',
        Lat: 31.2,
        Lng: 121.5,
        Size: 5000,
        Event: 0,
      },
    ]);
    for (const filter of [{ Channel: 3 }, { DeviceID: A_GT06 }, { StartTime: '2026-11-20 10:00:01' }]) {
      const r = await t.call<{ Rows: unknown[] }>('POST', 'Photo/GetPhotoList', {
        token: viewer,
        body: { StartTime: '2026-11-20 00:00:00', EndTime: '2026-11-21 00:00:00', ...filter },
      });
      expect(r.data.Rows).toEqual([]);
    }
    const got = await getPhoto(viewer, row.id);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.rawPayload.equals(bytes)).toBe(true);

    // Another hold: its PhotoID, DeviceID and HoldID answer like missing ones.
    const theirs = (await getPhoto(other, row.id)).json();
    expect({ code: theirs.code, errCode: theirs.errCode }).toEqual({ code: 403, errCode: ErrCode.OutsideHold });
    const missing = (await getPhoto(viewer, 999_999)).json();
    expect({ code: missing.code, errCode: missing.errCode }).toEqual({ code: 403, errCode: ErrCode.OutsideHold });
    const noPhotoFn = (await getPhoto(lesser, row.id)).json();
    expect({ code: noPhotoFn.code, errCode: noPhotoFn.errCode }).toEqual({ code: 403, errCode: ErrCode.NoFunction });
    expect((await getPhoto(viewer, 'x' as unknown as number)).json().code).toBe(400);
    const theirList = await t.call<{ Rows: unknown[] }>('POST', 'Photo/GetPhotoList', {
      token: other,
      body: { StartTime: '2026-11-20 00:00:00', EndTime: '2026-11-21 00:00:00' },
    });
    expect(theirList.data.Rows).toEqual([]);
    const byDevice = await t.call('POST', 'Photo/GetPhotoList', {
      token: other,
      body: { DeviceID: A, StartTime: '2026-11-20 00:00:00', EndTime: '2026-11-21 00:00:00' },
    });
    expect({ code: byDevice.code, errCode: byDevice.errCode }).toEqual({ code: 403, errCode: ErrCode.OutsideHold });
    const takeTheirs = await take(token, B);
    expect({ code: takeTheirs.code, errCode: takeTheirs.errCode }).toEqual({ code: 403, errCode: ErrCode.OutsideHold });
    const byHold = await t.call('POST', 'Photo/GetPhotoList', {
      token: other,
      body: { HoldID: row.hold_id, StartTime: '2026-11-20 00:00:00', EndTime: '2026-11-21 00:00:00' },
    });
    expect({ code: byHold.code, errCode: byHold.errCode }).toEqual({ code: 403, errCode: ErrCode.OutsideHold });
    const noFn = await t.call('POST', 'Photo/GetPhotoList', {
      token: lesser,
      body: { StartTime: '2026-11-20 00:00:00', EndTime: '2026-11-21 00:00:00' },
    });
    expect({ code: noFn.code, errCode: noFn.errCode }).toEqual({ code: 403, errCode: ErrCode.NoFunction });
    const bad = await t.call('POST', 'Photo/GetPhotoList', {
      token: viewer,
      body: { StartTime: 'yesterday', EndTime: '' },
    });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('StartTime');
  });

  it(`answers the newest ${PHOTO_LIST_MAX} and says there were more`, async () => {
    await t.database.pool.query(
      `INSERT INTO photos (device_pk, hold_id, channel, event, multimedia_id, taken_at, size, path)
       SELECT d.id, d.hold_id, 1, 1, n, TIMESTAMPTZ '2026-11-10 00:00:00Z' + n * interval '1 minute', 10, 'photos/x.jpg'
       FROM devices d, generate_series(1, ${PHOTO_LIST_MAX + 1}) n WHERE d.device_id = '13912340001'`,
    );
    const body = { StartTime: '2026-11-10 00:00:00', EndTime: '2026-11-11 00:00:00' };
    const r = await t.call<{ Rows: { Time: string }[]; More: boolean }>('POST', 'Photo/GetPhotoList', {
      token: viewer,
      body,
    });
    expect(r.data.Rows).toHaveLength(PHOTO_LIST_MAX);
    expect(r.data.More).toBe(true);
    expect(r.data.Rows[0]?.Time).toBe('2026-11-10 13:01:00');
    const exact = await t.call<{ Rows: unknown[]; More: boolean }>('POST', 'Photo/GetPhotoList', {
      token: viewer,
      body: { ...body, StartTime: '2026-11-10 08:02:00' },
    });
    expect(exact.data).toMatchObject({ More: false });
    expect(exact.data.Rows).toHaveLength(PHOTO_LIST_MAX);
  });
});
