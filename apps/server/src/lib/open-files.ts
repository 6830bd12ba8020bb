import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * The process's open-file limit (RLIMIT_NOFILE). Every device connection holds a descriptor; so do the API's
 * connections, the database pool, NATS and the files served or written. At the limit every accept and connect
 * fails with EMFILE, the database's included, so the gateway's cap is derived from it with a reserve kept.
 */
export interface OpenFileLimit {
  soft: number;
  hard: number;
}

/** RLIMIT_NOFILE of a process from /proc (Linux); undefined where there is no /proc. */
export function readOpenFileLimit(pid: number | 'self' = 'self'): OpenFileLimit | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/limits`, 'utf8');
  } catch {
    return undefined;
  }
  const m = /^Max open files\s+(\S+)\s+(\S+)/m.exec(text);
  if (!m) return undefined;
  const n = (v: string) => (v === 'unlimited' ? Number.POSITIVE_INFINITY : Number(v));
  return { soft: n(m[1]!), hard: n(m[2]!) };
}

/**
 * Raises the soft open-file limit to the hard one. Node itself does this when it starts (node.cc, before any
 * script runs), so under `npm start` and plain `node` alike the soft limit is normally the hard one already;
 * this covers a Node embedded or started without that step. Node has no setrlimit, so it goes through
 * util-linux's `prlimit`, which may change the limits of a process of the same user. The result is what
 * /proc reads afterwards; an unraised limit is reported, never fatal.
 */
export function raiseOpenFileLimit(pid: number = process.pid): OpenFileLimit | undefined {
  const before = readOpenFileLimit(pid);
  if (!before || before.soft >= before.hard || !Number.isFinite(before.hard)) return before;
  spawnSync('prlimit', [`--pid=${pid}`, `--nofile=${before.hard}:${before.hard}`], { stdio: 'ignore' });
  return readOpenFileLimit(pid);
}

/**
 * Device connections the gateway may hold: the explicit setting, else the soft limit minus the reserve (kept for
 * the API, the database pool and files). A limit below twice the reserve leaves the gateway half of it.
 */
export function gatewayConnectionCap(
  limit: OpenFileLimit | undefined,
  reserve: number,
  explicit: number | undefined,
): number | undefined {
  if (explicit !== undefined) return explicit;
  if (!limit || !Number.isFinite(limit.soft)) return undefined;
  return Math.max(Math.floor(limit.soft / 2), limit.soft - reserve);
}
