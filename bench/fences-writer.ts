/**
 * One of bench:fences' writers in a process of its own (`--writers apart`, the default): the engine off or on, as
 * the server runs one or the other, so neither mode's JIT feedback, heap or collections weigh on the other's rounds.
 * The parent (fences-processes.ts) forks them; each warms, runs the rounds it is asked for and exits.
 */
import { poolFor } from '@lodestar/db';
import { createWriter, writerModes, writerRound } from './fences-setup.ts';

export type WriterAsk =
  | { ask: 'warm'; ids: string[]; clock: number[]; seconds: number }
  | { ask: 'round'; seconds: number }
  | { ask: 'close' };

export interface WriterRoundReply {
  rate: number;
  cpuUs: number;
  serverUs: number;
  perFlush: number;
  latencies: Float64Array;
  /** Each device's clock after the round, for the next process of this fleet. */
  clock: number[];
}

const [url, mode] = process.argv.slice(2) as [string, (typeof writerModes)[number]];
if (!url || !writerModes.includes(mode)) throw new Error('usage: fences-writer.ts <database url> <off|on>');
const pool = poolFor(url, 10);
const ingest = createWriter(pool, mode);
let ids: string[] = [];
let clock: number[] = [];

process.on('message', async (m: WriterAsk) => {
  if (m.ask === 'warm') {
    ids = m.ids;
    clock = m.clock;
    await ingest.writer.zones?.load();
    // Every device's first fix (its state and visits read), then the JIT settled.
    await writerRound(ingest, ids, clock, 60, 1);
    await writerRound(ingest, ids, clock, m.seconds);
    process.send!({ done: true });
  } else if (m.ask === 'round') {
    const w = await writerRound(ingest, ids, clock, m.seconds, Infinity, pool);
    const reply: WriterRoundReply = { ...w, latencies: Float64Array.from(w.latencies), clock };
    process.send!(reply);
  } else {
    await ingest.writer.close();
    await pool.end();
    process.send!({ done: true }, () => process.exit(0));
  }
});
process.send!({ ready: true });
