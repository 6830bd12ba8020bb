import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { PositionRow } from '../apps/server/src/ingest/plan.ts';

/** The database's own limit for these rows: COPY, the fastest way PostgreSQL takes rows in. */
export async function copyPositions(pool: pg.Pool, rows: PositionRow[]): Promise<number> {
  const client = await pool.connect();
  const started = performance.now();
  try {
    const stream = client.query(
      copyFrom(
        'COPY positions (device_pk, fix_time, server_time, valid, lat, lon, speed, course, satellites, attributes) FROM STDIN',
      ),
    );
    const lines = function* () {
      for (const r of rows) {
        yield `${r.device_pk}\t${r.fix_time}\t${r.server_time}\t${r.valid ? 't' : 'f'}\t${r.lat}\t${r.lon}\t${r.speed}\t${r.course}\t${r.satellites ?? '\\N'}\t${JSON.stringify(r.attributes)}\n`;
      }
    };
    await pipeline(Readable.from(lines()), stream);
  } finally {
    client.release();
  }
  return rows.length / ((performance.now() - started) / 1000);
}
