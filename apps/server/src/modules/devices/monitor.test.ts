import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { Fn } from '@lodestar/domain';
import type { InboundRecord } from '@lodestar/gateway';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgCommandStore } from '../../ingest/command-store.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

afterAll(stopTestServers);

const report = (deviceId: string, secondsAgo: number, over: { speedKmh?: number; alarms?: string[]; acc?: boolean }) =>
  ({
    protocol: 'gt06',
    deviceId,
    receivedAt: new Date(),
    remoteAddress: '127.0.0.1',
    message: {
      protocol: 'gt06',
      kind: 'position',
      messageType: 0x22,
      alarms: [],
      attributes: {},
      positions: [
        {
          fixTime: new Date(Date.now() - secondsAgo * 1000),
          valid: true,
          lat: 31.23,
          lon: 121.47,
          speedKmh: over.speedKmh ?? 0,
          course: 0,
          satellites: 9,
          alarms: over.alarms ?? [],
          attributes: { acc: over.acc ?? true },
        },
      ],
    },
  }) as InboundRecord;

describe.each(dbTargets())('monitor calls on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(target);
    const hold = await t.buildHold('Fleet');
    token = (await t.buildUser(hold, [Fn.deviceManage, Fn.onlineMonitor, Fn.releaseAlarm, Fn.sendCommand])).token;
    for (const id of ['860000000000001', '860000000000002', '860000000000003', '860000000000004'])
      await t.call('POST', 'Device/AddDevice', { token, body: { DeviceID: id, Protocol: 'gt06', HoldID: hold.id } });
    await t.ingest.writer.persist([
      report('860000000000001', 5, { speedKmh: 50 }),
      report('860000000000002', 5, { acc: false }),
      report('860000000000003', 5, { alarms: ['sos'] }),
    ]);
    await t.ingest.writer.flushStates();
  });
  afterAll(() => t.close());

  it('counts devices per filter of spec section 4', async () => {
    const r = await t.call<Record<string, number>>('POST', 'Monitor/GetMonitorCounts', { token, body: {} });
    expect(r.data).toEqual({
      all: 4,
      online: 3,
      offline: 0,
      moving: 1,
      ignitionOff: 1,
      alarm: 1,
      normal: 2,
      unused: 1,
      followed: 0,
    });
  });

  it('toggles following and filters the monitor list to followed devices', async () => {
    const on = await t.call<{ Followed: boolean }>('POST', 'Monitor/Follow', {
      token,
      body: { DeviceID: '860000000000002' },
    });
    expect(on.data.Followed).toBe(true);
    const list = await t.call<{ rows: { DeviceID: string; Followed: boolean }[] }>('POST', 'Monitor/GetMonitorList', {
      token,
      body: { Status: 'followed' },
    });
    expect(list.data.rows.map((r) => r.DeviceID)).toEqual(['860000000000002']);
    const off = await t.call<{ Followed: boolean }>('POST', 'Monitor/Follow', {
      token,
      body: { DeviceID: '860000000000002' },
    });
    expect(off.data.Followed).toBe(false);
  });

  it('releases an alarm with a reason, and the next report does not bring it back', async () => {
    const r = await t.call<{ Released: number }>('POST', 'Alarm/ReleaseAlarm', {
      token,
      body: { DeviceID: '860000000000003', Reason: ' 司机误触 ' },
    });
    expect(r.data.Released).toBe(1);
    await t.ingest.writer.persist([report('860000000000003', 1, {})]);
    await t.ingest.writer.flushStates();
    const counts = await t.call<Record<string, number>>('POST', 'Monitor/GetMonitorCounts', { token, body: {} });
    expect(counts.data.alarm).toBe(0);
    const { rows } = await t.database.pool.query(`SELECT release_reason FROM events WHERE type = 'alarm'`);
    expect(rows).toEqual([{ release_reason: '司机误触' }]);
  });

  it('queues arm and disarm as commands for the gateway', async () => {
    const arm = await t.call<{ CommandID: number }>('POST', 'Command/Arm', {
      token,
      body: { DeviceID: '860000000000001' },
    });
    const disarm = await t.call<{ CommandID: number }>('POST', 'Command/Disarm', {
      token,
      body: { DeviceID: '860000000000001' },
    });
    const pending = await new PgCommandStore(t.database.pool).pendingFor('860000000000001');
    expect(pending.map((c) => [c.id, c.type])).toEqual([
      [arm.data.CommandID, 'arm'],
      [disarm.data.CommandID, 'disarm'],
    ]);
  });
});
