import { randomBytes } from 'node:crypto';
import { DEFAULT_APP_ID, vinCheckDigit } from '@lodestar/domain';
import type { TestApp } from '../../test/harness.ts';

/** A Chinese VIN with its check digit set right. */
export const vin = (body17: string) => `${body17.slice(0, 8)}${vinCheckDigit(body17)}${body17.slice(9)}`;

/** A JPEG's first bytes padded to `size`: the server knows a JPEG by its bytes only. */
export const jpeg = (size = 2048) => {
  const b = Buffer.alloc(size, 0x20);
  b.set([0xff, 0xd8, 0xff, 0xe0]);
  return b;
};
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(512)]);

/** Task/UploadPhoto as a browser sends it: the fields, then `file` (and `thumb`). */
export async function uploadPhoto(
  t: TestApp,
  token: string,
  fields: Record<string, string | number>,
  file: Buffer,
  thumb?: Buffer,
) {
  const boundary = `----inst${randomBytes(6).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  const filePart = (name: string, bytes: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.jpg"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      ),
      bytes,
      Buffer.from('\r\n'),
    ]);
  parts.push(filePart('file', file));
  if (thumb) parts.push(filePart('thumb', thumb));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const res = await t.app.inject({
    method: 'POST',
    url: '/API/api/Task/UploadPhoto',
    query: { format: 'json', appid: DEFAULT_APP_ID },
    headers: {
      authorization: token,
      'accept-language': 'en',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat(parts),
  });
  return res.json() as { code: number; errCode: number; msg: string; data: { PhotoID: number } };
}

/** A valid fix of a device now (positions and its latest state), as the ingest would write it. */
export async function reportFix(t: TestApp, deviceId: string, at = new Date()) {
  const { rows } = await t.database.pool.query('SELECT id FROM devices WHERE device_id = $1', [deviceId]);
  const pk = rows[0].id as number;
  await t.database.pool.query(
    `INSERT INTO positions (device_pk, fix_time, server_time, valid, lat, lon, speed, course)
     VALUES ($1, $2, $2, true, 31.23, 121.47, 0, 0)`,
    [pk, at],
  );
  await t.database.pool.query(
    `INSERT INTO device_states (device_pk, fix_time, receive_time, last_seen, valid, lat, lon, speed)
     VALUES ($1, $2, $2, $2, true, 31.23, 121.47, 0)
     ON CONFLICT (device_pk) DO UPDATE SET fix_time = $2, last_seen = $2, lat = 31.23, lon = 121.47`,
    [pk, at],
  );
}
