/**
 * Loads shared between callers, kept in a small LRU cache: a Baidu source tile lies under several map
 * tiles, which ask for it at about the same time and again while the map pans.
 *
 * A load runs once however many callers wait for it, and is aborted when every caller waiting for it
 * has given up. A failed load is forgotten, so the next caller tries again. Settled values nobody
 * holds are evicted oldest first once there are more than `capacity` of them (`dispose` frees them).
 */
export class SharedLoads<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly load: (key: string, signal: AbortSignal) => Promise<T>,
    private readonly capacity: number,
    private readonly dispose: (value: T) => void = () => {},
  ) {}

  /** How many loads are cached or running. */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The value of each key, or null where its load failed. The values stay cached (not disposed) until
   * `release` is called; call it once done with them. Rejects with the signal's reason when `signal`
   * aborts first, giving up this caller's claim on every key.
   */
  async acquire(keys: readonly string[], signal: AbortSignal): Promise<{ values: (T | null)[]; release(): void }> {
    signal.throwIfAborted();
    const held = keys.map((key) => this.hold(key));
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      for (const [i, entry] of held.entries()) this.letGo(keys[i] ?? '', entry);
      this.evict();
    };
    let onAbort = () => {};
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      const settled = await Promise.race([Promise.allSettled(held.map((e) => e.promise)), aborted]);
      return { values: settled.map((s) => (s.status === 'fulfilled' ? s.value : null)), release };
    } catch (error) {
      release();
      throw error;
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  private hold(key: string): Entry<T> {
    let entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key); // most recently used last
    } else {
      const controller = new AbortController();
      const promise = this.load(key, controller.signal);
      const created: Entry<T> = { promise, controller, users: 0, settled: false };
      promise.then(
        (value) => {
          created.settled = true;
          if (this.entries.get(key) === created) this.evict();
          else if (created.users === 0) this.dispose(value);
        },
        () => {
          created.settled = true;
          if (this.entries.get(key) === created) this.entries.delete(key);
        },
      );
      entry = created;
    }
    entry.users++;
    this.entries.set(key, entry);
    return entry;
  }

  private letGo(key: string, entry: Entry<T>): void {
    entry.users--;
    if (entry.users > 0 || entry.settled) return;
    // Nobody waits for this load any more: stop it.
    entry.controller.abort(new DOMException('No caller waits for this load', 'AbortError'));
    if (this.entries.get(key) === entry) this.entries.delete(key);
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.capacity) return;
      if (entry.users > 0 || !entry.settled) continue;
      this.entries.delete(key);
      entry.promise.then(this.dispose, () => {});
    }
  }
}

interface Entry<T> {
  promise: Promise<T>;
  controller: AbortController;
  users: number;
  settled: boolean;
}
