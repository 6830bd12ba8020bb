import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSharedDatabase } from '@lodestar/db/testing';
import { DEMO_FLEET } from '@lodestar/simulator';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  url: string;
  /** Every line the server wrote to stdout or stderr. */
  lines: string[];
  /** The newest local-provider SMS code written for a phone, waiting for it to appear. */
  smsCode(phone: string, after?: number, timeoutMs?: number): Promise<string>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts `apps/server/src/main.ts` on a free port with a fresh data folder and waits for /healthz. Its database
 * is a fresh copy of the run's migrated template on the shared embedded PostgreSQL (lib/global-setup.ts), or,
 * outside that set-up or when `env` names a DATABASE_URL, what the server opens itself.
 */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  return retryOnPortRace(() => startServerOnce(env));
}

/**
 * Browser test files run two at a time (e2e/vitest.config.ts), and a port found free can be taken by the other
 * file's server before ours binds it: that start fails with EADDRINUSE and is tried again on fresh ports.
 */
async function retryOnPortRace<T>(start: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startServerOnce(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'lodestar-e2e-'));
  chmodSync(dataDir, 0o755); // embedded PostgreSQL runs as the postgres user when we are root
  const database = env.DATABASE_URL ? undefined : await createSharedDatabase();
  if (database) env = { ...env, DATABASE_URL: database.url };
  const lines: string[] = [];
  // e.g. SERVER_NODE_ARGS=--cpu-prof to profile the server under a browser test or bench:web.
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // The V8 flag `npm start` gives the server (README: "V8's young generation").
  const child: ChildProcess = spawn(
    process.execPath,
    ['--max-semi-space-size=64', ...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env, PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const collect = (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
      throw new Error(`server exited early:\n${lines.join('\n')}`);
    }
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not answer /healthz:\n${lines.slice(-40).join('\n')}`);
    await new Promise((r) => setTimeout(r, 300));
  }

  return {
    url,
    lines,
    async smsCode(phone, after = 0, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        for (let i = lines.length - 1; i >= after; i--) {
          const match = new RegExp(`SMS code for ${phone.replace('+', '\\+')}: (\\d{4,8})`).exec(lines[i] ?? '');
          if (match?.[1]) return match[1];
        }
        if (Date.now() > until) throw new Error(`no SMS code for ${phone} in the server output`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}

export interface DemoServer extends RunningServer {
  /** The gateway's ports, for a fleet driven from outside the server. */
  ports: { gt06: number; jt808: number; h02: number; osmand: number };
}

/**
 * The server with `DEMO=1`: the demo organisation and a simulated fleet of `devices` trackers over
 * real TCP/HTTP, the gateway on free ports (Teltonika off, which the simulator does not speak). The
 * fleet runs in its own process as `npm start` runs it (scripts/start.ts: the simulator's demo options),
 * unless `env` sets DEMO_SIMULATOR=0 (the caller drives it).
 */
export async function startDemoServer(devices: number, env: Record<string, string> = {}): Promise<DemoServer> {
  return retryOnPortRace(() => startDemoServerOnce(devices, env));
}

async function startDemoServerOnce(devices: number, env: Record<string, string>): Promise<DemoServer> {
  const [gt06, jt808, h02, osmand] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const server = await startServerOnce({
    DEMO: '1',
    DEMO_DEVICES: String(devices),
    GATEWAY_GT06_PORT: String(gt06),
    GATEWAY_JT808_PORT: String(jt808),
    GATEWAY_H02_PORT: String(h02),
    GATEWAY_OSMAND_PORT: String(osmand),
    GATEWAY_TELTONIKA_PORT: '0',
    LOG_LEVEL: 'warn',
    ...env,
  });
  const ports = { gt06, jt808, h02, osmand };
  // Trackers that find the gateway not yet listening retry with a backoff, as real ones do.
  const fleet =
    devices > 0 && env.DEMO_SIMULATOR !== '0'
      ? spawn(
          process.execPath,
          [
            '--import',
            'tsx',
            'packages/simulator/src/cli.ts',
            ...['--devices', String(devices), '--interval', String(DEMO_FLEET.intervalMs)],
            ...['--seed', String(DEMO_FLEET.seed), '--host', '127.0.0.1'],
            ...Object.entries(ports).flatMap(([protocol, port]) => [`--${protocol}-port`, String(port)]),
          ],
          { cwd: repoRoot, stdio: 'ignore' },
        )
      : undefined;
  const fleetExited = fleet && new Promise<void>((resolve) => fleet.once('exit', () => resolve()));
  return {
    ...server,
    ports,
    async stop() {
      if (fleet && fleet.exitCode === null) {
        fleet.kill('SIGTERM');
        await fleetExited;
      }
      await server.stop();
    },
  };
}
