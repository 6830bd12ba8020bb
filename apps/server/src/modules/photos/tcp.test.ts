import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { DEFAULT_APP_ID, Fn } from '@lodestar/domain';
import { startGateway } from '@lodestar/gateway';
import { deviceIds, startSimulator } from '@lodestar/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgPhotoSink } from '../../ingest/photo-sink.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

afterAll(stopTestServers);

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    const v = await probe();
    if (v !== undefined) return v;
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.each(dbTargets())('a photo over real TCP on $name PostgreSQL', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t?.close());

  it('take photo → 0x8801 → upload with a lost packet → 0x8800 asks again → file, row, list and the same bytes', async () => {
    const [sim] = deviceIds(1, { jt808: 1 }, 700);
    const deviceId = sim!.deviceId;
    const hold = await t.buildHold('Camera fleet');
    const { token } = await t.buildUser(hold, [Fn.deviceManage, Fn.targetImage, Fn.photos]);
    expect(
      (
        await t.call('POST', 'Device/AddDevice', {
          token,
          body: { DeviceID: deviceId, Protocol: 'jt808', HoldID: hold.id },
        })
      ).code,
    ).toBe(200);
    await t.database.pool.query(`UPDATE devices SET vip_expires_at = DATE '2099-12-31'`);
    // Queued while the terminal is offline: the gateway sends it when the terminal logs in.
    const taken = await t.call<{ CommandID: number }>('POST', 'Photo/TakePhoto', {
      token,
      body: { DeviceID: deviceId, Channel: 3, Count: 1, Interval: 0, Resolution: 2, Quality: 5 },
    });
    expect(taken.code).toBe(200);

    const gateway = await startGateway({
      host: '127.0.0.1',
      listenOnFreePorts: true,
      ports: { gt06: 0, h02: 0, osmand: 0, teltonika: 0 },
      udp: [],
      sink: t.ingest.writer,
      directory: t.ingest.directory,
      commands: t.ingest.commands,
      photos: new PgPhotoSink(t.database.pool, t.ingest.cache, t.dataDir),
      media: { resendAfterMs: 1000 },
    });
    const stored: Buffer[] = [];
    const simulator = startSimulator({
      host: '127.0.0.1',
      ports: { jt808: gateway.ports.jt808 },
      devices: 1,
      protocolMix: { jt808: 1 },
      idOffset: 700,
      intervalMs: 1000,
      camera: { photoBytes: 30 * 1024, dropPacket: 7, onStored: (p) => stored.push(p.bytes) },
    });
    try {
      const row = await until('the photo row', async () => {
        const { rows } = await t.database.pool.query('SELECT * FROM photos');
        return rows[0];
      });
      // The terminal heard the empty 0x8800 only after the row committed.
      await until('the terminal to hear all arrived', async () => (stored.length === 1 ? true : undefined));
      expect(gateway.stats()).toMatchObject({
        photosStored: 1,
        mediaResendRequests: 1,
        photosDropped: 0,
        mediaBytes: 0,
      });
      expect(row).toMatchObject({ channel: 3, event: 0, size: 30 * 1024, command_id: taken.data.CommandID });
      const onDisk = await readFile(path.resolve(t.dataDir, row.path));
      expect(onDisk.equals(stored[0] as Buffer)).toBe(true);

      const list = await t.call<{ Rows: { PhotoID: number; Channel: number; Size: number }[] }>(
        'POST',
        'Photo/GetPhotoList',
        { token, body: { StartTime: '2000-01-01 00:00:00', EndTime: '2099-01-01 00:00:00', DeviceID: deviceId } },
      );
      expect(list.data.Rows).toMatchObject([{ PhotoID: row.id, Channel: 3, Size: 30 * 1024 }]);
      const got = await t.app.inject({
        method: 'GET',
        url: '/API/api/Photo/GetPhoto',
        query: { appid: DEFAULT_APP_ID, PhotoID: String(row.id) },
        headers: { authorization: token },
      });
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(stored[0] as Buffer)).toBe(true);
    } finally {
      await simulator.close();
      await gateway.close();
    }
  }, 40_000);
});
