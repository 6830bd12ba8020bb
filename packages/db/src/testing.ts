import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { applyMigrations, type Database, poolFor } from './connect.ts';
import { type EmbeddedServer, startEmbedded } from './embedded.ts';
import * as schema from './schema.ts';

/**
 * Test databases. Every database test runs against each target: the embedded PostgreSQL (always)
 * and the server at TEST_DATABASE_URL (when set; CI sets it to the machine's PostgreSQL 15).
 * Each test file gets a fresh database of its own on each target, migrated from scratch.
 */
export interface DbTarget {
  name: 'embedded' | 'external';
  /** A URL to a maintenance database on the server, where CREATE DATABASE can run. */
  adminUrl: () => Promise<string>;
}

let embedded: Promise<EmbeddedServer> | undefined;
let embeddedDir: string | undefined;

async function embeddedAdminUrl(): Promise<string> {
  if (!embedded) {
    embedded = (async () => {
      embeddedDir = await mkdtemp(path.join(tmpdir(), 'lodestar-test-pg-'));
      return startEmbedded(embeddedDir);
    })();
  }
  return (await embedded).url;
}

export async function stopTestServers(): Promise<void> {
  if (embedded) {
    await (await embedded).stop();
    embedded = undefined;
    if (embeddedDir) await rm(embeddedDir, { recursive: true, force: true });
  }
}

export function dbTargets(): DbTarget[] {
  const targets: DbTarget[] = [{ name: 'embedded', adminUrl: embeddedAdminUrl }];
  const external = process.env.TEST_DATABASE_URL;
  if (external) targets.push({ name: 'external', adminUrl: async () => external });
  else if (process.env.CI === 'true')
    throw new Error('CI=true but TEST_DATABASE_URL is not set: the external PostgreSQL tests would be skipped.');
  return targets;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Creates a fresh, migrated database on the target; `close()` drops it again. */
export async function createTestDatabase(target: DbTarget): Promise<Database & { url: string }> {
  const adminUrl = await target.adminUrl();
  const name = `lodestar_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const pool = poolFor(url, 10);
  const db = drizzle(pool, { schema });
  await applyMigrations(db);
  if (target.name === 'external') await recordExternalRun();
  return {
    db,
    pool,
    url,
    kind: 'external',
    async close() {
      if (!pool.ended) await pool.end();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * CI must fail if the external PostgreSQL tests were silently skipped: each database created on
 * the external server leaves a line in EXTERNAL_DB_MARKER, which .ci/run counts afterwards.
 */
async function recordExternalRun(): Promise<void> {
  const marker = process.env.EXTERNAL_DB_MARKER;
  if (!marker) return;
  const { appendFile } = await import('node:fs/promises');
  await appendFile(marker, `${process.pid} ${new Date().toISOString()}\n`);
}
