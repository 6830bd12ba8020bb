import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { bytesOf, eventually, loadVectors, TestClient, type TestGateway, testGateway } from './testing/harness.ts';

const teltonika = loadVectors('traccar-teltonika.json');
const osmand = loadVectors('traccar-osmand.json');
const handshake = bytesOf(teltonika.frames[0]); // IMEI 123456789012345
const avl = bytesOf(teltonika.frames[1]); // codec 8, one record
const IMEI = '123456789012345';

let t: TestGateway;
afterEach(async () => {
  await t?.gateway.close();
});

describe('Teltonika over TCP', () => {
  it('accepts a known IMEI with 01 and acknowledges the AVL record count after persist', async () => {
    t = await testGateway([IMEI]);
    const device = await TestClient.connect(t.gateway.ports.teltonika);
    device.send(handshake);
    await device.expectHex(teltonika.responses?.imeiAccept as string);
    device.send(avl);
    await device.expectHex(`01${teltonika.responses?.dataAckExampleForOneRecord}`);
    expect(t.sink.positions(IMEI)[0]?.lat).toBeCloseTo(48.1523066, 6);
  });

  it('answers an unknown IMEI with 00 and closes', async () => {
    t = await testGateway([]);
    const device = await TestClient.connect(t.gateway.ports.teltonika);
    device.send(handshake);
    await eventually(() => device.closed);
    expect(device.received.toString('hex')).toBe(teltonika.responses?.imeiReject);
    expect(t.directory.unknown).toEqual([{ protocol: 'teltonika', deviceId: IMEI }]);
  });
});

interface Reply {
  status: number;
}

function http(port: number, method: string, path: string, body?: string, contentType?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers = contentType ? { 'content-type': contentType } : undefined;
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('OsmAnd over HTTP', () => {
  const query = '/?id=48241179&lat=37.4219983&lon=-122.084&timestamp=1504763810&speed=10';

  it('answers 200 after persist for GET query, POST form and the JSON body of the vectors', async () => {
    const json = osmand.frames.find((f) => f.http?.method === 'POST' && f.text?.includes('"device_id"'));
    const jsonId = String((JSON.parse(json?.text ?? '{}') as { device_id?: string }).device_id);
    t = await testGateway(['48241179', jsonId]);
    const port = t.gateway.ports.osmand;
    expect((await http(port, 'GET', query)).status).toBe(200);
    const form = 'id=48241179&lat=48.85&lon=2.35&timestamp=1504763811';
    expect((await http(port, 'POST', '/', form, 'application/x-www-form-urlencoded')).status).toBe(200);
    expect((await http(port, 'POST', '/', json?.text, 'application/json')).status).toBe(200);
    expect(t.sink.positions().map((p) => p.lat)).toEqual([37.4219983, 48.85, 37.4219983]);
    expect(t.sink.records.map((r) => r.deviceId)).toEqual(['48241179', '48241179', jsonId]);
  });

  it('answers 400 for malformed requests, 403 for an unknown device and 503 while storage fails', async () => {
    t = await testGateway(['48241179']);
    const port = t.gateway.ports.osmand;
    expect((await http(port, 'GET', '/?lat=1&lon=2')).status).toBe(400);
    expect((await http(port, 'POST', '/', '{"location":', 'application/json')).status).toBe(404);
    expect((await http(port, 'GET', '/?id=777&lat=1&lon=2')).status).toBe(403);
    expect(t.directory.unknown).toEqual([{ protocol: 'osmand', deviceId: '777' }]);
    t.sink.failing = true;
    expect((await http(port, 'GET', query)).status).toBe(503);
    t.sink.failing = false;
    expect((await http(port, 'GET', query)).status).toBe(200);
    expect(t.gateway.stats()).toMatchObject({
      malformedFrames: 2,
      acksWithheld: 1,
      acksSent: 1,
      unknownDevicesRefused: 1,
    });
  });
});
