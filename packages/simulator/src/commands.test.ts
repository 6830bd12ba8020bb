import type { CommandStore, CommandType, DeviceDirectory, IngestSink, PendingCommand } from '@lodestar/gateway';
import { startGateway } from '@lodestar/gateway';
import { encodeJt808, jt808TerminalId, parseJt808Frame } from '@lodestar/protocols';
import { describe, expect, it } from 'vitest';
import { deviceIds } from './ids.ts';
import { jt808Dialect } from './protocols/jt808.ts';
import { startSimulator } from './simulator.ts';

/** The gateway's command queue in memory: what was sent and what the terminal answered. */
class Queue implements CommandStore {
  readonly rows = new Map<number, { command: PendingCommand; status: string; result?: string }>();
  private next = 1;

  add(deviceId: string, type: CommandType, params: Record<string, unknown> = {}): number {
    const id = this.next++;
    const payload: Record<string, unknown> = { params };
    if (typeof params.text === 'string') payload.text = params.text;
    this.rows.set(id, { command: { id, deviceId, type, payload }, status: 'queued' });
    return id;
  }
  async pendingFor(deviceId: string) {
    return [...this.rows.values()]
      .filter((r) => r.command.deviceId === deviceId && r.status === 'queued')
      .map((r) => r.command);
  }
  async markSent(id: number) {
    if (this.rows.get(id)?.status !== 'queued') return false;
    this.set(id, 'sent');
    return true;
  }
  async markAcknowledged(id: number, _at: Date, result?: string) {
    this.set(id, 'acknowledged', result);
  }
  async markFailed(id: number, _at: Date, reason: string) {
    this.set(id, 'failed', reason);
  }
  private set(id: number, status: string, result?: string) {
    const row = this.rows.get(id);
    if (row) this.rows.set(id, { ...row, status, result });
  }
  done(ids: number[]) {
    return ids.every((id) => ['acknowledged', 'failed'].includes(this.rows.get(id)?.status ?? ''));
  }
  outcome(id: number) {
    const row = this.rows.get(id);
    return [row?.status, row?.result];
  }
}

async function until(check: () => boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('simulated terminals answer commands over real TCP', () => {
  it('JT/T 808 and GT06 trackers answer every catalogue command their protocol carries', async () => {
    const MIX = { jt808: 1, gt06: 1 };
    const ids = deviceIds(2, MIX);
    const idOf = (protocol: string) => ids.find((d) => d.protocol === protocol)?.deviceId ?? '';
    const [jt, gt] = [idOf('jt808'), idOf('gt06')];
    const queue = new Queue();
    let positions = 0;
    const sink: IngestSink = {
      async persist(batch) {
        positions += batch.reduce((n, r) => n + r.message.positions.length, 0);
      },
    };
    const directory: DeviceDirectory = {
      isKnown: async (_p, id) => id === jt || id === gt,
      recordUnknown: async () => {},
      connected: () => {},
      disconnected: () => {},
    };
    const gateway = await startGateway({
      sink,
      directory,
      commands: queue,
      host: '127.0.0.1',
      listenOnFreePorts: true,
    });
    const sim = startSimulator({ ports: gateway.ports, devices: 2, protocolMix: MIX, intervalMs: 100, seed: 3 });
    try {
      await until(() => positions >= 4, 5000, 'positions from both trackers');
      const j = {
        set: queue.add(jt, 'setParameters', { heartbeatSeconds: 90, sleepReportMinutes: 10, plate: '沪B00001' }),
        params: queue.add(jt, 'queryParameters'),
        where: queue.add(jt, 'positionQuery'),
        status: queue.add(jt, 'queryStatus'),
        message: queue.add(jt, 'message', { text: '请靠边停车', tts: true }),
        tracking: queue.add(jt, 'trackingMode', { durationMinutes: 5, wakeSeconds: 30 }),
        speed: queue.add(jt, 'speedAlarm', { maxSpeedKmh: 100, overspeedSeconds: 5 }),
      };
      const g = {
        timer: queue.add(gt, 'uploadInterval', { reportSeconds: 30, sleepReportMinutes: 60 }),
        speed: queue.add(gt, 'speedAlarm', { maxSpeedKmh: 100, overspeedSeconds: 5 }),
        senalm: queue.add(gt, 'sensorAlarm', { on: true }),
        center: queue.add(gt, 'centerNumber', { phone: '13800138000' }),
        params: queue.add(gt, 'queryParameters'),
        where: queue.add(gt, 'positionQuery'),
        status: queue.add(gt, 'queryStatus'),
        message: queue.add(gt, 'message', { text: 'Drive safe' }),
      };
      gateway.notifyCommand(jt);
      gateway.notifyCommand(gt);
      const all = [...Object.values(j), ...Object.values(g)];
      await until(() => queue.done(all), 5000, 'every answer');

      expect(queue.outcome(j.set)).toEqual(['acknowledged', 'success']);
      // The parameters it now holds: 90 s heartbeat, 10 min sleep interval in seconds, the new plate.
      const params = String(queue.outcome(j.params)[1]);
      expect(queue.outcome(j.params)[0]).toBe('acknowledged');
      expect(params).toContain('0x0001=90');
      expect(params).toContain('0x0027=600');
      expect(params).toContain('0x0083=沪B00001');
      expect(queue.outcome(j.where)[0]).toBe('acknowledged');
      expect(String(queue.outcome(j.where)[1])).toMatch(/^-?\d+\.\d{6},-?\d+\.\d{6} [\d.]+ km\/h \d{4}-\d\d-\d\d /);
      expect(queue.outcome(j.status)).toEqual(['acknowledged', expect.stringContaining('model SIM-808, maker LODE')]);
      for (const id of [j.message, j.tracking, j.speed]) expect(queue.outcome(id)).toEqual(['acknowledged', 'success']);

      expect(queue.outcome(g.timer)).toEqual(['acknowledged', 'TIMER ACC ON:30s,ACC OFF:3600s']);
      expect(queue.outcome(g.speed)).toEqual(['acknowledged', 'SPEEDALM_OK']);
      expect(queue.outcome(g.params)).toEqual([
        'acknowledged',
        `IMEI:${gt};TIMER:30,3600;SPEED:ON,5,100;SENALM:ON;CENTER:13800138000`,
      ]);
      expect(String(queue.outcome(g.where)[1])).toMatch(/^Current position!Lat:[NS]\d+\.\d{6},Lon:[EW]\d+\.\d{6}/);
      expect(String(queue.outcome(g.status)[1])).toContain('GPRS:Link Up');
      expect(queue.outcome(g.message)).toEqual(['acknowledged', 'Drive safe:OK']);
    } finally {
      await sim.close();
      await gateway.close();
    }
  });
});

describe('the simulated JT/T 808 terminal', () => {
  it('answers a platform message it does not know with 0x0001 result 3 (unsupported)', () => {
    const d = jt808Dialect('13900000001');
    const events = d.onFrame(encodeJt808(0x8500, { phone: jt808TerminalId('13900000001') }, 0x4321, Buffer.from([1])));
    const reply = events[0]?.type === 'send' ? parseJt808Frame(events[0].bytes) : undefined;
    expect(reply?.header.msgId).toBe(0x0001);
    expect(reply?.body.toString('hex')).toBe('4321850003');
  });

  it('answers a position query before its first fix with result 1 (failure)', () => {
    const d = jt808Dialect('13900000001');
    const events = d.onFrame(encodeJt808(0x8201, { phone: jt808TerminalId('13900000001') }, 7, Buffer.alloc(0)));
    const reply = events[0]?.type === 'send' ? parseJt808Frame(events[0].bytes) : undefined;
    expect(reply?.body.toString('hex')).toBe('0007820101');
  });
});
