import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { applyMigrations, poolFor, schema, startEmbedded } from '@lodestar/db';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';

export interface BenchDb {
  name: string;
  url: string;
  pool: pg.Pool;
  version: string;
  close(): Promise<void>;
}

/** A fresh, migrated database on the embedded server or on an external one. */
export async function benchDatabase(target: 'embedded' | 'external'): Promise<BenchDb> {
  let adminUrl: string;
  let stopServer = async () => {};
  let dir: string | undefined;
  if (target === 'embedded') {
    dir = await mkdtemp(path.join(tmpdir(), 'lodestar-bench-'));
    const server = await startEmbedded(dir);
    adminUrl = server.url;
    stopServer = server.stop;
  } else adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `lodestar_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const version = (await admin.query('SHOW server_version')).rows[0].server_version as string;
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const pool = poolFor(url, 20);
  await applyMigrations(drizzle(pool, { schema }));
  return {
    name: target,
    url,
    pool,
    version,
    async close() {
      await pool.end();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      await stopServer();
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Registers `ids` as devices of one hold, in one statement. */
export async function registerDevices(pool: pg.Pool, ids: { deviceId: string; protocol: string }[]): Promise<number> {
  const { rows } = await pool.query(`INSERT INTO holds (name, hold_type, path) VALUES ('bench', 2, '/') RETURNING id`);
  const holdId = rows[0].id as number;
  await pool.query('UPDATE holds SET path = $1 WHERE id = $2', [`/${holdId}/`, holdId]);
  await pool.query(
    `INSERT INTO devices (device_id, protocol, hold_id, name)
     SELECT d, p, $3, d FROM unnest($1::text[], $2::text[]) AS u(d, p)`,
    [ids.map((i) => i.deviceId), ids.map((i) => i.protocol), holdId],
  );
  return holdId;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
