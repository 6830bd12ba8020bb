import type { IngestSink } from '@lodestar/gateway';
import type { ConsumerMessages, JetStreamClient, JsMsg } from 'nats';
import { decodeRecords, INGEST_STREAM, type IngestStreamNames } from './ingest-stream.ts';

const MAX_BACKOFF_MS = 15_000;

export interface IngestWorkerOptions {
  names?: IngestStreamNames;
  /** After a failed write the partition pauses this long (its records come back after it), doubling to 15 s. */
  retryMs?: number;
  /**
   * Records handed to the writer and not yet written, all partitions together, before the worker stops
   * taking more: the backlog stays in the stream, not in this process's memory. Default 20,000.
   */
  maxPendingRecords?: number;
  log?: (level: 'warn' | 'error', msg: string, fields?: Record<string, unknown>) => void;
}

export interface IngestWorkerStats {
  messages: number;
  records: number;
  redelivered: number;
  failedWrites: number;
  /** Messages that could not be read at all (terminated, not retried). */
  unreadable: number;
}

/**
 * An ingest worker: takes the records of its partitions from the ingest stream, in order, writes
 * them through the position writer, and acknowledges each message to JetStream only after the
 * writer's commit. A failed write leaves the message unacknowledged (it comes back), so a database
 * outage loses nothing that gateways stored in the stream. Delivery is at least once: a worker that
 * stops between the commit and the acknowledgement has those records written again when they come back.
 */
export class IngestWorker {
  readonly stats: IngestWorkerStats = { messages: 0, records: 0, redelivered: 0, failedWrites: 0, unreadable: 0 };
  private readonly consumers: ConsumerMessages[] = [];
  private readonly loops: Promise<void>[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly names: IngestStreamNames;
  private readonly retryMs: number;
  private readonly maxPendingRecords: number;
  private pendingRecords = 0;
  private room: (() => void)[] = [];
  private stopped = false;

  private constructor(
    private readonly js: JetStreamClient,
    private readonly sink: IngestSink,
    private readonly opts: IngestWorkerOptions,
  ) {
    this.names = opts.names ?? INGEST_STREAM;
    this.retryMs = opts.retryMs ?? 1000;
    this.maxPendingRecords = opts.maxPendingRecords ?? 20_000;
  }

  static async start(
    js: JetStreamClient,
    sink: IngestSink,
    partitions: readonly number[],
    opts: IngestWorkerOptions = {},
  ): Promise<IngestWorker> {
    const worker = new IngestWorker(js, sink, opts);
    for (const p of partitions) await worker.consume(p);
    return worker;
  }

  /** Stops taking messages, then waits for the writes in flight to be acknowledged. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const go of this.room.splice(0)) go();
    for (const c of this.consumers) c.stop();
    await Promise.allSettled(this.loops);
    await Promise.allSettled([...this.inFlight]);
  }

  private async consume(p: number): Promise<void> {
    const consumer = await this.js.consumers.get(this.names.stream, `${this.names.consumer}-${p}`);
    // A small pull: what JetStream has handed over waits here within its ack wait.
    const messages = await consumer.consume({ max_messages: 64 });
    this.consumers.push(messages);
    this.loops.push(this.loop(p, messages));
  }

  private async loop(p: number, messages: ConsumerMessages): Promise<void> {
    // While a partition is paused its messages go straight back (nak with the time left), so none waits
    // in this process past its ack wait and comes back while still held here.
    let pausedUntil = 0;
    let backoff = this.retryMs;
    for await (const m of messages) {
      const wait = pausedUntil - Date.now();
      if (this.stopped || wait > 0) {
        m.nak(Math.max(0, wait));
        continue;
      }
      const records = this.read(m, p);
      if (!records) continue;
      this.stats.messages++;
      if (m.redelivered) this.stats.redelivered++;
      // The writer keeps each device's records in the order persist was called: message order.
      const write = this.sink.persist(records).then(
        () => {
          this.stats.records += records.length;
          backoff = this.retryMs;
          m.ack();
        },
        (err) => {
          this.stats.failedWrites++;
          m.nak(backoff);
          if (pausedUntil > Date.now()) return;
          this.opts.log?.('warn', 'ingest write failed; partition paused, records kept in the stream', {
            partition: p,
            retryMs: backoff,
            error: err instanceof Error ? err.message : String(err),
          });
          pausedUntil = Date.now() + backoff;
          backoff = Math.min(MAX_BACKOFF_MS, backoff * 2);
        },
      );
      this.pendingRecords += records.length;
      this.inFlight.add(write);
      void write.finally(() => {
        this.inFlight.delete(write);
        this.pendingRecords -= records.length;
        if (this.pendingRecords < this.maxPendingRecords) for (const go of this.room.splice(0)) go();
      });
      while (this.pendingRecords >= this.maxPendingRecords && !this.stopped)
        await new Promise<void>((r) => this.room.push(r));
    }
  }

  private read(m: JsMsg, p: number) {
    try {
      return decodeRecords(m.data);
    } catch (err) {
      // Retrying cannot make it readable; keep it out of the way and say so.
      this.stats.unreadable++;
      m.term();
      this.opts.log?.('error', 'unreadable ingest message dropped', {
        partition: p,
        seq: m.seq,
        error: err instanceof Error ? err.message : String(err),
      });
      return undefined;
    }
  }
}
