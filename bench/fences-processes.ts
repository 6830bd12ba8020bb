/**
 * bench:fences' writers in processes of their own (bench/fences-writer.ts), as the server runs one mode or the
 * other: no JIT feedback, heap or collection of one mode weighs on the other. Two ways to take turns:
 * - `apartWriters`: a fresh process for every round, so a process's own luck (where its code and heap landed) is
 *   one round's, not a whole run's;
 * - `pairedWriters`: an off and an on process at once, warmed, then many short slices in turn (off, on, on, off …),
 *   so that both modes meet the machine's slow and fast spells alike: on a shared virtual machine the same code's
 *   CPU a position moves by a third from one minute to the next, far more than the engine costs.
 * The modes drive fleets of their own (`world.offIds` for off), so that neither reads the other's latest states when
 * it starts; each fleet's clock goes on from process to process, and a new process reads its states and visits as a
 * restarted server does. Each process warms before it is measured: the engine's load, every device's first fix,
 * `warmSeconds` unmeasured.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import type { FenceWorld, Writers } from './fences-setup.ts';
import { writerModes } from './fences-setup.ts';
import type { WriterAsk, WriterRoundReply } from './fences-writer.ts';
import type { BenchDb } from './lib.ts';

const script = path.join(import.meta.dirname, 'fences-writer.ts');

/** A writer process of mode m, warmed; `clocks[m]` goes on with each of its rounds. */
async function spawnWriter(
  db: BenchDb,
  m: number,
  fleet: string[],
  clocks: number[][],
  warmSeconds: number,
  nodeOptions: string[],
) {
  const child = fork(script, [db.url, writerModes[m]!], {
    execArgv: ['--max-semi-space-size=64', ...nodeOptions, '--import', 'tsx'],
    serialization: 'advanced',
    stdio: 'inherit',
  });
  const ask = async <T>(message: WriterAsk): Promise<T> => {
    const reply = once(child, 'message');
    child.send(message);
    return (await reply)[0] as T;
  };
  await once(child, 'message');
  await ask({ ask: 'warm', ids: fleet, clock: clocks[m]!, seconds: warmSeconds });
  return {
    pid: child.pid!,
    async round(seconds: number): Promise<WriterRoundReply> {
      const w = await ask<WriterRoundReply>({ ask: 'round', seconds });
      clocks[m] = w.clock;
      return w;
    },
    async close(): Promise<void> {
      await ask({ ask: 'close' });
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

const fleetsOf = (world: Pick<FenceWorld, 'ids' | 'offIds'>) => [world.offIds, world.ids];

/** A fresh process for each round (see the top of this file). */
export function apartWriters(
  db: BenchDb,
  world: Pick<FenceWorld, 'ids' | 'offIds'>,
  start: number,
  warmSeconds = 5,
  nodeOptions: string[] = [],
): Writers {
  const fleets = fleetsOf(world);
  const clocks = fleets.map((ids) => ids.map(() => start));
  return {
    async round(m, seconds, measured) {
      const writer = await spawnWriter(db, m, fleets[m]!, clocks, warmSeconds, nodeOptions);
      const done = await measured?.(writer.pid);
      const w = await writer.round(seconds);
      await done?.();
      await writer.close();
      return w;
    },
    async close() {},
  };
}

/** The slices of one pair of processes, by mode (writerModes' index), in the order they ran. */
export type PairSlices = WriterRoundReply[][];

/**
 * A pair of processes a call (see the top of this file): both warmed one after the other, then `slices` slices
 * of each mode, `sliceSeconds` long, in turn (off, on, then on, off, …), then both closed.
 */
export function pairedWriters(
  db: BenchDb,
  world: Pick<FenceWorld, 'ids' | 'offIds'>,
  start: number,
  warmSeconds = 5,
  nodeOptions: string[] = [],
) {
  const fleets = fleetsOf(world);
  const clocks = fleets.map((ids) => ids.map(() => start));
  return {
    /**
     * `measured` is told both processes' pids (by mode) once they are warm, and awaited; what it answers is awaited
     * after the last slice (perf records the slices).
     */
    async pair(
      slices: number,
      sliceSeconds: number,
      measured?: (pids: number[]) => Promise<() => Promise<void>>,
      /** Told of each slice's mode before it runs, and what it answers awaited after it (perf of the database). */
      eachSlice?: (m: number) => Promise<() => Promise<void>>,
    ): Promise<PairSlices> {
      const writers = [];
      for (let m = 0; m < writerModes.length; m++)
        writers.push(await spawnWriter(db, m, fleets[m]!, clocks, warmSeconds, nodeOptions));
      const done = await measured?.(writers.map((w) => w.pid));
      const out: PairSlices = writerModes.map(() => []);
      for (let s = 0; s < slices; s++)
        for (const m of s % 2 ? [1, 0] : [0, 1]) {
          const sliced = await eachSlice?.(m);
          out[m]!.push(await writers[m]!.round(sliceSeconds));
          await sliced?.();
        }
      await done?.();
      for (const w of writers) await w.close();
      return out;
    },
  };
}
