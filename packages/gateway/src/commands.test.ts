import { request } from 'node:http';
import {
  encodeGt06Packet,
  encodeJt808,
  Gt06FrameSplitter,
  Gt06Type,
  Jt808FrameSplitter,
  parseGt06Frame,
  parseJt808Frame,
} from '@lodestar/protocols';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually, TestClient, type TestGateway, testGateway } from './testing/harness.ts';

const IMEI = '123456789012345';
const gt06Login = encodeGt06Packet(Gt06Type.Login, 1, Buffer.from(`0${IMEI}`, 'hex'));
const gt06LoginAck = encodeGt06Packet(Gt06Type.Login, 1).toString('hex');

/** GT06N v1.8 §6.2: the device's 0x15 answer: length, server flag, text. */
function gt06Answer(serverFlag: number, text: string): Buffer {
  const content = Buffer.alloc(5);
  content.writeUInt8(4 + text.length, 0);
  content.writeUInt32BE(serverFlag, 1);
  return encodeGt06Packet(Gt06Type.String, 2, Buffer.concat([content, Buffer.from(text, 'latin1')]));
}

let t: TestGateway;
afterEach(async () => {
  await t?.gateway.close();
});

describe('command delivery', () => {
  it('GT06: a command queued before the login goes out after the login ACK and is acknowledged by 0x15', async () => {
    t = await testGateway([IMEI]);
    const id = t.commands.add(IMEI, 'engineStop');
    const device = await TestClient.connect(t.gateway.ports.gt06);
    device.send(gt06Login);
    await eventually(() => t.commands.status(id)?.status === 'sent');
    await eventually(() => device.received.length >= 10 + 23);
    const frames = new Gt06FrameSplitter().push(device.take());
    expect(frames[0]?.toString('hex')).toBe(gt06LoginAck);
    const command = parseGt06Frame(frames[1] as Buffer);
    expect(command?.type).toBe(0x80);
    expect(command?.body.toString('latin1')).toContain('Relay,1#');
    device.send(gt06Answer(id, 'Relay,1#:OK'));
    await eventually(() => t.commands.status(id)?.status === 'acknowledged');
    expect(t.commands.status(id)?.note).toBe('Relay,1#:OK');
    expect(t.commands.history).toEqual([`${id} sent`, `${id} acknowledged`]);
  });

  it('JT/T 808: notifyCommand sends 0x8105, the 0x0001 answer with its serial acknowledges it', async () => {
    const phone = Buffer.from('013912345678', 'hex');
    t = await testGateway(['13912345678']);
    const device = await TestClient.connect(t.gateway.ports.jt808);
    device.send(encodeJt808(0x0002, { phone }, 1, Buffer.alloc(0))); // heartbeat identifies the terminal
    await eventually(() => device.received.length > 0);
    device.take();
    const id = t.commands.add('13912345678', 'engineStop');
    t.gateway.notifyCommand('13912345678');
    await eventually(() => device.received.length > 0);
    const sent = parseJt808Frame(device.take());
    expect(sent?.header.msgId).toBe(0x8105);
    expect(sent?.body[0]).toBe(0xf0);
    const answer = Buffer.alloc(5);
    answer.writeUInt16BE(sent?.header.serial ?? 0, 0);
    answer.writeUInt16BE(0x8105, 2);
    device.send(encodeJt808(0x0001, { phone }, 2, answer));
    await eventually(() => t.commands.status(id)?.status === 'acknowledged');
  });

  it('JT/T 808: a zoneSet goes as 0x8600, the 0x0001 naming 0x8600 acknowledges it; a bad zone fails at once', async () => {
    const phone = Buffer.from('013912345678', 'hex');
    t = await testGateway(['13912345678']);
    const device = await TestClient.connect(t.gateway.ports.jt808);
    device.send(encodeJt808(0x0002, { phone }, 1, Buffer.alloc(0)));
    await eventually(() => device.received.length > 0);
    device.take();
    const area = { area: 'circle', id: 7, attributes: 0x28, center: [121_473_700, 31_230_400], radius: 500 };
    const id = t.commands.add('13912345678', 'zoneSet', area);
    const across = t.commands.add('13912345678', 'zoneSet', {
      ...area,
      area: 'rectangle',
      corners: [
        [-1, 1],
        [1, -1],
      ],
    });
    t.gateway.notifyCommand('13912345678');
    await eventually(() => device.received.length > 0);
    const sent = parseJt808Frame(new Jt808FrameSplitter().push(device.take())[0] as Buffer);
    expect(sent?.header.msgId).toBe(0x8600);
    expect(sent?.body.readUInt32BE(2)).toBe(7); // after 设置属性 and 区域总数: 区域ID
    await eventually(() => t.commands.status(across)?.status === 'failed');
    expect(t.commands.status(across)?.note).toMatch(/^zone payload: area across the (equator|prime meridian)$/);
    // A failure naming another message id with the same serial is not this command's answer.
    const answer = Buffer.alloc(5);
    answer.writeUInt16BE(sent?.header.serial ?? 0, 0);
    answer.writeUInt16BE(0x8602, 2);
    answer.writeUInt8(1, 4);
    device.send(encodeJt808(0x0001, { phone }, 2, answer));
    answer.writeUInt16BE(0x8600, 2);
    answer.writeUInt8(0, 4);
    device.send(encodeJt808(0x0001, { phone }, 3, answer));
    await eventually(() => t.commands.status(id)?.status === 'acknowledged');
    expect(t.commands.history.filter((h) => h.startsWith(`${id} `))).toEqual([`${id} sent`, `${id} acknowledged`]);
  });

  it('H02: a text command is acknowledged by the V4 reply naming it', async () => {
    t = await testGateway(['4210051415']);
    const device = await TestClient.connect(t.gateway.ports.h02);
    device.send('*HQ,4210051415,HTBT#');
    await eventually(() => device.received.length > 0);
    device.take();
    const id = t.commands.add('4210051415', 'text', { text: 'S71,22,30' });
    t.gateway.notifyCommand('4210051415');
    await eventually(() => device.received.length > 0);
    expect(device.take().toString()).toMatch(/^\*HQ,4210051415,S71,\d{6},22,30#$/);
    device.send('*HQ,4210051415,V4,S71,22,30,010203#');
    await eventually(() => t.commands.status(id)?.status === 'acknowledged');
  });

  it('marks a command failed on timeout, and unsupported commands and protocols at once', async () => {
    t = await testGateway([IMEI, '48241179'], { commandTimeoutMs: 150 });
    const device = await TestClient.connect(t.gateway.ports.gt06);
    device.send(gt06Login);
    await device.expectHex(gt06LoginAck);
    const silent = t.commands.add(IMEI, 'text', { text: 'WHERE#' });
    const photo = t.commands.add(IMEI, 'photo');
    t.gateway.notifyCommand(IMEI);
    await eventually(() => t.commands.status(silent)?.status === 'sent');
    expect(t.commands.status(photo)).toMatchObject({ status: 'failed', note: 'unsupported command photo' });
    await eventually(() => t.commands.status(silent)?.status === 'failed', 1000);
    expect(t.commands.status(silent)?.note).toBe('timeout');
    const phone = t.commands.add('48241179', 'engineStop');
    await new Promise<void>((resolve) => {
      const path = '/?id=48241179&lat=1&lon=2';
      request({ host: '127.0.0.1', port: t.gateway.ports.osmand, path }, (res) =>
        res.resume().on('end', resolve),
      ).end();
    });
    await eventually(() => t.commands.status(phone)?.status === 'failed');
    expect(t.commands.status(phone)?.note).toBe('unsupported protocol');
    expect(t.gateway.stats()).toMatchObject({ commandsSent: 1, commandsFailed: 3 });
  });
});
