import { encodeGt06Packet } from '@lodestar/protocols';
import { afterEach, describe, expect, it } from 'vitest';
import { startGateway } from './gateway.ts';
import { MemoryCommands, MemoryDirectory, MemorySink } from './testing/fakes.ts';
import { eventually, sleep, TestClient, type TestGateway, testGateway } from './testing/harness.ts';

let t: TestGateway | undefined;
afterEach(async () => {
  await t?.gateway.close();
  t = undefined;
});

describe('gateway limits and lifecycle', () => {
  it('closes a silent socket after the idle timeout', async () => {
    t = await testGateway([], { idleTimeoutMs: 150 });
    const device = await TestClient.connect(t.gateway.ports.gt06);
    await sleep(50);
    expect(device.closed).toBe(false);
    await eventually(() => device.closed, 1000);
    await eventually(() => t?.gateway.stats().connections.gt06 === 0);
  });

  it('refuses the connection over maxConnections and accepts again once one closes', async () => {
    t = await testGateway([], { maxConnections: 2 });
    const first = await TestClient.connect(t.gateway.ports.gt06);
    await TestClient.connect(t.gateway.ports.jt808);
    await eventually(() => t?.gateway.stats().connections.jt808 === 1);
    const extra = await TestClient.connect(t.gateway.ports.h02);
    await eventually(() => extra.closed);
    expect(t.gateway.stats().connectionsRefused).toBe(1);
    first.close();
    await eventually(() => t?.gateway.stats().connections.gt06 === 0);
    const again = await TestClient.connect(t.gateway.ports.gt06);
    await sleep(50);
    expect(again.closed).toBe(false);
  });

  it('closes only the connection whose handling throws', async () => {
    t = await testGateway(['123456789012345']);
    t.directory.isKnown = async () => {
      throw new Error('directory exploded');
    };
    const device = await TestClient.connect(t.gateway.ports.gt06);
    device.send(encodeGt06Packet(0x01, 1, Buffer.from('0123456789012345', 'hex')));
    await eventually(() => device.closed);
    const other = await TestClient.connect(t.gateway.ports.gt06);
    await sleep(30);
    expect(other.closed).toBe(false);
  });

  it('disables a protocol with port 0, reports actual ports and rejects a port already in use', async () => {
    t = await testGateway([], { ports: { teltonika: 0, osmand: 0 } });
    const { ports } = t.gateway;
    expect(ports.teltonika).toBe(0);
    expect(ports.osmand).toBe(0);
    expect(ports.gt06).toBeGreaterThan(0);
    const ports2 = { ...ports, gt06: ports.gt06, jt808: 0, h02: 0 };
    await expect(
      startGateway({
        sink: new MemorySink(),
        directory: new MemoryDirectory(),
        commands: new MemoryCommands(),
        host: '127.0.0.1',
        ports: ports2,
      }),
    ).rejects.toThrow(/EADDRINUSE/);
  });
});
