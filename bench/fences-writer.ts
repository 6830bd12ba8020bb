/**
 * One of bench:fences' writers in a process of its own (`--writers apart`, the default): the engine off or on, as
 * the server runs one or the other, so neither mode's JIT feedback, heap or collections weigh on the other's rounds.
 * The parent (bench/fences.ts) forks one per mode and asks them by message, one at a time, for rounds; both drive
 * the same devices and fixes, from the same start, as the shared-process writers do.
 */
import { poolFor } from '@lodestar/db';
import { createWriter, writerModes, writerRound } from './fences-setup.ts';

export type WriterAsk =
  | { ask: 'first'; ids: string[]; start: number }
  | { ask: 'round'; seconds: number }
  | { ask: 'close' };

export interface WriterRoundReply {
  rate: number;
  cpuUs: number;
  serverUs: number;
  latencies: Float64Array;
}

const [url, mode] = process.argv.slice(2) as [string, (typeof writerModes)[number]];
if (!url || !writerModes.includes(mode)) throw new Error('usage: fences-writer.ts <database url> <off|on>');
const pool = poolFor(url, 10);
const ingest = createWriter(pool, mode);
let ids: string[] = [];
let clock: number[] = [];

process.on('message', async (m: WriterAsk) => {
  if (m.ask === 'first') {
    ids = m.ids;
    clock = ids.map(() => m.start);
    await ingest.writer.zones?.load();
    // Every device's first fix: its state (and visits) read, as the shared-process warm-up does.
    await writerRound(ingest, ids, clock, 60, 1);
    process.send!({ done: true });
  } else if (m.ask === 'round') {
    const w = await writerRound(ingest, ids, clock, m.seconds, Infinity, pool);
    const reply: WriterRoundReply = { ...w, latencies: Float64Array.from(w.latencies) };
    process.send!(reply);
  } else {
    await ingest.writer.close();
    await pool.end();
    process.send!({ done: true }, () => process.exit(0));
  }
});
process.send!({ ready: true });
