import type { InboundRecord, IngestSink } from '@lodestar/gateway';
import type { JetStreamClient } from 'nats';
import { encodeRecords, INGEST_STREAM, type IngestStreamNames, partitionOf } from './ingest-stream.ts';

interface Waiter {
  /** Partitions this persist still waits for. */
  left: number;
  failed: boolean;
  resolve: () => void;
  reject: (err: unknown) => void;
}

interface Part {
  records: InboundRecord[];
  waiters: Waiter[];
}

/** One message stays well under NATS's default 1 MiB max_payload. */
const MAX_RECORDS_PER_MESSAGE = 500;

/**
 * The gateway's sink when ingest runs in other processes: records go to the ingest stream, and
 * `persist` resolves once JetStream has stored them (a durable queue; the device may be acknowledged).
 * Everything persisted in one turn of the event loop goes out as one message per partition, so ten
 * thousand devices reporting at once cost a few publishes. A refused or failed publish rejects the
 * persists it carried: the gateway then withholds their ACKs and the devices send again.
 */
export class StreamSink implements IngestSink {
  private parts = new Map<number, Part>();
  private scheduled = false;
  readonly stats = { published: 0, records: 0, failed: 0 };

  constructor(
    private readonly js: JetStreamClient,
    private readonly partitions: number,
    private readonly names: IngestStreamNames = INGEST_STREAM,
  ) {}

  persist(records: InboundRecord[]): Promise<void> {
    if (records.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { left: 0, failed: false, resolve, reject };
      for (const r of records) {
        const p = partitionOf(r.deviceId, this.partitions);
        let part = this.parts.get(p);
        if (!part) {
          part = { records: [], waiters: [] };
          this.parts.set(p, part);
        }
        part.records.push(r);
        if (part.waiters[part.waiters.length - 1] !== waiter) {
          part.waiters.push(waiter);
          waiter.left++;
        }
      }
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.publish());
      }
    });
  }

  private publish(): void {
    this.scheduled = false;
    const parts = this.parts;
    this.parts = new Map();
    for (const [p, part] of parts) {
      const sends: Promise<unknown>[] = [];
      // Chunks of one partition are published in order on one connection, so JetStream keeps their order.
      for (let i = 0; i < part.records.length; i += MAX_RECORDS_PER_MESSAGE) {
        const chunk = part.records.slice(i, i + MAX_RECORDS_PER_MESSAGE);
        sends.push(this.js.publish(`${this.names.subject}.${p}`, encodeRecords(chunk)));
      }
      Promise.all(sends).then(
        () => {
          this.stats.published += sends.length;
          this.stats.records += part.records.length;
          for (const w of part.waiters) if (--w.left === 0 && !w.failed) w.resolve();
        },
        (err) => {
          this.stats.failed += sends.length;
          for (const w of part.waiters) {
            if (w.failed) continue;
            w.failed = true;
            w.reject(err);
          }
        },
      );
    }
  }
}
