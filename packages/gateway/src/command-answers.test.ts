import {
  encodeGt06Packet,
  encodeJt808,
  encodeTeltonikaCommand,
  Gt06FrameSplitter,
  Gt06Type,
  Jt808FrameSplitter,
  parseGt06Frame,
  parseJt808Frame,
} from '@lodestar/protocols';
import { afterEach, describe, expect, it } from 'vitest';
import { bytesOf, eventually, loadVectors, TestClient, type TestGateway, testGateway } from './testing/harness.ts';

/** Catalogue commands over real TCP: the bytes a terminal gets, and its answer recorded as the command's result. */

let t: TestGateway;
afterEach(async () => {
  await t?.gateway.close();
});

const PHONE = '13912345678';
const terminal = { phone: Buffer.from('013912345678', 'hex') };
let uplinkSerial = 100;
const uplink = (msgId: number, body: Buffer) => encodeJt808(msgId, terminal, uplinkSerial++, body);

/** A JT/T 808 terminal that has been heard (the channel addresses commands to the last header it parsed). */
async function jt808Terminal(): Promise<{ device: TestClient; frames: () => Promise<Buffer[]> }> {
  t = await testGateway([PHONE]);
  const device = await TestClient.connect(t.gateway.ports.jt808);
  device.send(uplink(0x0002, Buffer.alloc(0)));
  await eventually(() => device.received.length > 0);
  device.take();
  const splitter = new Jt808FrameSplitter();
  const got: Buffer[] = [];
  return {
    device,
    frames: async () => {
      await eventually(() => device.received.length > 0);
      got.push(...splitter.push(device.take()));
      return got;
    },
  };
}

/** Queue, notify, and read the downlink the terminal gets: message id, serial, body. */
async function sendJt808(
  d: { frames: () => Promise<Buffer[]> },
  type: Parameters<TestGateway['commands']['add']>[1],
  payload: Record<string, unknown> = {},
) {
  const id = t.commands.add(PHONE, type, payload);
  t.gateway.notifyCommand(PHONE);
  await eventually(() => t.commands.status(id)?.status === 'sent');
  const frames = await d.frames();
  const f = parseJt808Frame(frames.at(-1) as Buffer);
  if (!f) throw new Error('no frame');
  return { id, msgId: f.header.msgId, serial: f.header.serial, body: f.body };
}

const word = (n: number) => Buffer.from([n >> 8, n & 0xff]);

describe('JT/T 808 catalogue commands and their answers', () => {
  it('positionQuery: 0x8201, answered by 0x0201 with our serial; the position is the result', async () => {
    const d = await jt808Terminal();
    const c = await sendJt808(d, 'positionQuery');
    expect([c.msgId, c.body.length]).toEqual([0x8201, 0]);
    const location = Buffer.from('000000000000000301dc9a07073d336c001001f4005a240102080910', 'hex');
    d.device.send(uplink(0x0201, Buffer.concat([word(c.serial), location])));
    await eventually(() => t.commands.status(c.id)?.status === 'acknowledged');
    expect(t.commands.status(c.id)?.note).toBe('31.234567,121.451372 50 km/h 2024-01-02 00:09:10 UTC');
    // The answer's position is stored like any other.
    await eventually(() => t.sink.records.some((r) => r.message.positions.length > 0));
  });

  it('queryParameters: 0x8104, answered by 0x0104; a 0x0001 success before it does not settle the query', async () => {
    const d = await jt808Terminal();
    const c = await sendJt808(d, 'queryParameters');
    expect(c.msgId).toBe(0x8104);
    d.device.send(uplink(0x0001, Buffer.concat([word(c.serial), word(0x8104), Buffer.from([0])])));
    const items = Buffer.from('02' + '00000001040000003c' + '00000029040000001e', 'hex');
    d.device.send(uplink(0x0104, Buffer.concat([word(c.serial), items])));
    await eventually(() => t.commands.status(c.id)?.status === 'acknowledged');
    expect(t.commands.status(c.id)?.note).toBe('0x0001=60, 0x0029=30');
  });

  it('queryStatus: 0x8107, answered by 0x0107 (no serial in it): the attributes summary', async () => {
    const d = await jt808Terminal();
    const c = await sendJt808(d, 'queryStatus');
    expect(c.msgId).toBe(0x8107);
    const pad = (s: string, n: number) => Buffer.from(s.padEnd(n, '\0'), 'latin1');
    const attributes = Buffer.concat([
      word(6),
      pad('LODE', 5),
      pad('SIM-808', 20),
      pad('2345678', 7),
      Buffer.from('89860012345678901234', 'hex'),
      Buffer.from([2]),
      Buffer.from('H1'),
      Buffer.from([3]),
      Buffer.from('F10'),
      Buffer.from([3, 1]),
    ]);
    d.device.send(uplink(0x0107, attributes));
    await eventually(() => t.commands.status(c.id)?.status === 'acknowledged');
    expect(t.commands.status(c.id)?.note).toContain('model SIM-808');
  });

  it('message: 0x8300 with the chosen flags; the 0x0001 result names the outcome', async () => {
    const d = await jt808Terminal();
    const text = '前方施工';
    const c = await sendJt808(d, 'message', {
      text,
      params: { text, urgent: true, display: true, tts: false, advert: true },
    });
    expect([c.msgId, c.body[0]]).toEqual([0x8300, 0x01 | 0x04 | 0x10]);
    d.device.send(uplink(0x0001, Buffer.concat([word(c.serial), word(0x8300), Buffer.from([0])])));
    await eventually(() => t.commands.status(c.id)?.status === 'acknowledged');
    expect(t.commands.status(c.id)?.note).toBe('success');
  });

  it('trackingMode the terminal does not support: 0x0001 result 3 fails it as unsupported', async () => {
    const d = await jt808Terminal();
    const c = await sendJt808(d, 'trackingMode', { params: { durationMinutes: 10, wakeSeconds: 30 } });
    expect([c.msgId, c.body.toString('hex')]).toEqual([0x8202, '001e00000258']);
    d.device.send(uplink(0x0001, Buffer.concat([word(c.serial), word(0x8202), Buffer.from([3])])));
    await eventually(() => t.commands.status(c.id)?.status === 'failed');
    expect(t.commands.status(c.id)?.note).toBe('unsupported');
  });

  it('an answer to another serial settles nothing', async () => {
    const d = await jt808Terminal();
    const c = await sendJt808(d, 'terminalControl', { params: { action: 'reset' } });
    expect([c.msgId, c.body.toString('hex')]).toEqual([0x8105, '04']);
    d.device.send(uplink(0x0001, Buffer.concat([word(c.serial + 1), word(0x8105), Buffer.from([0])])));
    d.device.send(uplink(0x0002, Buffer.alloc(0)));
    await d.frames(); // the heartbeat's reply: the answer before it was handled
    expect(t.commands.status(c.id)?.status).toBe('sent');
  });
});

describe('GT06 catalogue commands and their answers', () => {
  it('texts in 0x80; each 0x15 answer goes to the command its server flag names, in whatever order', async () => {
    const imei = '123456789012345';
    t = await testGateway([imei]);
    const device = await TestClient.connect(t.gateway.ports.gt06);
    device.send(encodeGt06Packet(Gt06Type.Login, 1, Buffer.from(`0${imei}`, 'hex')));
    await eventually(() => device.received.length >= 10);
    device.take();
    const status = t.commands.add(imei, 'queryStatus', {});
    const timer = t.commands.add(imei, 'uploadInterval', { params: { reportSeconds: 30, sleepReportMinutes: 60 } });
    t.gateway.notifyCommand(imei);
    await eventually(() => t.commands.status(timer)?.status === 'sent');
    const splitter = new Gt06FrameSplitter();
    const frames: Buffer[] = [];
    await eventually(() => {
      frames.push(...splitter.push(device.take()));
      return frames.length >= 2;
    });
    const sent = frames.map((f) => {
      const body = parseGt06Frame(f)?.body ?? Buffer.alloc(0);
      return [body.readUInt32BE(1), body.toString('latin1', 5, 1 + (body[0] ?? 0))];
    });
    expect(sent).toEqual([
      [status, 'STATUS#'],
      [timer, 'TIMER,30,3600#'],
    ]);
    const answer = (flag: number, text: string) => {
      const bytes = Buffer.from(text, 'latin1');
      const head = Buffer.from([4 + bytes.length, 0, 0, 0, 0]);
      head.writeUInt32BE(flag, 1);
      return encodeGt06Packet(Gt06Type.String, 9, Buffer.concat([head, bytes, Buffer.from([0, 2])]));
    };
    device.send(answer(timer, 'TIMER ACC ON:30s,ACC OFF:3600s'));
    device.send(answer(status, 'Battery:4.10V,NORMAL; GPRS:Link Up; GSM Signal Level:Strong'));
    await eventually(() => t.commands.status(status)?.status === 'acknowledged');
    expect(t.commands.status(timer)?.note).toBe('TIMER ACC ON:30s,ACC OFF:3600s');
    expect(t.commands.status(status)?.note).toContain('GPRS:Link Up');
  });
});

describe('Teltonika catalogue commands and their answers', () => {
  it('getgps in codec 12; the codec 12 response (type 6) is recorded as the result', async () => {
    const imei = '123456789012345';
    t = await testGateway([imei]);
    const device = await TestClient.connect(t.gateway.ports.teltonika);
    device.send(bytesOf(loadVectors('traccar-teltonika.json').frames[0])); // IMEI 123456789012345
    await eventually(() => device.received.length > 0);
    device.take();
    const id = t.commands.add(imei, 'positionQuery');
    t.gateway.notifyCommand(imei);
    await eventually(() => device.received.length > 0);
    expect(device.take()).toEqual(encodeTeltonikaCommand('getgps'));
    // Teltonika's codec 12 documentation: the response to "getinfo", CRC and all.
    device.send(
      Buffer.from(
        '00000000000000900c010600000088494e493a323031392f372f323220373a3232205254433a323031392f372f323220373a3533' +
          '205253543a32204552523a312053523a302042523a302043463a302046473a3020464c3a302054553a302f302055543a3020' +
          '534d533a30204e4f4750533a303a3330204750533a31205341543a302052533a332052463a36352053463a31204d443a30010000c78f',
        'hex',
      ),
    );
    await eventually(() => t.commands.status(id)?.status === 'acknowledged');
    expect(t.commands.status(id)?.note).toMatch(/^INI:2019\/7\/22 7:22 RTC:.* MD:0$/);
  });
});
