import { createSocket } from 'node:dgram';
import { escapeJt808, Jt808Decoder, parseJt808Frame } from '@lodestar/protocols';
import { afterEach, describe, expect, it } from 'vitest';
import { bytesOf, eventually, loadVectors, TestClient, type TestGateway, testGateway } from './testing/harness.ts';

const vectors = loadVectors('traccar-jt808.json');
type Response = { hex: string; forFrameOrder: number };
const response = (key: string) => vectors.responses?.[key] as Response;
const frameFor = (key: string) => wire(bytesOf(vectors.frames.find((f) => f.order === response(key).forFrameOrder)));
// Terminal 013511221122 of Traccar's register / auth / location frames (orders 85, 87, 88).
const TERMINAL = '13511221122';

/** The vectors are un-escaped frames; on the wire 7E/7D inside are escaped (JT/T 808-2019 §5.1). */
function wire(unescaped: Buffer): Buffer {
  return Buffer.concat([Buffer.from([0x7e]), escapeJt808(unescaped.subarray(1, -1)), Buffer.from([0x7e])]);
}

let t: TestGateway;
afterEach(async () => {
  await t?.gateway.close();
});

describe('JT/T 808 over TCP', () => {
  it('answers register, auth and location with the vector replies (fresh connection each)', async () => {
    t = await testGateway([TERMINAL]);
    for (const key of ['registerAck', 'authAck', 'locationAck']) {
      const device = await TestClient.connect(t.gateway.ports.jt808);
      device.send(frameFor(key));
      await device.expectHex(response(key).hex);
      device.close();
    }
    expect(t.sink.positions(TERMINAL)).toHaveLength(1);
    expect(t.sink.records.map((r) => r.message.kind)).toEqual(['login', 'login', 'position']);
  });

  it('refuses an unknown terminal: 0x8100 result 4 for a register, then closes and records it', async () => {
    t = await testGateway([]);
    const device = await TestClient.connect(t.gateway.ports.jt808);
    device.send(frameFor('registerAck'));
    await eventually(() => device.closed);
    const reply = new Jt808Decoder().decode(device.received);
    expect(reply.messageType).toBe(0x8100);
    const body = parseJt808Frame(device.received)?.body;
    expect(body?.readUInt16BE(0)).toBe(parseJt808Frame(frameFor('registerAck'))?.header.serial);
    expect(body?.[2]).toBe(4); // JT/T 808-2019 table 9: terminal not in the database
    expect(t.directory.unknown).toEqual([{ protocol: 'jt808', deviceId: TERMINAL }]);
  });

  it('refuses an unknown terminal reporting a location with a 0x8001 failure', async () => {
    t = await testGateway([]);
    const device = await TestClient.connect(t.gateway.ports.jt808);
    device.send(frameFor('locationAck'));
    await eventually(() => device.closed);
    const body = parseJt808Frame(device.received)?.body;
    expect(parseJt808Frame(device.received)?.header.msgId).toBe(0x8001);
    expect(body?.readUInt16BE(2)).toBe(0x0200);
    expect(body?.[4]).toBe(1);
    expect(t.sink.records).toHaveLength(0);
  });
});

describe('JT/T 808 over UDP', () => {
  it('answers a location datagram after persisting it', async () => {
    t = await testGateway([TERMINAL]);
    const udp = createSocket('udp4');
    const replies: Buffer[] = [];
    udp.on('message', (m) => replies.push(m));
    const port = t.gateway.udpPorts.jt808 as number;
    udp.send(frameFor('locationAck'), port, '127.0.0.1');
    await eventually(() => replies.length === 1);
    expect(replies[0]?.toString('hex')).toBe(response('locationAck').hex);
    expect(t.sink.positions(TERMINAL)).toHaveLength(1);
    udp.close();
  });
});
