import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR, poolFor } from './connect.ts';
import * as schema from './schema.ts';
import type { DbTarget } from './testing.ts';

/** The migrations folder as it was before `tag`: its journal cut there. */
async function migrationsBefore(tag: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lodestar-migrations-'));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 1) throw new Error(`no migration ${tag} after the first`);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

/**
 * Runs `test` on a new database migrated up to (not including) migration `tag`, so a migration's data
 * rewrite can be tried on rows written the old way; the database is dropped afterwards.
 */
export async function withDatabaseBefore(
  target: DbTarget,
  tag: string,
  test: (pool: pg.Pool, db: ReturnType<typeof drizzle<typeof schema>>) => Promise<void>,
): Promise<void> {
  const adminUrl = await target.adminUrl();
  const name = `lodestar_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = poolFor(url.toString(), 4);
  const old = await migrationsBefore(tag);
  try {
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder: old });
    await test(pool, db);
  } finally {
    await pool.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await rm(old, { recursive: true, force: true });
  }
}
