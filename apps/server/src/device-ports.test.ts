/**
 * The server as `npm start` runs it (main.ts in its own process), for what only main.ts wires: the device
 * connection settings reach the gateway and its cap is the open-file limit minus the reserve.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOpenFileLimit } from './lib/open-files.ts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

describe.runIf(process.platform === 'linux')('device ports of the started server', () => {
  let child: ChildProcess;
  let output = '';
  let gt06Port: number;
  let dataDir: string;

  beforeAll(async () => {
    const [apiPort, port] = [await freePort(), await freePort()];
    gt06Port = port;
    dataDir = mkdtempSync(path.join(tmpdir(), 'lodestar-ports-'));
    chmodSync(dataDir, 0o755); // embedded PostgreSQL runs as the postgres user when we are root
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '0',
      GATEWAY_GT06_PORT: String(gt06Port),
      GATEWAY_JT808_PORT: '0',
      GATEWAY_H02_PORT: '0',
      GATEWAY_OSMAND_PORT: '0',
      GATEWAY_TELTONIKA_PORT: '0',
      GATEWAY_UNIDENTIFIED_TIMEOUT_SECONDS: '1',
      OPEN_FILE_RESERVE: '1000',
    };
    delete env.DATABASE_URL; // the embedded database in DATA_DIR
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => {
      output += d;
    });
    child.stderr!.on('data', (d) => {
      output += d;
    });
    const deadline = Date.now() + 100_000;
    while (!/Device connections: .*/.test(output)) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  });

  afterAll(async () => {
    if (child?.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('caps the gateway at the open-file limit minus the reserve, and says so', () => {
    const limit = readOpenFileLimit(child.pid!)!;
    expect(limit.soft).toBe(limit.hard);
    expect(output).toContain(
      `Device connections: at most ${limit.soft - 1000} (open-file limit ${limit.soft}, hard ${limit.hard}; 1000 left for the rest); unidentified ones closed after 1 s, at most 1000 per address`,
    );
  });

  it('closes a device connection that identifies nothing after GATEWAY_UNIDENTIFIED_TIMEOUT_SECONDS', async () => {
    const socket = createConnection({ host: '127.0.0.1', port: gt06Port });
    socket.on('error', () => {});
    const opened = Date.now();
    const closedAfter = await new Promise<number>((resolve) =>
      socket.once('close', () => resolve(Date.now() - opened)),
    );
    expect(closedAfter).toBeGreaterThanOrEqual(900);
    expect(closedAfter).toBeLessThan(10_000);
  });
});
