import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { COPY_POSITIONS_BINARY, encodePositionsBinary } from '../apps/server/src/ingest/copy-binary.ts';
import type { PositionRow } from '../apps/server/src/ingest/plan.ts';

/**
 * The database's own limit for these rows: one COPY of them all in binary format, the fastest way
 * PostgreSQL takes rows in (about twice the text format's rate here), encoding time included.
 */
export async function copyPositions(pool: pg.Pool, rows: PositionRow[]): Promise<number> {
  const client = await pool.connect();
  const started = performance.now();
  try {
    const stream = client.query(copyFrom(COPY_POSITIONS_BINARY));
    await new Promise<void>((resolve, reject) => {
      stream.on('error', reject);
      stream.on('finish', resolve);
      stream.end(encodePositionsBinary(rows));
    });
  } finally {
    client.release();
  }
  return rows.length / ((performance.now() - started) / 1000);
}

/** 200,000 position rows of these devices as the writer stores them, one a second each from `from`. */
export function rawRows(pks: number[], from: number): PositionRow[] {
  const rows: PositionRow[] = [];
  for (let k = 0; rows.length < 200_000; k++)
    for (const [i, pk] of pks.entries())
      rows.push({
        device_pk: pk,
        fix_time: new Date(from + k * 1000),
        server_time: new Date(),
        valid: true,
        lat: 31.2 + i * 1e-5,
        lon: 121.4,
        speed: 40,
        course: 90,
        altitude: null,
        satellites: 9,
        alarms: [],
        attributes: { acc: true, batteryLevel: 80 },
      });
  return rows;
}
