import type { SimProtocol } from './ids.ts';
import type { LatencyRecorder } from './latency.ts';
import type { Outgoing } from './protocols/types.ts';
import type { SimFix } from './route.ts';

/** A position the gateway acknowledged. */
export interface SimAck {
  deviceId: string;
  protocol: SimProtocol;
  fix: SimFix;
  /** From the last send of the frame to its acknowledgement. */
  latencyMs: number;
}

export interface TrackerCounters {
  sent: number;
  resent: number;
  acked: number;
  dropped: number;
}

export interface TrackerDeps {
  host: string;
  port: number;
  resendAfterMs: number;
  latency: LatencyRecorder;
  counters: TrackerCounters;
  onAck?: (ack: SimAck) => void;
}

/** A virtual tracker as the fleet drives it. */
export interface Tracker {
  readonly deviceId: string;
  readonly protocol: SimProtocol;
  readonly online: boolean;
  readonly pending: number;
  /** Whether the platform's immobiliser command holds the vehicle. */
  readonly immobilised: boolean;
  report(fix: SimFix): void;
  stop(): void;
}

interface Entry {
  fix: SimFix;
  out: Outgoing;
  sentAt?: number;
  sends: number;
}

/** Largest backlog a device keeps while it cannot deliver (real trackers keep a few hundred fixes). */
const MAX_BACKLOG = 500;

/**
 * Unacknowledged positions of one device, oldest first: what is resent after `resendAfterMs`, and what an
 * ACK settles (by key, or the oldest sent one for protocols answered in order).
 */
export class Backlog {
  private entries: Entry[] = [];

  constructor(
    private readonly deviceId: string,
    private readonly protocol: SimProtocol,
    private readonly deps: TrackerDeps,
  ) {}

  get size(): number {
    return this.entries.length;
  }

  add(fix: SimFix, out: Outgoing): void {
    this.entries.push({ fix, out, sends: 0 });
    if (this.entries.length > MAX_BACKLOG) {
      this.entries.shift();
      this.deps.counters.dropped++;
    }
  }

  /** Frames due now: never sent, or sent longer ago than the resend delay. Marks them sent. */
  due(now: number): Buffer[] {
    const out: Buffer[] = [];
    for (const e of this.entries) {
      if (e.sentAt !== undefined && now - e.sentAt < this.deps.resendAfterMs) continue;
      if (e.sends === 0) this.deps.counters.sent++;
      else this.deps.counters.resent++;
      e.sends++;
      e.sentAt = now;
      out.push(e.out.bytes);
    }
    return out;
  }

  /** Forget send times (after a reconnect everything is sent again). */
  unsend(): void {
    for (const e of this.entries) e.sentAt = undefined;
  }

  ack(key: string, now: number): void {
    const at = this.entries.findIndex((e) => e.sentAt !== undefined && (key === '' || e.out.key === key));
    const entry = this.entries[at];
    if (!entry || entry.sentAt === undefined) return;
    this.entries.splice(at, 1);
    const latencyMs = now - entry.sentAt;
    this.deps.counters.acked++;
    this.deps.latency.record(latencyMs);
    this.deps.onAck?.({ deviceId: this.deviceId, protocol: this.protocol, fix: entry.fix, latencyMs });
  }
}
