import { describe, expect, it } from 'vitest';
import { SharedLoads } from './shared-loads.ts';

/** A load per key that the test settles by hand, recording starts, aborts and disposals. */
function harness(capacity = 3) {
  const pending = new Map<string, { resolve(v: string): void; reject(e: Error): void; signal: AbortSignal }>();
  const started: string[] = [];
  const aborted: string[] = [];
  const disposed: string[] = [];
  const loads = new SharedLoads<string>(
    (key, signal) =>
      new Promise<string>((resolve, reject) => {
        started.push(key);
        signal.addEventListener('abort', () => {
          aborted.push(key);
          reject(signal.reason);
        });
        pending.set(key, { resolve, reject, signal });
      }),
    capacity,
    (v) => disposed.push(v),
  );
  const settle = (key: string, ok = true) => {
    const p = pending.get(key);
    pending.delete(key);
    if (ok) p?.resolve(`bitmap ${key}`);
    else p?.reject(new Error(`404 ${key}`));
  };
  return { loads, started, aborted, disposed, settle };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('shared loads', () => {
  it('loads a key once for every caller and keeps it cached', async () => {
    const { loads, started, settle } = harness();
    const a = loads.acquire(['1', '2'], new AbortController().signal);
    const b = loads.acquire(['2', '3'], new AbortController().signal);
    settle('1');
    settle('2');
    settle('3');
    const [ra, rb] = await Promise.all([a, b]);
    expect(ra.values).toEqual(['bitmap 1', 'bitmap 2']);
    expect(rb.values).toEqual(['bitmap 2', 'bitmap 3']);
    ra.release();
    rb.release();
    const again = await loads.acquire(['2'], new AbortController().signal);
    expect(again.values).toEqual(['bitmap 2']);
    expect(started).toEqual(['1', '2', '3']);
  });

  it('answers null for a failed load and tries it again next time', async () => {
    const { loads, started, settle } = harness();
    const a = loads.acquire(['1', '2'], new AbortController().signal);
    settle('1', false);
    settle('2');
    const ra = await a;
    expect(ra.values).toEqual([null, 'bitmap 2']);
    ra.release();
    const b = loads.acquire(['1'], new AbortController().signal);
    settle('1');
    expect((await b).values).toEqual(['bitmap 1']);
    expect(started).toEqual(['1', '2', '1']);
  });

  it('aborts a load when every caller waiting for it gave up, not before', async () => {
    const { loads, aborted, settle } = harness();
    const first = new AbortController();
    const second = new AbortController();
    const a = loads.acquire(['1', '2'], first.signal);
    const b = loads.acquire(['2'], second.signal);
    first.abort(new DOMException('moved away', 'AbortError'));
    await expect(a).rejects.toThrow('moved away');
    await tick();
    expect(aborted).toEqual(['1']); // '2' is still wanted by the second caller
    settle('2');
    expect((await b).values).toEqual(['bitmap 2']);
    expect(loads.size).toBe(1);
  });

  it('evicts the oldest settled values nobody holds, beyond its capacity', async () => {
    const { loads, disposed, settle } = harness(2);
    const held = loads.acquire(['1'], new AbortController().signal);
    settle('1');
    const h = await held;
    for (const key of ['2', '3', '4']) {
      const p = loads.acquire([key], new AbortController().signal);
      settle(key);
      (await p).release();
    }
    // '1' is held, so the oldest free ones go: 2, then 3.
    expect(disposed).toEqual(['bitmap 2', 'bitmap 3']);
    expect(loads.size).toBe(2);
    h.release();
    const p = loads.acquire(['5'], new AbortController().signal);
    settle('5');
    (await p).release();
    expect(disposed).toEqual(['bitmap 2', 'bitmap 3', 'bitmap 1']);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const { loads, started } = harness();
    const c = new AbortController();
    c.abort(new DOMException('gone', 'AbortError'));
    await expect(loads.acquire(['1'], c.signal)).rejects.toThrow('gone');
    expect(started).toEqual([]);
  });
});
