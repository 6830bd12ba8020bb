import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgCommandStore } from '../../ingest/command-store.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

afterAll(stopTestServers);

describe.each(dbTargets())('command queue on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token: string;
  let noLock: string;
  beforeAll(async () => {
    t = await startTestApp(target);
    const hold = await t.buildHold('Fleet');
    token = (await t.buildUser(hold, [Fn.deviceManage, Fn.sendCommand, Fn.lockUnlock])).token;
    noLock = (await t.buildUser(hold, [Fn.deviceManage, Fn.sendCommand])).token;
    await t.call('POST', 'Device/AddDevice', {
      token,
      body: { DeviceID: '013912345678', Protocol: 'jt808', HoldID: hold.id },
    });
  });
  afterAll(() => t.close());

  it('queues a command as pending and follows it to acknowledged', async () => {
    const sent = await t.call<{ CommandID: number }>('POST', 'Command/SendCommand', {
      token,
      body: { DeviceID: '013912345678', Type: 'text', Text: ' 请注意安全 ' },
    });
    expect(sent.code).toBe(200);
    // The gateway asks under the id the terminal's header gives, the form the device was stored in.
    const store = new PgCommandStore(t.database.pool);
    const pending = await store.pendingFor('13912345678');
    expect(pending).toEqual([
      { id: sent.data.CommandID, deviceId: '13912345678', type: 'text', payload: { text: '请注意安全' } },
    ]);
    await store.markSent(sent.data.CommandID, new Date());
    expect(await store.pendingFor('13912345678')).toEqual([]);
    await store.markAcknowledged(sent.data.CommandID, new Date(), 'ok');
    const list = await t.call<{ Status: string; Result: string }[]>('POST', 'Command/GetCommandList', {
      token,
      body: { DeviceID: '013912345678' },
    });
    expect(list.data[0]).toMatchObject({ Status: 'acknowledged', Result: 'ok' });
  });

  it('refuses the immobiliser (engineStop/engineResume) without lock/unlock (function 83)', async () => {
    for (const Type of ['engineStop', 'engineResume']) {
      const r = await t.call('POST', 'Command/SendCommand', {
        token: noLock,
        body: { DeviceID: '013912345678', Type },
      });
      expect({ code: r.code, errCode: r.errCode }).toEqual({ code: 403, errCode: ErrCode.NoFunction });
    }
    const text = await t.call('POST', 'Command/SendCommand', {
      token: noLock,
      body: { DeviceID: '013912345678', Type: 'text', Text: 'hi' },
    });
    expect(text.code).toBe(200);
  });

  it("marks a command that was never answered as failed with 'timeout'", async () => {
    const sent = await t.call<{ CommandID: number }>('POST', 'Command/SendCommand', {
      token,
      body: { DeviceID: '013912345678', Type: 'engineStop' },
    });
    const store = new PgCommandStore(t.database.pool);
    await store.markSent(sent.data.CommandID, new Date());
    await store.markFailed(sent.data.CommandID, new Date(), 'timeout');
    const list = await t.call<{ CommandID: number; Status: string; Result: string | null }[]>(
      'POST',
      'Command/GetCommandList',
      {
        token,
        body: { DeviceID: '013912345678' },
      },
    );
    const row = list.data.find((c) => c.CommandID === sent.data.CommandID);
    expect(row).toMatchObject({ Status: 'failed', Result: 'timeout' });
  });
});
