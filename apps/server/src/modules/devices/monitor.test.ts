import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn, STATUS_FILTERS, type StatusFilter } from '@lodestar/domain';
import type { AlarmName } from '@lodestar/protocols';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgCommandStore } from '../../ingest/command-store.ts';
import { loadStates } from '../../ingest/sql.ts';
import { isOnline, mapStatus } from '../../ingest/state.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { positionReport } from '../../test/reports.ts';

afterAll(stopTestServers);

const report = (
  deviceId: string,
  secondsAgo: number,
  over: { speedKmh?: number; alarms?: AlarmName[]; acc?: boolean },
) =>
  positionReport(deviceId, {
    secondsAgo,
    speedKmh: over.speedKmh,
    alarms: over.alarms,
    attributes: { acc: over.acc ?? true },
  });

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

  it('filters the monitor list by VIP state (spec section 4), with the status filter', async () => {
    const q = (sql: string) => t.database.pool.query(sql);
    await q(`UPDATE devices SET vip_expires_at = CASE device_id
      WHEN '860000000000001' THEN current_date - 1 WHEN '860000000000002' THEN current_date + 3
      WHEN '860000000000003' THEN current_date + 20 ELSE current_date + 50 END`);
    const ids = async (body: object) =>
      (await t.call<{ rows: { DeviceID: string }[] }>('POST', 'Monitor/GetMonitorList', { token, body })).data.rows.map(
        (r) => r.DeviceID.slice(-1),
      );
    expect(await ids({ Vip: 'expired' })).toEqual(['1']);
    expect(await ids({ Vip: '7' })).toEqual(['2']);
    expect(await ids({ Vip: '30' })).toEqual(['2', '3']);
    expect(await ids({ Vip: '60' })).toEqual(['2', '3', '4']);
    expect(await ids({ Vip: '60', Status: 'alarm' })).toEqual(['3']);
    const bad = await t.call('POST', 'Monitor/GetMonitorList', { token, body: { Vip: '90' } });
    expect([bad.code, bad.msg]).toEqual([400, expect.stringContaining('Vip')]);
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

  it('counts in SQL exactly as mapStatus and isOnline judge each device, over every branch', async () => {
    const hold = await t.buildHold('Status matrix');
    const own = (await t.buildUser(hold, [Fn.deviceManage, Fn.onlineMonitor])).token;
    const recent = "now() - interval '1 minute'";
    const old = "now() - interval '2 hours'";
    // [last_seen, fix_time, connected, valid, satellites, acc, speed, alarms]; null: no state row at all.
    const matrix: (string | null)[] = [
      null,
      `null, null, false, null, null, null, null, '{}'`,
      `${old}, ${old}, true, true, 9, true, 40, '{}'`,
      `${old}, ${old}, false, true, 9, true, 40, '{}'`,
      `${old}, ${old}, false, true, 9, true, 0, '{sos}'`,
      `${recent}, ${recent}, false, true, 9, true, 0, '{sos,overspeed}'`,
      `${recent}, ${recent}, false, false, 9, true, 40, '{}'`,
      `${recent}, ${recent}, false, true, 3, true, 40, '{}'`,
      `${recent}, ${recent}, false, null, null, false, 40, '{}'`,
      `${recent}, ${recent}, false, true, 4, true, 5, '{}'`,
      `${recent}, ${recent}, true, true, 9, null, 4.9, '{}'`,
      `${recent}, ${recent}, false, true, 9, true, null, '{}'`,
      `null, ${recent}, false, true, 9, true, 40, '{}'`,
      `${recent}, null, false, null, null, null, null, '{}'`,
    ];
    const pks: number[] = [];
    for (const [i, state] of matrix.entries()) {
      const id = `86555000000${String(i).padStart(4, '0')}`;
      await t.call('POST', 'Device/AddDevice', {
        token: own,
        body: { DeviceID: id, Protocol: 'gt06', HoldID: hold.id },
      });
      const { rows } = await t.database.pool.query('SELECT id FROM devices WHERE device_id = $1', [id]);
      pks.push(rows[0].id);
      if (state)
        await t.database.pool.query(
          `INSERT INTO device_states (device_pk, last_seen, fix_time, connected, valid, satellites, acc, speed, alarms)
           VALUES ($1, ${state})`,
          [rows[0].id],
        );
      if (i % 4 === 1) await t.call('POST', 'Monitor/Follow', { token: own, body: { DeviceID: id } });
    }
    const r = await t.call<Record<string, number>>('POST', 'Monitor/GetMonitorCounts', { token: own, body: {} });

    const states = await loadStates(t.database.pool, pks);
    const members = Object.fromEntries(STATUS_FILTERS.map((f) => [f, [] as string[]])) as Record<
      StatusFilter,
      string[]
    >;
    const now = new Date();
    for (const [i, pk] of pks.entries()) {
      const s = states.get(pk);
      const online = isOnline(s, now, 600_000);
      const status = mapStatus(s, online);
      const id = `86555000000${String(i).padStart(4, '0')}`;
      members.all.push(id);
      if (online) members.online.push(id);
      if (status === 'offline') members.offline.push(id);
      if (status === 'moving') members.moving.push(id);
      if (status === 'ignitionOff') members.ignitionOff.push(id);
      if (status === 'alarm') members.alarm.push(id);
      if (online && status !== 'alarm') members.normal.push(id);
      if (status === 'unused') members.unused.push(id);
      if (i % 4 === 1) members.followed.push(id);
    }
    expect(r.data).toEqual(Object.fromEntries(STATUS_FILTERS.map((f) => [f, members[f].length])));
    // The matrix reaches every filter (a branch written wrong in SQL cannot hide behind a zero).
    for (const f of STATUS_FILTERS) expect(members[f].length, f).toBeGreaterThan(0);
    // The list's status filters pick the same devices, in DeviceID order, with the same total.
    for (const f of STATUS_FILTERS) {
      const list = await t.call<{ rows: { DeviceID: string }[]; total: number }>('POST', 'Monitor/GetMonitorList', {
        token: own,
        body: { Status: f },
      });
      expect(
        list.data.rows.map((x) => x.DeviceID),
        f,
      ).toEqual(members[f]);
      expect(list.data.total, f).toBe(members[f].length);
    }
    // With a batch of IDs, only those among them.
    const picked = [members.all[3] ?? '', members.all[9] ?? ''];
    const some = await t.call<{ rows: { DeviceID: string }[]; total: number }>('POST', 'Monitor/GetMonitorList', {
      token: own,
      body: { Status: 'online', DeviceIDs: [...picked, 'X-NOT-MINE'].join(',') },
    });
    expect(some.data.rows.map((x) => x.DeviceID)).toEqual(picked.filter((id) => members.online.includes(id)));
  });

  it('judges the whole fleet (the root unit, counted off the state rows alone) as JavaScript does, at the online timeout’s edge too', async () => {
    const hold = await t.buildHold('Timeout edges');
    const own = (await t.buildUser(hold, [Fn.deviceManage, Fn.onlineMonitor])).token;
    const root = (await t.buildUser(t.rootHold, [Fn.deviceManage, Fn.onlineMonitor])).token;
    // Heard from 30 s inside and 30 s outside the 600 s timeout, not connected; and connected though long silent.
    const edges = [
      "now() - interval '570 seconds', false",
      "now() - interval '630 seconds', false",
      "now() - interval '3 days', true",
    ];
    for (const [i, edge] of edges.entries()) {
      const id = `86556000000000${i}`;
      await t.call('POST', 'Device/AddDevice', {
        token: own,
        body: { DeviceID: id, Protocol: 'gt06', HoldID: hold.id },
      });
      await t.database.pool.query(
        `INSERT INTO device_states (device_pk, last_seen, connected, fix_time, valid, satellites, acc, speed)
         SELECT id, ${edge}, now() - interval '3 days', true, 9, true, 0 FROM devices WHERE device_id = $1`,
        [id],
      );
    }
    await t.call('POST', 'Monitor/Follow', { token: root, body: { DeviceID: '860000000000004' } });
    const { rows } = await t.database.pool.query<{ id: number; device_id: string; hold_id: number }>(
      'SELECT id, device_id, hold_id FROM devices ORDER BY device_id',
    );
    const states = await loadStates(
      t.database.pool,
      rows.map((r) => r.id),
    );
    const now = new Date();
    const judged = (of: typeof rows, followed: Set<string>) => {
      const members = Object.fromEntries(STATUS_FILTERS.map((f) => [f, [] as string[]])) as Record<
        StatusFilter,
        string[]
      >;
      for (const d of of) {
        const s = states.get(d.id);
        const online = isOnline(s, now, 600_000);
        const status = mapStatus(s, online);
        members.all.push(d.device_id);
        if (online) members.online.push(d.device_id);
        if (online && status !== 'alarm') members.normal.push(d.device_id);
        if (followed.has(d.device_id)) members.followed.push(d.device_id);
        for (const f of ['offline', 'moving', 'ignitionOff', 'alarm', 'unused'] as const)
          if (status === f) members[f].push(d.device_id);
      }
      return members;
    };
    const edgeIds = rows.filter((r) => r.hold_id === hold.id);
    expect(judged(edgeIds, new Set()).online).toEqual(['865560000000000', '865560000000002']);
    for (const [token, of, followed] of [
      [root, rows, new Set(['860000000000004'])],
      [own, edgeIds, new Set<string>()],
    ] as const) {
      const members = judged(of, followed);
      const counts = await t.call<Record<string, number>>('POST', 'Monitor/GetMonitorCounts', { token, body: {} });
      expect(counts.data).toEqual(Object.fromEntries(STATUS_FILTERS.map((f) => [f, members[f].length])));
      for (const f of STATUS_FILTERS) {
        const list = await t.call<{ rows: { DeviceID: string }[]; total: number }>('POST', 'Monitor/GetMonitorList', {
          token,
          body: { Status: f },
        });
        expect({ f, ids: list.data.rows.map((x) => x.DeviceID), total: list.data.total }).toEqual({
          f,
          ids: members[f],
          total: members[f].length,
        });
      }
      // A status with another filter counts the devices that pass both, not the status's count.
      const narrowed = await t.call<{ total: number }>('POST', 'Monitor/GetMonitorList', {
        token,
        body: { Status: 'online', Keyword: '86556' },
      });
      expect(narrowed.data.total).toBe(members.online.filter((id) => id.includes('86556')).length);
    }
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
    const hold = await t.buildHold('H02 fleet');
    const own = (await t.buildUser(hold, [Fn.deviceManage, Fn.sendCommand])).token;
    await t.call('POST', 'Device/AddDevice', {
      token: own,
      body: { DeviceID: '4100000099', Protocol: 'h02', HoldID: hold.id },
    });
    const arm = await t.call<{ CommandID: number }>('POST', 'Command/Arm', {
      token: own,
      body: { DeviceID: '4100000099' },
    });
    const disarm = await t.call<{ CommandID: number }>('POST', 'Command/Disarm', {
      token: own,
      body: { DeviceID: '4100000099' },
    });
    const pending = await new PgCommandStore(t.database.pool).pendingFor('4100000099');
    expect(pending.map((c) => [c.id, c.type])).toEqual([
      [arm.data.CommandID, 'arm'],
      [disarm.data.CommandID, 'disarm'],
    ]);
  });

  it('refuses releasing an alarm without 48 and arm or disarm without 53, each for its own function id', async () => {
    const hold = await t.buildHold('Partial rights');
    const admin = (await t.buildUser(hold, [Fn.deviceManage])).token;
    // Each user holds the other action's function id, so a route checking the wrong one lets it through.
    const commandsOnly = (await t.buildUser(hold, [Fn.deviceManage, Fn.onlineMonitor, Fn.sendCommand])).token;
    const releaseOnly = (await t.buildUser(hold, [Fn.deviceManage, Fn.onlineMonitor, Fn.releaseAlarm])).token;
    const id = '4100000098';
    await t.call('POST', 'Device/AddDevice', {
      token: admin,
      body: { DeviceID: id, Protocol: 'h02', HoldID: hold.id },
    });
    await t.ingest.writer.persist([report(id, 5, { alarms: ['sos'] })]);
    await t.ingest.writer.flushStates();

    const released = await t.call('POST', 'Alarm/ReleaseAlarm', {
      token: commandsOnly,
      body: { DeviceID: id, Reason: 'not mine to release' },
    });
    expect({ code: released.code, errCode: released.errCode }).toEqual({ code: 403, errCode: ErrCode.NoFunction });
    for (const path of ['Command/Arm', 'Command/Disarm']) {
      const r = await t.call('POST', path, { token: releaseOnly, body: { DeviceID: id } });
      expect({ path, code: r.code, errCode: r.errCode }).toEqual({ path, code: 403, errCode: ErrCode.NoFunction });
    }
    // Nothing happened: the alarm stands and no command waits for the device.
    const list = await t.call<{ rows: { Status: string }[] }>('POST', 'Monitor/GetMonitorList', {
      token: commandsOnly,
      body: { DeviceIDs: id },
    });
    expect(list.data.rows.map((r) => r.Status)).toEqual(['alarm']);
    expect(await new PgCommandStore(t.database.pool).pendingFor(id)).toEqual([]);
  });

  it('refuses arm and disarm at once for a protocol that has no such command, and queues nothing', async () => {
    for (const path of ['Command/Arm', 'Command/Disarm']) {
      const r = await t.call('POST', path, { token, body: { DeviceID: '860000000000001' }, lang: 'en' });
      expect(r.code).toBe(400);
      expect(r.msg).toMatch(/^Unsupported protocol.*: gt06$/);
    }
    expect(await new PgCommandStore(t.database.pool).pendingFor('860000000000001')).toEqual([]);
  });
});
