import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { PhotoSink, StoredPhoto } from '@lodestar/gateway';
import type pg from 'pg';
import type { DeviceCache } from './device-cache.ts';

/** A shot the terminal took on a platform command (0x0800 event 0) answers the newest 'photo' command this recent. */
const COMMAND_WINDOW = '1 day';

/**
 * The gateway's PhotoSink on PostgreSQL and DATA_DIR: the JPEG goes to `<dataDir>/photos/<holdId>/<yyyy-mm>/<id>.jpg`
 * (flushed to disk) before its row is inserted, so a row never names a file that is not there; the gateway answers
 * the terminal only after both. A failed insert removes the file again.
 */
export class PgPhotoSink implements PhotoSink {
  constructor(
    private readonly pool: pg.Pool,
    private readonly cache: DeviceCache,
    private readonly dataDir: string,
  ) {}

  async store(p: StoredPhoto): Promise<void> {
    const device = await this.cache.get(p.deviceId);
    if (!device) throw new Error(`photo from unregistered device ${p.deviceId}`);
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT nextval(pg_get_serial_sequence('photos', 'id')) AS id`,
    );
    const id = Number(rows[0]?.id);
    const month = p.at.toISOString().slice(0, 7);
    const relative = path.join('photos', String(device.holdId), month, `${id}.jpg`);
    const full = path.resolve(this.dataDir, relative);
    await mkdir(path.dirname(full), { recursive: true });
    const file = await open(full, 'wx');
    try {
      await file.writeFile(p.bytes);
      await file.sync();
    } finally {
      await file.close();
    }
    try {
      await this.pool.query(
        `INSERT INTO photos (id, device_pk, hold_id, channel, event, multimedia_id, taken_at, lat, lng, size, path, command_id)
         VALUES ($1, $2, $3, $4, $5::smallint, $6, $7, $8, $9, $10, $11,
           CASE WHEN $5::smallint = 0 THEN (SELECT c.id FROM commands c WHERE c.device_pk = $2 AND c.type = 'photo'
             AND c.created_at >= now() - interval '${COMMAND_WINDOW}' ORDER BY c.created_at DESC LIMIT 1) END)`,
        [
          id,
          device.pk,
          device.holdId,
          p.channel,
          p.event,
          p.multimediaId,
          p.at,
          p.lat,
          p.lng,
          p.bytes.length,
          relative,
        ],
      );
    } catch (err) {
      await rm(full, { force: true });
      throw err;
    }
  }
}
