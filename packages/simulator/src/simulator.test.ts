import type { DeviceDirectory, InboundRecord, IngestSink, PendingCommand } from '@lodestar/gateway';
import { startGateway } from '@lodestar/gateway';
import { describe, expect, it } from 'vitest';
import { distanceM } from './cities.ts';
import { deviceIds } from './ids.ts';
import { startSimulator } from './simulator.ts';
import type { SimAck } from './tracker.ts';

const MIX = { gt06: 1, jt808: 1, h02: 1, osmand: 1 };

/** In-memory ports: the sink the simulator's acknowledgements are checked against. */
function memoryPorts(known: string[]) {
  const records: InboundRecord[] = [];
  const sink: IngestSink = {
    async persist(batch) {
      records.push(...batch);
    },
  };
  const directory: DeviceDirectory = {
    isKnown: async (_p, id) => known.includes(id),
    recordUnknown: async () => {},
    connected: () => {},
    disconnected: () => {},
  };
  const commands = {
    pendingFor: async (): Promise<PendingCommand[]> => [],
    markSent: async () => true,
    markAcknowledged: async () => {},
    markFailed: async () => {},
  };
  return { records, sink, directory, commands };
}

describe('simulator against a real gateway', () => {
  it('every acknowledged position is stored, every device is acknowledged and moves', async () => {
    const ids = deviceIds(8, MIX).map((d) => d.deviceId);
    const ports = memoryPorts(ids);
    const gateway = await startGateway({ ...ports, host: '127.0.0.1', listenOnFreePorts: true });
    const acks: SimAck[] = [];
    const sim = startSimulator({
      host: '127.0.0.1',
      ports: gateway.ports,
      devices: 8,
      protocolMix: MIX,
      intervalMs: 40,
      timeScale: 500, // 20 simulated seconds per report
      seed: 42,
      onAck: (a) => acks.push(a),
    });
    try {
      const deadline = Date.now() + 8000;
      const acked = () => new Set(acks.map((a) => a.deviceId));
      while ((acked().size < 8 || acks.length < 160) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(acked()).toEqual(new Set(ids));
      expect(new Set(sim.devices.map((d) => d.protocol))).toEqual(new Set(['gt06', 'jt808', 'h02', 'osmand']));
      // ACK after durable write: whatever the gateway acknowledged is already in the sink.
      const stored = new Set(
        ports.records.flatMap((r) => r.message.positions.map((p) => `${r.deviceId} ${p.fixTime.toISOString()}`)),
      );
      for (const a of acks) expect(stored.has(`${a.deviceId} ${a.fix.time.toISOString()}`)).toBe(true);
      for (const id of ids) {
        const mine = acks.filter((a) => a.deviceId === id).map((a) => a.fix);
        const first = mine[0];
        const travelled = Math.max(...mine.map((f) => (first ? distanceM(first.lat, first.lon, f.lat, f.lon) : 0)));
        expect(travelled, `device ${id} moved`).toBeGreaterThan(50);
      }
      const s = sim.stats();
      expect(s.acked).toBe(acks.length);
      expect(s.online).toBe(8);
      expect(s.latencyMs.p99).toBeGreaterThanOrEqual(s.latencyMs.p50);
      expect(gateway.stats().malformedFrames).toBe(0);
    } finally {
      await sim.close();
      await gateway.close();
    }
  });

  it('stamps each fix when it is sent, never ahead of the clock (time scale 1)', async () => {
    const ids = deviceIds(4, MIX).map((d) => d.deviceId);
    const ports = memoryPorts(ids);
    const received: { fix: number; at: number }[] = [];
    const sink: IngestSink = {
      async persist(batch) {
        for (const r of batch)
          for (const p of r.message.positions) received.push({ fix: p.fixTime.getTime(), at: r.receivedAt.getTime() });
      },
    };
    const timed = await startGateway({ ...ports, sink, host: '127.0.0.1', listenOnFreePorts: true });
    // Four devices spread over a 2 s interval: the last one's first report goes out after 1.5 s.
    const sim = startSimulator({
      host: '127.0.0.1',
      ports: timed.ports,
      devices: 4,
      protocolMix: MIX,
      intervalMs: 2000,
    });
    try {
      const deadline = Date.now() + 8000;
      while (received.length < 6 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(received.length).toBeGreaterThanOrEqual(6);
      // Fix times are whole seconds: a fix is at most a second behind its arrival, and never after it.
      for (const r of received) {
        expect(r.fix).toBeLessThanOrEqual(r.at);
        expect(r.at - r.fix).toBeLessThan(1500);
      }
    } finally {
      await sim.close();
      await timed.close();
    }
  });

  it('devices unknown to the gateway are refused and get no acknowledgement', async () => {
    const ports = memoryPorts([]);
    const gateway = await startGateway({ ...ports, host: '127.0.0.1', listenOnFreePorts: true });
    const sim = startSimulator({ ports: gateway.ports, devices: 4, protocolMix: MIX, intervalMs: 40, seed: 1 });
    try {
      await new Promise((r) => setTimeout(r, 600));
      expect(sim.stats().acked).toBe(0);
      expect(ports.records).toHaveLength(0);
      expect(gateway.stats().unknownDevicesRefused).toBeGreaterThanOrEqual(4);
    } finally {
      await sim.close();
      await gateway.close();
    }
  });
});
