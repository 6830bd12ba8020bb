/**
 * The fence engine's worker thread (ZoneThread, zone-thread.ts): a ZoneEngine with a pool of its own, answering
 * the writer's checks. A check's batch waits here for its commit (after the flush's COMMIT) or abort.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { poolFor } from '@lodestar/db';
import pg from 'pg';
import type { Fix } from './state.ts';
import type { ZoneBatch } from './zone-batch.ts';
import { ZoneEngine, type ZoneHit } from './zone-engine.ts';
import { FIX_WORDS, type ZoneReply, type ZoneRequest, type ZoneWorkerData } from './zone-thread.ts';

const port = parentPort!;
const data = workerData as ZoneWorkerData;
// poolFor: the process's pool settings and type parsers (int8 as numbers), which a thread does not share.
const pool =
  typeof data.connection.connectionString === 'string'
    ? poolFor(data.connection.connectionString, 4)
    : new pg.Pool({ ...data.connection, max: 4 });
pool.on('error', () => {});
const engine = new ZoneEngine(pool, {
  hysteresisMetres: data.hysteresisMetres,
  ...(data.reloadDelayMs !== undefined ? { reloadDelayMs: data.reloadDelayMs } : {}),
  log: (msg) => port.postMessage({ log: msg }),
  // A reload the writer did not ask for (a change's): its figures reach the writer's thread now, not at the next check.
  onLoad: () => port.postMessage({ stats: engine.stats }),
});
/** Checked batches awaiting their flush's commit or abort. */
const open = new Map<number, ZoneBatch>();

const reply = (r: Omit<ZoneReply, 'stats'>) => port.postMessage({ ...r, stats: engine.stats });

async function answer(m: ZoneRequest): Promise<void> {
  switch (m.op) {
    case 'ready':
      await engine.ready();
      return reply({ id: m.id });
    case 'load':
      await engine.load();
      return reply({ id: m.id });
    case 'invalidate':
      engine.invalidate();
      return;
    case 'check': {
      const pks = m.pks;
      const f = m.fixes;
      const batch = await engine.batch(Array.from(pks));
      const hits: [number, ZoneHit[]][] = [];
      for (let i = 0, o = 0; i < pks.length; i++, o += FIX_WORDS) {
        const pk = pks[i]!;
        if (batch.clear(pk, f[o + 3]!, f[o + 2]!)) continue;
        const fix: Pick<Fix, 'fixTime' | 'valid' | 'lat' | 'lon' | 'speedKmh'> = {
          fixTime: new Date(f[o]!),
          valid: f[o + 1] === 1,
          lat: f[o + 2]!,
          lon: f[o + 3]!,
          speedKmh: f[o + 4]!,
        };
        const h = batch.step(pk, fix);
        if (h) hits.push([i, h]);
      }
      open.set(m.id, batch);
      return reply({ id: m.id, hits, changes: batch.changes() });
    }
    case 'stays': {
      const batch = await engine.batch(Array.from(m.pks));
      const hits: [number, ZoneHit[]][] = [];
      m.pks.forEach((pk, i) => {
        const p = m.places;
        const h = batch.stays(pk, m.now, { lat: p[i * 3]!, lon: p[i * 3 + 1]!, speed: p[i * 3 + 2]! });
        if (h) hits.push([i, h]);
      });
      open.set(m.id, batch);
      return reply({ id: m.id, hits, changes: batch.changes() });
    }
    case 'commit':
      open.get(m.id)?.commit();
      open.delete(m.id);
      return;
    case 'abort':
      open.delete(m.id);
      return;
    case 'close':
      engine.close();
      open.clear();
      await pool.end();
      port.close();
      return;
  }
}

port.on('message', (m: ZoneRequest) => {
  answer(m).catch((err) => {
    if ('id' in m && m.op !== 'commit' && m.op !== 'abort') reply({ id: m.id, error: String(err) });
  });
});
