import { deserialize, serialize } from 'node:v8';
import type { InboundRecord } from '@lodestar/gateway';
import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  type JetStreamManager,
  nanos,
  RetentionPolicy,
  StorageType,
} from 'nats';

/**
 * The ingest stream joins gateway processes to ingest workers when they run apart (ROLES): a
 * JetStream work queue on file storage, split into partitions by device so that one worker owns
 * each device's records and applies them in the order the device sent them.
 */
export interface IngestStreamNames {
  stream: string;
  /** Partition p is `${subject}.${p}`. */
  subject: string;
  /** Partition p is consumed through the durable consumer `${consumer}-${p}`. */
  consumer: string;
}

export const INGEST_STREAM: IngestStreamNames = {
  stream: 'LODESTAR_INGEST',
  subject: 'lodestar.ingest',
  consumer: 'ingest',
};

export interface IngestStreamSettings {
  names?: IngestStreamNames;
  partitions: number;
  /** The stream refuses new records beyond this (gateways then withhold ACKs; devices resend). */
  maxBytes: number;
  /** A record a worker took and did not settle in this time goes to the next taker. */
  ackWaitMs?: number;
}

/** FNV-1a over the id's characters: stable across processes and versions, unlike a random seed. */
export function partitionOf(deviceId: string, partitions: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < deviceId.length; i++) h = Math.imul(h ^ deviceId.charCodeAt(i), 0x01000193);
  return (h >>> 0) % partitions;
}

/**
 * Records as they travel: V8's structured serialisation keeps the decoded messages' Dates and byte
 * arrays as they are, with no JSON reviving. The reply bytes stay behind: only the gateway sends them.
 */
export function encodeRecords(records: readonly InboundRecord[]): Uint8Array {
  return serialize(records.map((r) => (r.message.reply ? { ...r, message: { ...r.message, reply: undefined } } : r)));
}

export function decodeRecords(data: Uint8Array): InboundRecord[] {
  return deserialize(data) as InboundRecord[];
}

/**
 * Creates the stream and its per-partition consumers, or checks that an existing stream has the same
 * partitions (processes configured with different INGEST_PARTITIONS would split devices differently).
 */
export async function ensureIngestStream(jsm: JetStreamManager, s: IngestStreamSettings): Promise<void> {
  const names = s.names ?? INGEST_STREAM;
  const existing = await jsm.streams.info(names.stream).catch(() => undefined);
  if (!existing) {
    await jsm.streams.add({
      name: names.stream,
      subjects: [`${names.subject}.*`],
      retention: RetentionPolicy.Workqueue,
      storage: StorageType.File,
      discard: DiscardPolicy.New,
      max_bytes: s.maxBytes,
      // NATS 2.9 has no stream metadata; the description carries the partition count.
      description: `Lodestar ingest, partitions=${s.partitions}`,
    });
  } else {
    const had = Number(/partitions=(\d+)/.exec(existing.config.description ?? '')?.[1]);
    if (had !== s.partitions)
      throw new Error(
        `NATS stream ${names.stream} was made with ${had} partitions, this process is set to INGEST_PARTITIONS=${s.partitions}: ` +
          'every gateway and ingest process must use the same number (or drain and delete the stream to change it)',
      );
  }
  for (let p = 0; p < s.partitions; p++) {
    const durable = `${names.consumer}-${p}`;
    const info = await jsm.consumers.info(names.stream, durable).catch(() => undefined);
    if (info) continue;
    await jsm.consumers.add(names.stream, {
      durable_name: durable,
      filter_subject: `${names.subject}.${p}`,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(s.ackWaitMs ?? 30_000),
      max_ack_pending: 20_000,
    });
  }
}

/** "0-3,6" → [0, 1, 2, 3, 6]; empty → every partition. */
export function parsePartitions(spec: string | undefined, partitions: number): number[] {
  if (!spec) return Array.from({ length: partitions }, (_, i) => i);
  const out = new Set<number>();
  for (const part of spec.split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    const from = Number(m?.[1]);
    const to = Number(m?.[2] ?? m?.[1]);
    if (!m || from > to || to >= partitions)
      throw new Error(
        `Setting INGEST_WORKER_PARTITIONS must list partitions 0-${partitions - 1} like "0-3,6", got "${spec}"`,
      );
    for (let p = from; p <= to; p++) out.add(p);
  }
  return [...out].sort((a, b) => a - b);
}
