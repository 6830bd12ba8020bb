import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { gatewayConnectionCap, raiseOpenFileLimit, readOpenFileLimit } from './open-files.ts';

const linux = process.platform === 'linux';

describe('open-file limit', () => {
  it.runIf(linux)('raises the soft limit of a process to its hard limit', async () => {
    // A process started with a low soft limit, as a shell's `ulimit -Sn` or a service manager leaves it.
    const child = spawn('bash', ['-c', 'ulimit -Sn 256 && exec sleep 30'], { stdio: 'ignore' });
    const pid = child.pid!;
    try {
      const deadline = Date.now() + 5000;
      while (readOpenFileLimit(pid)?.soft !== 256) {
        if (Date.now() > deadline) throw new Error('the child did not lower its limit');
        await new Promise((r) => setTimeout(r, 20));
      }
      const hard = readOpenFileLimit(pid)!.hard;
      expect(hard).toBeGreaterThan(256);
      expect(raiseOpenFileLimit(pid)).toEqual({ soft: hard, hard });
      expect(readOpenFileLimit(pid)).toEqual({ soft: hard, hard });
    } finally {
      child.kill();
    }
  });

  it.runIf(linux)('reads this process, whose soft limit Node already raised to the hard one', () => {
    const limit = readOpenFileLimit();
    expect(limit?.soft).toBeGreaterThan(0);
    expect(raiseOpenFileLimit()).toEqual(limit);
  });

  it('derives the gateway cap from the limit minus the reserve unless it is set', () => {
    expect(gatewayConnectionCap({ soft: 20_000, hard: 20_000 }, 2048, undefined)).toBe(17_952);
    expect(gatewayConnectionCap({ soft: 1_048_576, hard: 1_048_576 }, 2048, undefined)).toBe(1_046_528);
    // A limit below twice the reserve: the gateway gets half (the start-up line warns).
    expect(gatewayConnectionCap({ soft: 1024, hard: 4096 }, 2048, undefined)).toBe(512);
    expect(gatewayConnectionCap({ soft: 20_000, hard: 20_000 }, 2048, 5000)).toBe(5000);
    expect(gatewayConnectionCap(undefined, 2048, undefined)).toBeUndefined();
    expect(
      gatewayConnectionCap({ soft: Number.POSITIVE_INFINITY, hard: Number.POSITIVE_INFINITY }, 2048, undefined),
    ).toBe(undefined);
  });
});

describe('device connection settings', () => {
  it('default to a derived cap, 30 s, 1,000 per address after a 5 s grace and a reserve of 2,048', () => {
    const config = loadConfig({});
    expect(config.gatewayLimits).toEqual({
      maxConnections: undefined,
      unidentifiedTimeoutMs: 30_000,
      maxUnidentifiedPerAddress: 1000,
      unidentifiedGraceMs: 5_000,
    });
    expect(config.openFileReserve).toBe(2048);
  });

  it('are read from the environment and refused when not a whole number of at least 1', () => {
    const config = loadConfig({
      GATEWAY_MAX_CONNECTIONS: '120000',
      GATEWAY_UNIDENTIFIED_TIMEOUT_SECONDS: '10',
      GATEWAY_MAX_UNIDENTIFIED_PER_ADDRESS: '50',
      GATEWAY_UNIDENTIFIED_GRACE_SECONDS: '0',
      OPEN_FILE_RESERVE: '4096',
    });
    expect(config.gatewayLimits).toEqual({
      maxConnections: 120_000,
      unidentifiedTimeoutMs: 10_000,
      maxUnidentifiedPerAddress: 50,
      unidentifiedGraceMs: 0,
    });
    expect(config.openFileReserve).toBe(4096);
    expect(() => loadConfig({ GATEWAY_UNIDENTIFIED_TIMEOUT_SECONDS: '0' })).toThrow(
      /GATEWAY_UNIDENTIFIED_TIMEOUT_SECONDS must be at least 1/,
    );
    expect(() => loadConfig({ GATEWAY_MAX_CONNECTIONS: 'many' })).toThrow(
      /GATEWAY_MAX_CONNECTIONS must be a whole number/,
    );
  });
});
