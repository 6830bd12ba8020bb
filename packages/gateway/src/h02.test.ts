import { createSocket } from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bytesOf,
  eventually,
  loadVectors,
  sleep,
  TestClient,
  type TestGateway,
  testGateway,
} from './testing/harness.ts';

const vectors = loadVectors('traccar-h02.json');
// Traccar's V1 vector from a device in Costa Rica, id 4210051415.
const v1 = bytesOf(vectors.frames.find((f) => f.text?.startsWith('*HQ,4210051415,V1,164549')));
const binary = bytesOf(vectors.frames.find((f) => f.hex?.startsWith('24')));
const binaryId = binary.toString('hex', 1, 6);
const now = () => new Date('2024-01-02T01:02:03Z');
const v4Reply = '*HQ,4210051415,V4,V1,20240102010203#';

let t: TestGateway;
afterEach(async () => {
  await t?.gateway.close();
});

describe('H02 over TCP', () => {
  it('stores V1 reports and answers V4,V1 only after persist', async () => {
    t = await testGateway(['4210051415', binaryId], { now });
    const device = await TestClient.connect(t.gateway.ports.h02);
    t.sink.failing = true;
    device.send(v1);
    await eventually(() => t.gateway.stats().acksWithheld === 1);
    t.sink.failing = false;
    device.send(Buffer.concat([v1, binary]));
    await eventually(() => device.received.toString().includes(v4Reply));
    await eventually(() => t.sink.positions().length === 2);
    expect(t.sink.positions('4210051415')[0]?.lat).toBeCloseTo(9.93978, 4);
    expect(device.received.toString()).toBe(v4Reply); // binary reports get no reply
  });

  it('drops an unknown device and closes the connection', async () => {
    t = await testGateway([]);
    const device = await TestClient.connect(t.gateway.ports.h02);
    device.send(v1);
    await eventually(() => device.closed);
    expect(device.received).toHaveLength(0);
    expect(t.directory.unknown).toEqual([{ protocol: 'h02', deviceId: '4210051415' }]);
  });
});

describe('H02 over UDP', () => {
  it('stores a datagram from a known device and ignores an unknown one', async () => {
    t = await testGateway(['4210051415'], { now });
    const udp = createSocket('udp4');
    const replies: string[] = [];
    udp.on('message', (m) => replies.push(m.toString()));
    const port = t.gateway.udpPorts.h02 as number;
    udp.send(v1, port, '127.0.0.1');
    await eventually(() => replies.length === 1);
    expect(replies).toEqual([v4Reply]);
    udp.send(
      Buffer.from('*HQ,999,V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF#'),
      port,
      '127.0.0.1',
    );
    await eventually(() => t.directory.unknown.length === 1);
    await sleep(30);
    expect(replies).toHaveLength(1);
    expect(t.sink.positions()).toHaveLength(1);
    udp.close();
  });
});
