import { EventEmitter } from 'node:events';
import type { DeviceEvent } from './state.ts';

/** What the live feed carries: the latest state of a device after a write, and its events. */
export interface LiveUpdate {
  devicePk: number;
  deviceId: string;
  holdId: number;
  holdPath: string;
  fixTime: string | null;
  lat: number | null;
  lon: number | null;
  speed: number | null;
  course: number | null;
  acc: boolean | null;
  alarms: string[];
  /** Map status as of this update (the device just reported, so it is online). */
  status: string;
  mileage: number;
  events: DeviceEvent[];
}

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
