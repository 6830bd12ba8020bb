/** Frame → ACK latencies: a bounded reservoir of samples, percentiles on demand. */
export class LatencyRecorder {
  private readonly samples: number[] = [];
  private seen = 0;

  constructor(
    private readonly capacity = 100_000,
    private readonly random: () => number = Math.random,
  ) {}

  record(ms: number): void {
    this.seen++;
    if (this.samples.length < this.capacity) this.samples.push(ms);
    else {
      // Reservoir sampling keeps a uniform sample of every latency seen.
      const at = Math.floor(this.random() * this.seen);
      if (at < this.capacity) this.samples[at] = ms;
    }
  }

  get count(): number {
    return this.seen;
  }

  /** The p-th percentile (0-100) in ms, nearest rank; 0 when nothing was recorded. */
  percentile(p: number): number {
    if (this.samples.length === 0) return 0;
    const sorted = [...this.samples].sort((a, b) => a - b);
    const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
    return sorted[rank] ?? 0;
  }
}
