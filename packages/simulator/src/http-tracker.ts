import { Agent, request } from 'node:http';
import { osmandPath } from './protocols/osmand.ts';
import type { SimFix } from './route.ts';
import { Backlog, type Tracker, type TrackerDeps } from './tracker.ts';

/** A phone running Traccar Client: one GET per position; only a 200 counts as delivered (else resent). */
export class OsmAndTracker implements Tracker {
  readonly protocol = 'osmand' as const;
  online = false;
  /** OsmAnd has no downlink: nothing can cut this one. */
  readonly immobilised = false;
  private readonly backlog: Backlog;
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });
  private stopped = false;

  constructor(
    readonly deviceId: string,
    private readonly deps: TrackerDeps,
  ) {
    this.backlog = new Backlog(deviceId, 'osmand', deps);
  }

  get pending(): number {
    return this.backlog.size;
  }

  report(fix: SimFix): void {
    const path = osmandPath(this.deviceId, fix);
    this.backlog.add(fix, { bytes: Buffer.from(path), key: path });
    for (const bytes of this.backlog.due(Date.now())) this.send(bytes.toString());
  }

  stop(): void {
    this.stopped = true;
    this.agent.destroy();
  }

  private send(path: string): void {
    const req = request({ host: this.deps.host, port: this.deps.port, path, agent: this.agent }, (res) => {
      res.resume();
      this.online = res.statusCode === 200;
      if (res.statusCode === 200 && !this.stopped) this.backlog.ack(path, Date.now());
    });
    req.setTimeout(10_000, () => req.destroy());
    req.on('error', () => {
      this.online = false;
    });
    req.end();
  }
}
