import { OsmAndTracker } from './http-tracker.ts';
import { DEFAULT_MIX, deviceIds, type ProtocolMix, type SimProtocol } from './ids.ts';
import { LatencyRecorder } from './latency.ts';
import { gt06Dialect } from './protocols/gt06.ts';
import { h02Dialect } from './protocols/h02.ts';
import { jt808Dialect } from './protocols/jt808.ts';
import type { CameraOptions } from './protocols/jt808-camera.ts';
import { deviceSeed, seededRandom } from './random.ts';
import { Vehicle } from './route.ts';
import { TcpTracker } from './tcp-tracker.ts';
import type { SimAck, Tracker, TrackerCounters, TrackerDeps } from './tracker.ts';

/** The gateway's default ports (Traccar's), used when `ports` leaves one out. */
export const SIM_DEFAULT_PORTS: Readonly<Record<SimProtocol, number>> = {
  gt06: 5023,
  jt808: 5015,
  h02: 5013,
  osmand: 5055,
};

/** The demo fleet `npm start` drives beside the server (scripts/start.ts), and the browser tests' servers too. */
export const DEMO_FLEET = { intervalMs: 10_000, seed: 7 } as const;

export interface SimulatorOptions {
  host?: string;
  ports?: Partial<Record<SimProtocol, number>>;
  devices: number;
  protocolMix?: ProtocolMix;
  /** Real time between two reports of one device. Default 10 s. */
  intervalMs?: number;
  seed?: number;
  /** Simulated seconds per real second (demo fast-forward; fix times then run ahead of the clock). Default 1. */
  timeScale?: number;
  /** Resend a position not acknowledged after this long. Default max(3 × intervalMs, 5 s). */
  resendAfterMs?: number;
  /** Clock of the first fix. Default now. */
  startTime?: Date;
  /** Number the fleet from here (two simulators with distinct devices). Default 0. */
  idOffset?: number;
  onAck?: (ack: SimAck) => void;
  /** The JT/T 808 trackers' camera: photo size, packet size, a packet dropped to force 0x8800. */
  camera?: CameraOptions;
}

export interface SimulatorStats extends TrackerCounters {
  devices: number;
  online: number;
  /** Positions waiting for an acknowledgement. */
  pending: number;
  latencyMs: { p50: number; p99: number };
}

export interface SimulatorHandle {
  devices: readonly { deviceId: string; protocol: SimProtocol; city: string }[];
  stats(): SimulatorStats;
  close(): Promise<void>;
}

/** Drive `devices` virtual trackers over real TCP/HTTP to a gateway. Deterministic routes for a seed. */
export function startSimulator(o: SimulatorOptions): SimulatorHandle {
  const intervalMs = o.intervalMs ?? 10_000;
  const seed = o.seed ?? 1;
  const start = o.startTime ?? new Date();
  const latency = new LatencyRecorder(100_000, seededRandom(seed));
  const counters: TrackerCounters = { sent: 0, resent: 0, acked: 0, dropped: 0 };
  const timers: NodeJS.Timeout[] = [];
  const trackers: Tracker[] = [];
  const devices: { deviceId: string; protocol: SimProtocol; city: string }[] = [];
  const ids = deviceIds(o.devices, o.protocolMix ?? DEFAULT_MIX, o.idOffset ?? 0);
  for (const { index, protocol, deviceId } of ids) {
    const deps: TrackerDeps = {
      host: o.host ?? '127.0.0.1',
      port: o.ports?.[protocol] ?? SIM_DEFAULT_PORTS[protocol],
      resendAfterMs: o.resendAfterMs ?? Math.max(3 * intervalMs, 5000),
      latency,
      counters,
      onAck: o.onAck,
    };
    const tracker = createTracker(protocol, deviceId, deps, o.camera);
    // Spread the fleet over the interval so reports do not arrive in bursts.
    const firstAfterMs = (index * intervalMs) / Math.max(1, o.devices);
    const stepMs = intervalMs * (o.timeScale ?? 1);
    // Each tick advances the vehicle by one step: its clock starts a step before its first report,
    // so (at time scale 1) a fix is stamped when it is sent, never ahead of the receiver's clock.
    const vehicle = new Vehicle(
      seededRandom(deviceSeed(seed, index)),
      new Date(start.getTime() + firstAfterMs - stepMs),
    );
    trackers.push(tracker);
    devices.push({ deviceId, protocol, city: vehicle.city.name });
    const tick = () => {
      vehicle.setImmobilised(tracker.immobilised);
      tracker.report(vehicle.advance(stepMs / 1000));
    };
    const first = setTimeout(() => {
      tick();
      timers.push(setInterval(tick, intervalMs));
    }, firstAfterMs);
    timers.push(first);
  }
  return {
    devices,
    stats: () => ({
      ...counters,
      devices: trackers.length,
      online: trackers.filter((t) => t.online).length,
      pending: trackers.reduce((n, t) => n + t.pending, 0),
      latencyMs: { p50: latency.percentile(50), p99: latency.percentile(99) },
    }),
    close: async () => {
      for (const t of timers) clearTimeout(t);
      for (const t of trackers) t.stop();
    },
  };
}

function createTracker(protocol: SimProtocol, deviceId: string, deps: TrackerDeps, camera?: CameraOptions): Tracker {
  switch (protocol) {
    case 'gt06':
      return new TcpTracker(deviceId, protocol, gt06Dialect(deviceId), deps);
    case 'jt808':
      return new TcpTracker(deviceId, protocol, jt808Dialect(deviceId, camera), deps);
    case 'h02':
      return new TcpTracker(deviceId, protocol, h02Dialect(deviceId), deps);
    case 'osmand':
      return new OsmAndTracker(deviceId, deps);
  }
}
