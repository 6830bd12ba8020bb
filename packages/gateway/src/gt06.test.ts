import { encodeGt06Ack, encodeGt06Packet } from '@lodestar/protocols';
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

const vectors = loadVectors('traccar-gt06.json');
const loginAck = vectors.responses?.loginAck as { hex: string; forFrameOrder: number };
const login = bytesOf(vectors.frames.find((f) => f.order === loginAck.forFrameOrder));
const IMEI = '864717003283581';
// GPS+LBS 0x12 from the same Traccar test (serial 0x0003): lat 54.94535, lon 24.01762.
const position = Buffer.from('78781f120f0a140e150bc505e51e780293a9e800540000f601006e0055da00035f240d0a', 'hex');
const positionAck = encodeGt06Ack(0x12, 0x0003).toString('hex');

let t: TestGateway;
afterEach(async () => {
  await t?.gateway.close();
});

describe('GT06 over TCP', () => {
  it('answers the vector login with responses.loginAck, stores the position and ACKs it after persist', async () => {
    t = await testGateway([IMEI]);
    const device = await TestClient.connect(t.gateway.ports.gt06);
    device.send(login);
    await device.expectHex(loginAck.hex);
    device.send(position);
    await device.expectHex(positionAck);
    const stored = t.sink.positions(IMEI);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.lat).toBeCloseTo(54.94535, 4);
    expect(t.sink.records.find((r) => r.message.kind === 'position')?.protocol).toBe('gt06');
    expect(t.directory.online.has(IMEI)).toBe(true);
    device.close();
    await eventually(() => !t.directory.online.has(IMEI));
    expect(t.gateway.stats()).toMatchObject({
      framesDecoded: 2,
      positionsPersisted: 1,
      acksSent: 2,
      malformedFrames: 0,
    });
  });

  it('withholds the ACK while persist rejects and sends it when the device resends after recovery', async () => {
    t = await testGateway([IMEI]);
    const device = await TestClient.connect(t.gateway.ports.gt06);
    device.send(login);
    await device.expectHex(loginAck.hex);
    t.sink.failing = true;
    device.send(position);
    await eventually(() => t.gateway.stats().acksWithheld === 1);
    await sleep(50);
    expect(device.received.toString('hex')).not.toContain(positionAck);
    expect(t.sink.positions()).toHaveLength(0);
    t.sink.failing = false;
    device.send(position); // the device resends what was not acknowledged
    await device.expectHex(positionAck);
    expect(t.sink.positions()).toHaveLength(1);
    expect(t.gateway.stats()).toMatchObject({ persistFailures: 1, acksWithheld: 1 });
  });

  it('refuses an unknown device: no login ACK, connection closed, recorded', async () => {
    t = await testGateway([]);
    const device = await TestClient.connect(t.gateway.ports.gt06);
    device.send(login);
    await eventually(() => device.closed);
    expect(device.received).toHaveLength(0);
    expect(t.directory.unknown).toEqual([{ protocol: 'gt06', deviceId: IMEI }]);
    expect(t.gateway.stats().unknownDevicesRefused).toBe(1);
  });

  it('records no unknown device from a login whose CRC fails or whose IMEI is not 15 digits', async () => {
    t = await testGateway([]);
    const badCrc = encodeGt06Packet(0x01, 1, Buffer.from('0864717003283582', 'hex'));
    badCrc[badCrc.length - 4]! ^= 0xff;
    const notDigits = encodeGt06Packet(0x01, 1, Buffer.from('08647170032835ab', 'hex'));
    for (const frame of [badCrc, notDigits]) {
      const device = await TestClient.connect(t.gateway.ports.gt06);
      device.send(frame);
      await eventually(() => device.closed);
      expect(device.received).toHaveLength(0);
    }
    expect(t.gateway.stats()).toMatchObject({ unknownDevicesRefused: 2, badCrcFrames: 1 });
    expect(t.directory.unknown).toEqual([]);
  });

  it('reassembles frames split across TCP writes and batches glued frames into one persist', async () => {
    t = await testGateway([IMEI]);
    const device = await TestClient.connect(t.gateway.ports.gt06);
    for (const byte of login) {
      device.send(Buffer.from([byte]));
      await sleep(1);
    }
    await device.expectHex(loginAck.hex);
    const calls = t.sink.calls;
    const second = encodeGt06Packet(0x12, 4, position.subarray(4, position.length - 6));
    device.send(Buffer.concat([position, second]));
    await device.expectHex(positionAck + encodeGt06Ack(0x12, 4).toString('hex'));
    expect(t.sink.calls - calls).toBe(1);
    expect(t.sink.positions()).toHaveLength(2);
  });

  it('counts a bad CRC and malformed frames, and ignores frames before a login', async () => {
    t = await testGateway([IMEI]);
    const device = await TestClient.connect(t.gateway.ports.gt06);
    device.send(position); // no login yet: nothing stored, nothing answered
    await eventually(() => t.gateway.stats().malformedFrames === 1);
    device.send(login);
    await device.expectHex(loginAck.hex);
    const badCrc = Buffer.from(position);
    badCrc.writeUInt16BE(0x1234, badCrc.length - 4);
    device.send(badCrc);
    await eventually(() => t.gateway.stats().badCrcFrames === 1);
    expect(t.sink.positions()).toHaveLength(1);
  });

  it('closes a client that sends only garbage without disturbing another device', async () => {
    t = await testGateway([IMEI]);
    const good = await TestClient.connect(t.gateway.ports.gt06);
    good.send(login);
    await good.expectHex(loginAck.hex);
    const bad = await TestClient.connect(t.gateway.ports.gt06);
    for (let i = 0; i < 10; i++) bad.send(Buffer.alloc(1024, 0x41));
    await eventually(() => bad.closed);
    good.send(position);
    await good.expectHex(positionAck);
    expect(good.closed).toBe(false);
    expect(t.gateway.stats().garbageBytes).toBeGreaterThan(8 * 1024);
  });
});
