import { createSocket } from 'node:dgram';
import { encodeGt06Ack, encodeGt06Packet } from '@lodestar/protocols';
import { afterEach, describe, expect, it } from 'vitest';
import { startGateway } from './gateway.ts';
import { addressKey } from './stats.ts';
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

const IMEIS = ['864717003283581', '864717003283582', '864717003283583', '864717003283584'];

/** A GT06 tracker from `localAddress` that logged in as `imei` and got its login ACK. */
async function loggedIn(port: number, imei: string, localAddress = '127.0.0.1'): Promise<TestClient> {
  const device = await TestClient.connect(port, localAddress);
  device.send(encodeGt06Packet(0x01, 7, Buffer.from(`0${imei}`, 'hex')));
  await device.expectHex(encodeGt06Ack(0x01, 7).toString('hex'));
  return device;
}

describe('connections that identify no registered device', () => {
  const open = () => t!.gateway.stats().connections.gt06;
  /** Every connection the gateway took in, accepted or refused (none closes by itself in these tests). */
  const handled = () => {
    const s = t!.gateway.stats();
    return s.connections.gt06 + s.unidentifiedEvicted + s.connectionsRefused + s.unidentifiedEvictedPerAddress;
  };
  /** A socket that never identifies, once the gateway has handled it (so "oldest" is well defined). */
  async function idle(localAddress = '127.0.0.1'): Promise<TestClient> {
    const before = handled();
    const client = await TestClient.connect(t!.gateway.ports.gt06, localAddress);
    await eventually(() => handled() > before, 1000, 'the gateway to take the connection');
    return client;
  }
  /** A connection the gateway refuses: it is closed at once. */
  async function refused(localAddress = '127.0.0.1'): Promise<void> {
    const client = await TestClient.connect(t!.gateway.ports.gt06, localAddress);
    await eventually(() => client.closed, 1000, 'the connection to be refused');
  }

  it('are closed after the unidentified timeout, even while they send bytes; a logged-in device stays', async () => {
    t = await testGateway([IMEIS[0]!], { unidentifiedTimeoutMs: 200 });
    const silent = await idle();
    const chatty = await idle();
    // Data refreshes the idle timeout but identifies nothing.
    const noise = setInterval(() => chatty.send('hello'), 50);
    const device = await loggedIn(t.gateway.ports.gt06, IMEIS[0]!);
    try {
      await eventually(() => silent.closed && chatty.closed, 2000, 'the unidentified connections to close');
    } finally {
      clearInterval(noise);
    }
    await sleep(300); // the device's own 200 ms have passed too
    expect(device.closed).toBe(false);
    expect(t.gateway.stats()).toMatchObject({ unidentifiedTimedOut: 2, unidentified: 0 });
    expect(open()).toBe(1);
  });

  it('are capped per address, the oldest giving way; identified devices from that address are not capped', async () => {
    t = await testGateway(IMEIS, { maxUnidentifiedPerAddress: 2, unidentifiedGraceMs: 0 });
    const port = t.gateway.ports.gt06;
    const [a1, a2] = [await idle(), await idle()];
    const a3 = await idle();
    await eventually(() => a1!.closed, 1000, "the address's oldest unidentified connection to close");
    const b1 = await idle('127.0.0.2'); // another address has its own count
    await sleep(50);
    expect([a2!.closed, a3.closed, b1.closed]).toEqual([false, false, false]);
    expect(t.gateway.stats()).toMatchObject({ unidentifiedEvictedPerAddress: 1, unidentified: 3 });
    // Trackers behind the same address (carrier NAT): each is taken in, logs in and is no longer counted there.
    const devices = [await loggedIn(port, IMEIS[0]!), await loggedIn(port, IMEIS[1]!), await loggedIn(port, IMEIS[2]!)];
    await eventually(() => a2!.closed);
    const [a4, a5] = [await idle(), await idle()];
    await eventually(() => a3.closed);
    await sleep(50);
    expect([a4!.closed, a5!.closed, b1.closed]).toEqual([false, false, false]);
    expect(devices.every((d) => !d.closed)).toBe(true);
    expect(t.gateway.stats()).toMatchObject({
      unidentifiedEvictedPerAddress: 3,
      unidentified: 3,
      connectionsRefused: 0,
    });
    expect(open()).toBe(6);
  });

  it('keep a tracker whose login is being looked up when newcomers from its address reach the cap', async () => {
    // A reconnect storm behind one carrier-NAT address: the directory answers slowly, and more trackers arrive
    // than the address may hold unidentified. Those that already sent a login must not be closed for them.
    t = await testGateway(IMEIS, { maxUnidentifiedPerAddress: 2, unidentifiedGraceMs: 0 });
    const port = t.gateway.ports.gt06;
    const isKnown = t.directory.isKnown.bind(t.directory);
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    t.directory.isKnown = async (protocol, deviceId) => {
      await gate;
      return isKnown(protocol, deviceId);
    };
    const waiting = await Promise.all(
      IMEIS.slice(0, 3).map(async (imei, i) => {
        const device = await TestClient.connect(port);
        device.send(encodeGt06Packet(0x01, 7 + i, Buffer.from(`0${imei}`, 'hex')));
        return device;
      }),
    );
    await eventually(() => t!.gateway.stats().unidentified === 3, 1000, 'three logins waiting for the directory');
    const strangers = [await idle(), await idle(), await idle()];
    await eventually(() => strangers[0]!.closed, 1000, 'the oldest idle stranger to give way');
    expect(waiting.map((d) => d.closed)).toEqual([false, false, false]);
    release();
    await Promise.all(waiting.map((d, i) => d.expectHex(encodeGt06Ack(0x01, 7 + i).toString('hex'))));
    expect(t.gateway.stats()).toMatchObject({ unidentified: 2, unidentifiedEvictedPerAddress: 1 });
    // The identified trackers left the address's count; the strangers are still counted, oldest first.
    await idle();
    await eventually(() => strangers[1]!.closed, 1000, 'the address to be at its cap again');
    expect(strangers[2]!.closed).toBe(false);
  });

  it('let a burst from one address past its cap within the grace; past it, the oldest gives way again', async () => {
    // Trackers behind one NAT reconnecting together must not be closed for each other before they log in.
    t = await testGateway(IMEIS, { maxUnidentifiedPerAddress: 2, unidentifiedGraceMs: 400 });
    const burst = [await idle(), await idle(), await idle(), await idle()];
    await sleep(100);
    expect(burst.map((c) => c.closed)).toEqual([false, false, false, false]);
    expect(t.gateway.stats()).toMatchObject({ unidentifiedEvictedPerAddress: 0, unidentified: 4 });
    await sleep(400);
    const late = await idle();
    await eventually(() => burst[0]!.closed, 1000, "the address's oldest, past its grace, to give way");
    await sleep(50);
    expect([...burst.slice(1), late].map((c) => c.closed)).toEqual([false, false, false, false]);
    expect(t.gateway.stats()).toMatchObject({ unidentifiedEvictedPerAddress: 1, unidentified: 4 });
  });

  it('make room at the global cap, oldest first; with every connection identified a new one is refused', async () => {
    t = await testGateway(IMEIS, { maxConnections: 3 });
    const port = t.gateway.ports.gt06;
    const devices = [await loggedIn(port, IMEIS[0]!, '127.0.0.2'), await loggedIn(port, IMEIS[1]!, '127.0.0.3')];
    const oldest = await idle();
    const newer = await idle('127.0.0.4');
    await eventually(() => oldest.closed, 1000, 'the oldest unidentified connection to be closed');
    expect(newer.closed).toBe(false);
    expect(t.gateway.stats()).toMatchObject({ unidentifiedEvicted: 1, unidentified: 1, connectionsRefused: 0 });
    // A tracker arriving at the cap takes the unidentified connection's place and logs in.
    devices.push(await loggedIn(port, IMEIS[2]!, '127.0.0.5'));
    await eventually(() => newer.closed);
    await refused('127.0.0.6');
    expect(t.gateway.stats()).toMatchObject({ unidentifiedEvicted: 2, connectionsRefused: 1, unidentified: 0 });
    expect(devices.every((d) => !d.closed)).toBe(true);
    expect(open()).toBe(3);
    devices[0]!.close();
    await eventually(() => open() === 2);
    const again = await idle();
    await sleep(50);
    expect(again.closed).toBe(false);
  });

  it('counts an OsmAnd connection identified once it reported as a registered device', async () => {
    t = await testGateway(['48241179'], { unidentifiedTimeoutMs: 300 });
    const port = t.gateway.ports.osmand;
    const get = (id: string) => `GET /?id=${id}&lat=48.85&lon=2.35&timestamp=1504763811 HTTP/1.1\r\nHost: x\r\n\r\n`;
    const phone = await TestClient.connect(port);
    phone.send(get('48241179'));
    const stranger = await TestClient.connect(port);
    stranger.send(get('777'));
    await eventually(() => phone.received.includes('HTTP/1.1 200') && stranger.received.includes('HTTP/1.1 403'));
    // HTTP keeps both alive for 5 s; the unidentified timeout ends the stranger's only.
    await eventually(() => stranger.closed, 2000, "the unknown device's connection to close");
    await sleep(300);
    expect(phone.closed).toBe(false);
    expect(t.gateway.stats()).toMatchObject({ unidentifiedTimedOut: 1, unidentified: 0 });
  });

  it('forgets a UDP peer that identifies nothing after the unidentified timeout', async () => {
    t = await testGateway([], { unidentifiedTimeoutMs: 150 });
    const socket = createSocket('udp4');
    socket.send('*HQ,garbage#', t.gateway.udpPorts.h02!, '127.0.0.1');
    await eventually(() => t?.gateway.stats().connections.h02 === 1);
    await eventually(() => t?.gateway.stats().connections.h02 === 0, 2000);
    socket.close();
    expect(t.gateway.stats().unidentifiedTimedOut).toBe(1);
  });
});

describe('the per-address key', () => {
  it("is the IPv4 address, also IPv4-mapped, and an IPv6 address's /64 however it is written", () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:0DB8:0000:0001:abcd:ef01:2345:6789')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
