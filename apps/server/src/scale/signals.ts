import type { NatsConnection, Subscription } from 'nats';

/**
 * What one role tells the others when they run in separate processes. Each is a hint that saves
 * waiting: a missed one is made good by the next connection (commands), the next report (alarms are
 * stored released in the database) or the device cache's one-minute expiry.
 */
export interface SignalHandlers {
  /** A command was queued for the device: the gateway holding its connection sends it now. */
  commandQueued?(deviceId: string): void;
  /** An operator released the device's alarms: its writer forgets them in the cached state. */
  alarmsReleased?(devicePk: number): void;
  /** A device was added, changed or removed: device caches drop it. */
  deviceChanged?(deviceId: string): void;
  /**
   * Fences, roads, their bindings or a VIP changed: fence engines reload. A missed one is made good by the next
   * change only, so the engine of an ingest process that was away reloads when it starts.
   */
  zonesChanged?(): void;
}

export type Signal = keyof SignalHandlers;
type Payload = { deviceId?: string; devicePk?: number };

const SIGNALS: readonly Signal[] = ['commandQueued', 'alarmsReleased', 'deviceChanged', 'zonesChanged'];

/** Core NATS subjects (no stream: a hint is worth nothing later). */
export class NatsSignals {
  private readonly subs: Subscription[] = [];

  constructor(
    private readonly nc: NatsConnection,
    private readonly prefix = 'lodestar.signal',
  ) {}

  send(signal: 'commandQueued' | 'deviceChanged', deviceId: string): void;
  send(signal: 'alarmsReleased', devicePk: number): void;
  send(signal: 'zonesChanged'): void;
  send(signal: Signal, key?: string | number): void {
    const payload: Payload = key === undefined ? {} : typeof key === 'number' ? { devicePk: key } : { deviceId: key };
    this.nc.publish(`${this.prefix}.${signal}`, JSON.stringify(payload));
  }

  /** Subscribes to the signals this process has handlers for; resolves once the server has the subscriptions. */
  async listen(handlers: SignalHandlers): Promise<void> {
    for (const signal of SIGNALS) {
      const handler = handlers[signal] as ((key?: string | number) => void) | undefined;
      if (!handler) continue;
      this.subs.push(
        this.nc.subscribe(`${this.prefix}.${signal}`, {
          callback: (err, msg) => {
            if (err) return;
            try {
              const p = JSON.parse(new TextDecoder().decode(msg.data)) as Payload;
              if (signal === 'zonesChanged') return handler();
              const key = signal === 'alarmsReleased' ? p.devicePk : p.deviceId;
              if (key !== undefined) handler(key);
            } catch {
              // Not ours or garbled: a hint, safe to ignore.
            }
          },
        }),
      );
    }
    await this.nc.flush();
  }

  close(): void {
    for (const s of this.subs) s.unsubscribe();
  }
}
