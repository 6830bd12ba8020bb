import { EventEmitter } from 'node:events';
import type { LiveUpdate } from '@lodestar/contract/live';

/** What the live bus carries (declared in the contract: it crosses processes over NATS too). */
export type { LiveBusEvent, LiveUpdate } from '@lodestar/contract/live';

/**
 * The live bus between ingest and the API's subscribers. In-process by default; NATS JetStream
 * when NATS_URL is set, so gateway/ingest processes and API processes can be scaled apart.
 */
export interface LiveBus {
  readonly kind: 'memory' | 'nats';
  publish(updates: LiveUpdate[]): void;
  /** Resolves once the subscription receives every later publish; the function unsubscribes. */
  subscribe(listener: (u: LiveUpdate) => void): Promise<() => void>;
  close(): Promise<void>;
}

export class InProcessBus implements LiveBus {
  readonly kind = 'memory' as const;
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  publish(updates: LiveUpdate[]): void {
    for (const u of updates) this.emitter.emit('update', u);
  }

  async subscribe(listener: (u: LiveUpdate) => void): Promise<() => void> {
    this.emitter.on('update', listener);
    return () => this.emitter.off('update', listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
