import { COMMAND_TYPES } from '@lodestar/domain';
import {
  encodeGt06Packet,
  encodeJt808,
  Gt06FrameSplitter,
  Gt06Type,
  parseGt06Frame,
  parseJt808Frame,
} from '@lodestar/protocols';
import { afterEach, describe, expect, it } from 'vitest';
import { tcpChannelFactory } from './channels/index.ts';
import { COMMAND_SUPPORT, supportsCommand } from './command-support.ts';
import type { CommandType } from './ports.ts';
import { eventually, TestClient, type TestGateway, testGateway } from './testing/harness.ts';

/** Every stored type, each with Params the server's catalogue check accepts (payload.params; text types also text). */
const TYPES: readonly CommandType[] = COMMAND_TYPES;
const options = { gt06AckLocations: true, h02AckReports: true, now: () => new Date('2024-01-01T01:02:03Z') };
const params: Partial<Record<CommandType, Record<string, unknown>>> = {
  message: { text: '前方施工 slow down', urgent: true, display: true, tts: false, advert: false },
  setParameters: { heartbeatSeconds: 60, reportSeconds: 30, plate: '沪A12345' },
  uploadInterval: { reportSeconds: 30, sleepReportMinutes: 60 },
  speedAlarm: { maxSpeedKmh: 100, overspeedSeconds: 5 },
  sensorAlarm: { on: true },
  trackingMode: { durationMinutes: 5, wakeSeconds: 30 },
  centerNumber: { phone: '13800138000' },
  terminalControl: { action: 'reset' },
  photo: { channel: 1, count: 1, intervalSeconds: 0, resolution: 2, quality: 5 },
  custom: { text: 'STATUS#' },
  text: { text: 'STATUS#' },
};
/** Zone commands carry their area (a 'zoneSet' without one fails as a bad payload, not as unsupported). */
const payloads: Partial<Record<CommandType, Record<string, unknown>>> = {
  zoneSet: { area: 'circle', id: 1, attributes: 0, center: [121_473_700, 31_230_400], radius: 100 },
  zoneDelete: { area: 'circle', ids: [1] },
};
function payloadOf(type: CommandType): Record<string, unknown> {
  const p = params[type];
  if (payloads[type]) return payloads[type];
  return p === undefined ? {} : typeof p.text === 'string' ? { params: p, text: p.text } : { params: p };
}

describe('command support table', () => {
  it.each(['gt06', 'jt808', 'h02', 'teltonika'] as const)('matches what the %s channel encodes', (protocol) => {
    const channel = tcpChannelFactory(protocol, options)();
    // A JT/T 808 channel sends to the terminal it last heard: let it hear one first.
    if (protocol === 'jt808')
      channel.decode(encodeJt808(0x0002, { phone: Buffer.from('013912345678', 'hex') }, 1, Buffer.alloc(0)));
    const outcomes = TYPES.map((type) => {
      const command = { id: 1, deviceId: '4210051415', type, payload: payloadOf(type) };
      return [type, channel.encodeCommand(command, '4210051415')] as const;
    });
    const encodable = outcomes.filter(([, out]) => 'bytes' in out && out.bytes.length > 0).map(([type]) => type);
    expect(encodable).toEqual(TYPES.filter((type) => COMMAND_SUPPORT[protocol].includes(type)));
    // The rest answer { unsupported } naming the type, which the dispatcher records as the failure.
    for (const [type, out] of outcomes)
      if (!encodable.includes(type)) expect(out).toEqual({ unsupported: `unsupported command ${type}` });
  });

  it('answers the immobiliser (lock/unlock) for every protocol with a downlink, never for OsmAnd', () => {
    const lockable = Object.keys(COMMAND_SUPPORT).filter(
      (p) => supportsCommand(p, 'engineStop') && supportsCommand(p, 'engineResume'),
    );
    expect(lockable.sort()).toEqual(['gt06', 'h02', 'jt808', 'teltonika']);
    expect(supportsCommand('osmand', 'engineStop')).toBe(false);
    expect(supportsCommand('nosuch', 'engineStop')).toBe(false);
    expect(supportsCommand('gt06', 'arm')).toBe(false);
  });
});

let t: TestGateway;
afterEach(async () => {
  await t?.gateway.close();
});

describe('immobiliser delivery', () => {
  it('H02: S20,1,1 cuts and S20,1,0 restores; each is acknowledged by the V4 reply naming S20', async () => {
    t = await testGateway(['4210051415']);
    const device = await TestClient.connect(t.gateway.ports.h02);
    device.send('*HQ,4210051415,HTBT#');
    await eventually(() => device.received.length > 0);
    device.take();
    const lock = t.commands.add('4210051415', 'engineStop');
    t.gateway.notifyCommand('4210051415');
    await eventually(() => device.received.length > 0);
    const [, , word, time, ...args] = device.take().toString().replace(/#$/, '').split(',');
    expect([word, args.join(',')]).toEqual(['S20', '1,1']);
    expect(time).toMatch(/^\d{6}$/);
    expect(t.commands.status(lock)?.status).toBe('sent');
    device.send(`*HQ,4210051415,V4,S20,1,1,${time}#`);
    await eventually(() => t.commands.status(lock)?.status === 'acknowledged');
    expect(t.commands.status(lock)?.note).toBe(`S20,1,1,${time}`);

    const unlock = t.commands.add('4210051415', 'engineResume');
    t.gateway.notifyCommand('4210051415');
    await eventually(() => device.received.length > 0);
    expect(device.take().toString()).toMatch(/^\*HQ,4210051415,S20,\d{6},1,0#$/);
    device.send('*HQ,4210051415,V4,S20,1,0,010203#');
    await eventually(() => t.commands.status(unlock)?.status === 'acknowledged');
  });

  it('GT06: engineResume goes as the 0x80 text "Relay,0#"', async () => {
    const imei = '123456789012345';
    t = await testGateway([imei]);
    const device = await TestClient.connect(t.gateway.ports.gt06);
    device.send(encodeGt06Packet(Gt06Type.Login, 1, Buffer.from(`0${imei}`, 'hex')));
    await eventually(() => device.received.length >= 10);
    device.take();
    const id = t.commands.add(imei, 'engineResume');
    t.gateway.notifyCommand(imei);
    await eventually(() => t.commands.status(id)?.status === 'sent');
    await eventually(() => device.received.length > 0);
    const frame = parseGt06Frame(new Gt06FrameSplitter().push(device.take())[0] as Buffer);
    expect(frame?.type).toBe(0x80);
    // §6.1: length, the 4-byte server flag (our command id), then the text.
    expect(frame?.body.readUInt32BE(1)).toBe(id);
    expect(frame?.body.toString('latin1', 5, 1 + (frame?.body[0] ?? 0))).toBe('Relay,0#');
  });

  it('JT/T 808: engineResume goes as 0x8105 with command word 0xF1', async () => {
    t = await testGateway(['13912345678']);
    const device = await TestClient.connect(t.gateway.ports.jt808);
    device.send(encodeJt808(0x0002, { phone: Buffer.from('013912345678', 'hex') }, 1, Buffer.alloc(0)));
    await eventually(() => device.received.length > 0);
    device.take();
    t.commands.add('13912345678', 'engineResume');
    t.gateway.notifyCommand('13912345678');
    await eventually(() => device.received.length > 0);
    const sent = parseJt808Frame(device.take());
    expect([sent?.header.msgId, sent?.body[0]]).toEqual([0x8105, 0xf1]);
  });
});
