import { connect, DeliverPolicy, JSONCodec, type NatsConnection, RetentionPolicy, StorageType } from 'nats';
import type { LiveBus, LiveUpdate } from './bus.ts';

const STREAM = 'LODESTAR_LIVE';
const SUBJECT = 'lodestar.live';

/**
 * The live bus on NATS JetStream: updates are published to `lodestar.live.<holdId>` on a stream
 * kept for ten minutes, and each subscriber reads new messages through an ordered consumer.
 */
export class NatsBus implements LiveBus {
  readonly kind = 'nats' as const;
  private readonly codec = JSONCodec<LiveUpdate>();
  private readonly stops = new Set<() => void>();

  private constructor(private readonly nc: NatsConnection) {}

  static async connect(url: string): Promise<NatsBus> {
    const nc = await connect({ servers: url, name: 'lodestar' });
    const jsm = await nc.jetstreamManager();
    const config = {
      name: STREAM,
      subjects: [`${SUBJECT}.>`],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      max_age: 10 * 60 * 1e9,
    };
    try {
      await jsm.streams.info(STREAM);
    } catch {
      await jsm.streams.add(config);
    }
    return new NatsBus(nc);
  }

  publish(updates: LiveUpdate[]): void {
    const js = this.nc.jetstream();
    for (const u of updates) {
      // Positions are already durable in PostgreSQL; the bus is a live feed, so a failed publish is dropped.
      js.publish(`${SUBJECT}.${u.holdId}`, this.codec.encode(u)).catch(() => {});
    }
  }

  async subscribe(listener: (u: LiveUpdate) => void): Promise<() => void> {
    const consumer = await this.nc.jetstream().consumers.get(STREAM, { deliver_policy: DeliverPolicy.New });
    const messages = await consumer.consume();
    (async () => {
      for await (const m of messages) listener(this.codec.decode(m.data));
    })().catch(() => {});
    const stop = () => {
      void messages.stop();
      this.stops.delete(stop);
    };
    this.stops.add(stop);
    return stop;
  }

  async close(): Promise<void> {
    for (const stop of [...this.stops]) stop();
    await this.nc.drain();
  }
}
