import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { startEmbedded } from './embedded.ts';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** 'embedded' when this process started its own PostgreSQL, else 'external'. */
  kind: 'embedded' | 'external';
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

// Counts and ids come back from PostgreSQL as strings for int8/numeric; our ids and counts fit in
// a JavaScript number, so parse them once here rather than at every call site.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export function poolFor(url: string, max = 20): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client losing its connection (the server restarting) must not crash the process.
  pool.on('error', () => {});
  return pool;
}

/** pg_advisory_lock key of the migrations: 'LODE' 'MIGR' in ASCII. */
const MIGRATION_LOCK = 0x4c4f4445_4d494752n;

/**
 * Brings the schema up to date. The processes of a deployment (ROLES) may start together on a new
 * database: the first takes the lock and migrates, the others wait for it and find nothing to do.
 */
export async function applyMigrations(db: Db): Promise<void> {
  // drizzle keeps its pool as $client; the lock needs a session of its own, outside that pool.
  const lock = new pg.Client((db as Db & { $client: pg.Pool }).$client.options);
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK.toString()]);
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lock.end();
  }
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  log?: (msg: string) => void;
}

/** Opens the external database when a URL is given, else starts the embedded one; then migrates. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const embedded = opts.databaseUrl ? undefined : await startEmbedded(opts.dataDir, opts.log);
  const url = opts.databaseUrl ?? embedded!.url;
  const pool = poolFor(url);
  const db = drizzle(pool, { schema });
  try {
    await applyMigrations(db);
  } catch (err) {
    await pool.end();
    await embedded?.stop();
    throw err;
  }
  return {
    db,
    pool,
    kind: embedded ? 'embedded' : 'external',
    async close() {
      if (!pool.ended) await pool.end();
      await embedded?.stop();
    },
  };
}
