import { createConnection, type Socket } from 'node:net';
import { devices, positions, vehicles } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn } from '@lodestar/domain';
import { type GatewayHandle, startGateway } from '@lodestar/gateway';
import { encodeJt808, Jt808FrameSplitter, Jt808MsgId, parseJt808Frame } from '@lodestar/protocols';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';

afterAll(stopTestServers);

const LABEL = '013912345678'; // the 12 digits printed on the terminal, as a person types them
const STORED = '13912345678';

/** 0x0100 register, 2013 layout: province, city, maker[5], model[20], terminal id[7], plate colour, plate. */
function register(phone: Buffer, serial: number): Buffer {
  const body = Buffer.alloc(2 + 2 + 5 + 20 + 7 + 1 + 7);
  body.write('LODE', 4, 'latin1');
  body.write('T808', 9, 'latin1');
  body.write('1234567', 29, 'latin1');
  body.writeUInt8(1, 36);
  body.write('A12345', 37, 'latin1');
  return encodeJt808(Jt808MsgId.Register, { phone }, serial, body);
}

/** 0x0200 location: a valid fix at Shanghai, device time (GMT+8) `secondsAgo` before now. */
function location(phone: Buffer, serial: number, secondsAgo: number, version?: number): Buffer {
  const body = Buffer.alloc(28);
  body.writeUInt32BE(0b10, 4); // positioned
  body.writeUInt32BE(31_230_400, 8);
  body.writeUInt32BE(121_473_700, 12);
  body.writeUInt16BE(420, 18); // 42.0 km/h
  const t = new Date(Date.now() - secondsAgo * 1000 + 8 * 3_600_000);
  const parts = [t.getUTCFullYear() % 100, t.getUTCMonth() + 1, t.getUTCDate(), t.getUTCHours(), t.getUTCMinutes()];
  Buffer.from([...parts, t.getUTCSeconds()].map((n) => String(n).padStart(2, '0')).join(''), 'hex').copy(body, 22);
  return encodeJt808(Jt808MsgId.Location, { phone, ...(version !== undefined ? { version } : {}) }, serial, body);
}

/** A terminal on a real socket: the platform's frames, parsed, as they arrive. */
class Terminal {
  private readonly splitter = new Jt808FrameSplitter();
  readonly frames: ReturnType<typeof parseJt808Frame>[] = [];
  private constructor(private readonly socket: Socket) {
    socket.on('data', (d) => {
      for (const f of this.splitter.push(d)) this.frames.push(parseJt808Frame(f));
    });
    socket.on('error', () => {});
  }
  static connect(port: number): Promise<Terminal> {
    return new Promise((resolve, reject) => {
      const s = createConnection({ host: '127.0.0.1', port }, () => resolve(new Terminal(s)));
      s.once('error', reject);
    });
  }
  send(bytes: Buffer) {
    this.socket.write(bytes);
  }
  async reply(msgId: number): Promise<Buffer> {
    for (let waited = 0; waited < 5000; waited += 20) {
      const f = this.frames.find((x) => x && 'header' in x && x.header.msgId === msgId);
      if (f && 'header' in f) return f.body;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no 0x${msgId.toString(16)} from the platform`);
  }
  close() {
    this.socket.destroy();
  }
}

/**
 * Issue 13: a JT/T 808 terminal registered with the 12-digit id on its label is the device whose header
 * the decoder reads without the zero, over real TCP through the gateway into the database.
 */
describe.each(dbTargets())('JT/T 808 ids with and without leading zeros on $name PostgreSQL', (target) => {
  let t: TestApp;
  let gateway: GatewayHandle;
  let token: string;
  let holdId: number;
  const post = <T = unknown>(path: string, body: unknown) => t.call<T>('POST', path, { token, body, lang: 'en' });

  beforeAll(async () => {
    t = await startTestApp(target);
    const hold = await t.buildHold('Fleet');
    holdId = hold.id;
    token = (await t.buildUser(hold, [Fn.deviceManage, Fn.onlineMonitor])).token;
    gateway = await startGateway({
      host: '127.0.0.1',
      listenOnFreePorts: true,
      ports: { teltonika: 0 },
      udp: [],
      sink: t.ingest.writer,
      directory: t.ingest.directory,
      commands: t.ingest.commands,
    });
  });
  afterAll(async () => {
    await gateway?.close();
    await t?.close();
  });

  it('registers the label id, acknowledges the terminal, stores its fix under it and refuses the other form', async () => {
    const added = await post<{ DeviceID: string }>('Device/AddDevice', {
      DeviceID: LABEL,
      Protocol: 'jt808',
      HoldID: holdId,
    });
    expect(added.code, added.msg).toBe(200);
    expect(added.data.DeviceID).toBe(STORED);

    const phone = Buffer.from(LABEL, 'hex'); // 6-byte BCD: the header carries 01 39 12 34 56 78
    const terminal = await Terminal.connect(gateway.ports.jt808!);
    try {
      terminal.send(register(phone, 1));
      const answer = await terminal.reply(Jt808MsgId.RegisterReply);
      expect(answer.readUInt8(2)).toBe(0); // 0x8100 result 0: registered (4 was "no such terminal")
      terminal.send(location(phone, 2, 60));
      await terminal.reply(Jt808MsgId.PlatformGeneralReply);
    } finally {
      terminal.close();
    }

    const [device] = (await post<{ rows: { DeviceID: string }[] }>('Device/GetDeviceList', { Keyword: STORED })).data
      .rows;
    expect(device?.DeviceID).toBe(STORED);
    const stored = await t.database.db
      .select({ devicePk: positions.devicePk, lat: positions.lat })
      .from(positions)
      .innerJoin(devices, eq(devices.id, positions.devicePk))
      .where(eq(devices.deviceId, STORED));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.lat).toBeCloseTo(31.2304, 4);

    for (const again of [STORED, LABEL, '0013912345678']) {
      const dup = await post('Device/AddDevice', { DeviceID: again, Protocol: 'jt808', HoldID: holdId });
      expect(dup.code, again).toBe(400);
      expect(dup.errCode).toBe(ErrCode.Conflict);
      expect(dup.msg).toContain('DeviceID');
    }
  });

  it('knows the terminal under its 2019 header (20 digits) too', async () => {
    const phone = Buffer.from(`00000000${LABEL}`, 'hex');
    const terminal = await Terminal.connect(gateway.ports.jt808!);
    try {
      terminal.send(location(phone, 1, 0, 1));
      const ack = await terminal.reply(Jt808MsgId.PlatformGeneralReply);
      expect(ack.readUInt16BE(2)).toBe(Jt808MsgId.Location);
      expect(ack.readUInt8(4)).toBe(0);
    } finally {
      terminal.close();
    }
    const stored = await t.database.db
      .select({ devicePk: positions.devicePk })
      .from(positions)
      .innerJoin(devices, eq(devices.id, positions.devicePk))
      .where(eq(devices.deviceId, STORED));
    expect(stored).toHaveLength(2);
  });

  it('finds the device typed either way: monitor keyword and batch, and the calls that take a DeviceID', async () => {
    for (const typed of [LABEL, STORED, '0139123', '912345']) {
      const r = await post<{ rows: { DeviceID: string }[] }>('Monitor/GetMonitorList', { Keyword: typed });
      expect(
        r.data.rows.map((x) => x.DeviceID),
        typed,
      ).toEqual([STORED]);
    }
    const batch = await post<{ rows: { DeviceID: string }[] }>('Monitor/GetMonitorList', { DeviceIDs: LABEL });
    expect(batch.data.rows.map((x) => x.DeviceID)).toEqual([STORED]);
    const modified = await post('Device/ModifyDevice', { DeviceID: LABEL, DeviceName: 'Label typed' });
    expect(modified.code, modified.msg).toBe(200);
    const list = await post<{ rows: { DeviceID: string; DeviceName: string }[] }>('Device/GetDeviceList', {
      Keyword: LABEL,
    });
    expect(list.data.rows).toEqual([expect.objectContaining({ DeviceID: STORED, DeviceName: 'Label typed' })]);
  });

  it('binds a self-registered vehicle to the device whichever form its owner typed', async () => {
    // Only a device in stock in the registration unit (the root here) may be claimed at registration.
    await t.database.db.update(devices).set({ holdId: t.rootHold.id }).where(eq(devices.deviceId, STORED));
    const phone = '13511113333';
    await t.call('POST', 'account/sendsmscode', { body: { Phone: phone, Purpose: 'register' } });
    const r = await t.call('POST', 'account/register', {
      body: {
        Phone: phone,
        SMSCode: t.lastSmsCode(phone),
        UserPassword: 'drive2026',
        UserName: 'Owner',
        Vehicle: { Plate: '沪A80800', DeviceID: LABEL },
      },
    });
    expect(r.code, r.msg).toBe(200);
    const [bound] = await t.database.db
      .select({ deviceId: devices.deviceId })
      .from(vehicles)
      .innerJoin(devices, eq(devices.vehicleId, vehicles.id))
      .where(eq(vehicles.plate, '沪A80800'));
    expect(bound?.deviceId).toBe(STORED);
  });
});
