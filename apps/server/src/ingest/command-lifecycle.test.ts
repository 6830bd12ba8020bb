import { connect, type Socket } from 'node:net';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { Fn } from '@lodestar/domain';
import { type GatewayHandle, startGateway } from '@lodestar/gateway';
import { encodeJt808, Jt808FrameSplitter, parseJt808Frame } from '@lodestar/protocols';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';

afterAll(stopTestServers);

const PHONE = '13912345001';

/**
 * The command lifecycle end to end: the API queues, the real gateway reads the database's queue through
 * PgCommandStore, and a terminal on real TCP sees only what may still go out when it wakes.
 */
describe.each(dbTargets())('commands to a sleeping terminal on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token: string;
  let gateway: GatewayHandle;
  beforeAll(async () => {
    t = await startTestApp(target);
    const hold = await t.buildHold('Fleet');
    token = (await t.buildUser(hold, [Fn.sendCommand])).token;
    await t.database.pool.query(`INSERT INTO devices (device_id, protocol, hold_id) VALUES ($1, 'jt808', $2)`, [
      PHONE,
      hold.id,
    ]);
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

  const queue = async (Type: string) => {
    const r = await t.call<{ CommandID: number }>('POST', 'Command/SendCommand', {
      token,
      body: { DeviceID: PHONE, Type },
    });
    expect(r.code, r.msg).toBe(200);
    return r.data.CommandID;
  };
  const statusOf = async (id: number) =>
    (await t.database.pool.query<{ status: string }>(`SELECT status FROM commands WHERE id = $1`, [id])).rows[0]!
      .status;

  it('sends on the next connection what is still queued, never the expired or the cancelled', async () => {
    // Queued while the terminal sleeps (no connection): 0x8201 stays, 0x8104 expires, 0x8107 is cancelled.
    const kept = await queue('positionQuery');
    const expired = await queue('queryParameters');
    const cancelled = await queue('queryStatus');
    await t.database.pool.query(`UPDATE commands SET expire_at = now() - interval '1 second' WHERE id = $1`, [expired]);
    const c = await t.call('POST', 'Command/CancelCommand', { token, body: { CommandID: cancelled } });
    expect(c.code, c.msg).toBe(200);

    const received: Buffer[] = [];
    const socket: Socket = connect(gateway.ports.jt808, '127.0.0.1');
    const splitter = new Jt808FrameSplitter();
    socket.on('data', (d) => received.push(...splitter.push(d)));
    await new Promise((r) => socket.once('connect', r));
    // A heartbeat identifies the terminal: the gateway reads its queue.
    socket.write(encodeJt808(0x0002, { phone: Buffer.from(`0${PHONE}`, 'hex') }, 1, Buffer.alloc(0)));
    for (let waited = 0; waited < 5000 && (await statusOf(kept)) !== 'sent'; waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    expect(await statusOf(kept)).toBe('sent');
    await new Promise((r) => setTimeout(r, 300));
    const downlinks = received.map((f) => parseJt808Frame(f)?.header.msgId).filter((id) => id !== 0x8001);
    expect(downlinks).toEqual([0x8201]);
    expect(await statusOf(expired)).toBe('queued'); // the sweep's to mark; never handed out
    expect(await statusOf(cancelled)).toBe('cancelled');

    // Queued while it is connected: the notice (app.ts's notifyCommand, not wired in the test app) sends it at once.
    const now = await queue('queryStatus');
    gateway.notifyCommand(PHONE);
    for (let waited = 0; waited < 5000 && (await statusOf(now)) !== 'sent'; waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    expect(await statusOf(now)).toBe('sent');
    socket.destroy();
  });
});
