/**
 * node --import tsx bench/history-call-profile.ts — where the server's time for History/GetTrack (Format
 * 'compact', a 30-day track over rolled-up days, brotli) goes, over the same server and data as
 * bench:history-web (e2e/lib/history-server.ts: one device, 259,200 points, 31 device-days rolled up).
 * The server runs in this process, so its phases are timed from the inside:
 * - per call, with node:http as the client (accept-encoding as a browser sends it): request start → the
 *   service's device check (auth hook, body) → the rolled days read → the pieces built (unpacking) → the
 *   reply's JSON (or its gzip joined) → the response finished (compression, write), from http's diagnostics
 *   channels and wrapped methods;
 * - the process's CPU time per call, and a V8 CPU profile of the warm calls: self time by function.
 *
 *   node --import tsx bench/history-call-profile.ts --calls 30
 */
import dc from 'node:diagnostics_channel';
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { DEFAULT_APP_ID } from '@lodestar/domain';
import { HistoryRepository } from '../apps/server/src/modules/history/repository.ts';
import { HistoryService } from '../apps/server/src/modules/history/service.ts';
import { TrackColumns } from '../apps/server/src/modules/history/track-columns.ts';
import { HISTORY_ADMIN, inAdminZone, startHistoryServer } from '../e2e/lib/history-server.ts';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '20' },
    target: { type: 'string', default: 'embedded' },
    encoding: { type: 'string', default: 'gzip, deflate, br, zstd' },
  },
});
const CALLS = Number(values.calls);
const DEVICE = 'H0000001';
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Marks of the call in flight (calls are sequential). */
let marks: Record<string, number> = {};
const mark = (name: string) => {
  marks[name] = performance.now();
};
function wrap<T extends object>(proto: T, name: keyof T & string, before: string, after: string) {
  const fn = proto[name] as unknown as (...a: unknown[]) => unknown;
  (proto as Record<string, unknown>)[name] = function (this: unknown, ...a: unknown[]) {
    if (marks[before] === undefined) mark(before); // the outer call of nested ones
    const r = fn.apply(this, a);
    if (r instanceof Promise)
      return r.then((v) => {
        mark(after);
        return v;
      });
    mark(after);
    return r;
  };
}
wrap(HistoryService.prototype, 'owned', 'handler', 'owned');
wrap(HistoryRepository.prototype, 'rolledDays', 'query', 'queried');
wrap(HistoryService.prototype, 'compact', 'compact', 'columns');
// Before #16's stored replies the JSON was TrackColumns.toJson; after, CompactPieces writes it (this script runs
// against both for A/B).
wrap(TrackColumns.prototype, 'toJson', 'json', 'jsonDone');
const pieces = await import('../apps/server/src/modules/history/compact-reply.ts').catch(() => null);
if (pieces) {
  wrap(pieces.CompactPieces.prototype, 'write', 'json', 'jsonDone');
  wrap(pieces.CompactPieces.prototype, 'toJson', 'json', 'jsonDone');
}
dc.subscribe('http.server.request.start', () => mark('request'));
dc.subscribe('http.server.response.finish', () => mark('finish'));

const server = await startHistoryServer({
  target: values.target as 'embedded' | 'external',
  devices: [{ deviceId: DEVICE, days: 30, stepMs: 10_000, gap: false }],
});
const device = server.devices[0]!;
console.log(`${device.points} positions, ${server.rolled} device-days rolled; load average ${load()}`);
const api = `${server.url}/API/api`;
const query = `?format=json&appid=${encodeURIComponent(DEFAULT_APP_ID)}`;
const login = await fetch(`${api}/account/login${query}`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ Phone: HISTORY_ADMIN.phone, UserPassword: HISTORY_ADMIN.password }),
});
const token = ((await login.json()) as { data: { token: string } }).data.token;
const body = JSON.stringify({
  DeviceID: DEVICE,
  StartTime: inAdminZone(device.from),
  EndTime: inAdminZone(device.to),
  Format: 'compact',
});

function call(): Promise<{ ms: number; bytes: number; firstByteMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(`${api}/History/GetTrack${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token, 'accept-encoding': values.encoding },
    });
    req.on('response', (res) => {
      const firstByteMs = performance.now() - started;
      let bytes = 0;
      res.on('data', (c: Buffer) => {
        bytes += c.length;
      });
      res.on('end', () => resolve({ ms: performance.now() - started, bytes, firstByteMs }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const PHASES = [
  ['request', 'handler', 'auth + body'],
  ['handler', 'owned', 'device check'],
  ['query', 'queried', 'track_days query'],
  ['queried', 'columns', 'unpack'],
  ['columns', 'json', 'between'],
  ['json', 'jsonDone', 'JSON'],
  ['jsonDone', 'finish', 'compress + send'],
] as const;
type Row = Record<string, number | string>;
const rows: Row[] = [];
async function measure(label: string) {
  marks = {};
  const cpu0 = process.cpuUsage();
  const r = await call();
  const cpu = process.cpuUsage(cpu0);
  const row: Row = { call: label, 'client ms': Math.round(r.ms), bytes: r.bytes };
  for (const [a, b, name] of PHASES)
    row[name] = marks[a] !== undefined && marks[b] !== undefined ? +(marks[b]! - marks[a]!).toFixed(1) : '–';
  row['server ms'] = +(marks.finish! - marks.request!).toFixed(1);
  row['process CPU ms'] = +((cpu.user + cpu.system) / 1000).toFixed(1);
  rows.push(row);
}

await measure('cold');
for (let i = 0; i < 3; i++) await measure(`warm-up ${i + 1}`);
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
for (let i = 0; i < CALLS; i++) await measure(String(i + 1));
const { profile } = await session.post('Profiler.stop');
session.disconnect();
await server.stop();

console.log(`\n${cpus().length} × ${cpus()[0]?.model}, Node ${process.version}; load average ${load()}`);
console.table(rows);
const warm = rows.filter((r) => /^\d+$/.test(String(r.call)));
const med = (k: string) => {
  const xs = warm.map((r) => Number(r[k])).sort((a, b) => a - b);
  return xs[Math.floor(xs.length / 2)];
};
console.log(
  'median of the warm calls:',
  Object.fromEntries(['client ms', 'server ms', 'process CPU ms', ...PHASES.map((p) => p[2])].map((k) => [k, med(k)])),
);

// Self time by function over the warm calls.
const self = new Map<number, number>();
const dt = profile.timeDeltas ?? [];
for (const [i, id] of (profile.samples ?? []).entries()) self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0));
const byFn = new Map<string, number>();
let total = 0;
for (const n of profile.nodes) {
  const us = self.get(n.id) ?? 0;
  total += us;
  const f = n.callFrame;
  const where = f.url ? `${f.url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')}:${f.lineNumber + 1}` : '';
  const key = `${f.functionName || '(anonymous)'} ${where}`;
  byFn.set(key, (byFn.get(key) ?? 0) + us);
}
console.log(`\nCPU profile of ${CALLS} warm calls: ${(total / 1000).toFixed(0)} ms sampled; self time per call:`);
for (const [k, us] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 30))
  console.log(`${(us / 1000 / CALLS).toFixed(2).padStart(8)} ms  ${k}`);
