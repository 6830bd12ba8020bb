import type { ImportProgress, ImportState } from '@lodestar/contract/imports';

interface Job extends ImportProgress {
  userId: number;
  /** When it finished (ms), for the clean-up. */
  endedAt?: number;
}

/** How long a finished import's progress can still be asked for. */
const KEEP_MS = 10 * 60_000;

/**
 * The progress of the imports running in this process, keyed by the id the console chose and by its user:
 * another user's id (or one never used) answers 'pending', exactly like one not started yet.
 */
export class ImportJobs {
  private readonly jobs = new Map<string, Job>();

  private key = (userId: number, jobId: string) => `${userId}:${jobId}`;

  /** A handle the import reports its steps through; without a JobID, reports go nowhere. */
  start(userId: number, jobId: string | undefined): JobHandle {
    this.prune();
    if (!jobId) return new JobHandle();
    const job: Job = { userId, State: 'reading', Processed: 0, Total: 0 };
    this.jobs.set(this.key(userId, jobId), job);
    return new JobHandle(job);
  }

  progress(userId: number, jobId: string): ImportProgress {
    const job = this.jobs.get(this.key(userId, jobId));
    return job
      ? { State: job.State, Processed: job.Processed, Total: job.Total }
      : { State: 'pending', Processed: 0, Total: 0 };
  }

  private prune(now = Date.now()) {
    for (const [k, job] of this.jobs) if (job.endedAt !== undefined && now - job.endedAt > KEEP_MS) this.jobs.delete(k);
  }
}

export class JobHandle {
  constructor(private readonly job?: Job) {}

  step(state: ImportState, total?: number) {
    if (!this.job) return;
    this.job.State = state;
    if (total !== undefined) this.job.Total = total;
    if (state === 'writing') this.job.Processed = 0;
  }

  advance(rows: number) {
    if (this.job) this.job.Processed += rows;
  }

  end(ok: boolean) {
    if (!this.job) return;
    this.job.State = ok ? 'done' : 'failed';
    if (ok) this.job.Processed = this.job.Total;
    this.job.endedAt = Date.now();
  }
}
