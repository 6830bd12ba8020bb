import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgCommandStore } from '../../ingest/command-store.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { expectRefusedLikeMissing } from '../../test/refused.ts';
import { positionReport } from '../../test/reports.ts';

afterAll(stopTestServers);

const H02 = '4100000001';
const GT06 = '860000000000011';
const OSMAND = '7700000001';
const REPORTED = '860000000000012';
const FRESH = '860000000000013';
const OTHER = '860000000000099';

const report = (deviceId: string) => positionReport(deviceId);

type Row = { DeviceID: string; State: string; ActivateTime: string | null };

/** Device/Activate (76), Command/Lock and Command/Unlock (83) from the monitor's row-action menu. */
describe.each(dbTargets())('row actions on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token: string;
  let plain: string;
  let otherToken: string;
  const send = (tok: string) => (path: string, body: Record<string, unknown>) =>
    t.call('POST', path, { token: tok, body });

  beforeAll(async () => {
    t = await startTestApp(target);
    const hold = await t.buildHold('Fleet');
    const other = await t.buildHold('Other');
    token = (await t.buildUser(hold, [Fn.deviceManage, Fn.onlineMonitor, Fn.activate, Fn.lockUnlock])).token;
    plain = (await t.buildUser(hold, [Fn.deviceManage, Fn.onlineMonitor, Fn.sendCommand])).token;
    otherToken = (await t.buildUser(other, [Fn.deviceManage])).token;
    const add = (tok: string, DeviceID: string, Protocol: string, HoldID: number) =>
      t.call('POST', 'Device/AddDevice', { token: tok, body: { DeviceID, Protocol, HoldID } });
    await add(token, H02, 'h02', hold.id);
    await add(token, GT06, 'gt06', hold.id);
    await add(token, OSMAND, 'osmand', hold.id);
    await add(token, REPORTED, 'gt06', hold.id);
    await add(token, FRESH, 'gt06', hold.id);
    expect((await add(otherToken, OTHER, 'h02', other.id)).code).toBe(200);
    await t.ingest.writer.persist([report(REPORTED)]);
    await t.ingest.writer.flushStates();
  });
  afterAll(() => t.close());

  const monitorRow = async (id: string) => {
    const r = await t.call<{ rows: Row[] }>('POST', 'Monitor/GetMonitorList', { token, body: { DeviceIDs: id } });
    return r.data.rows[0];
  };

  it('refuses every action without its function id', async () => {
    for (const path of ['Device/Activate', 'Command/Lock', 'Command/Unlock']) {
      const r = await t.call('POST', path, { token: plain, body: { DeviceID: H02 } });
      expect({ path, code: r.code, errCode: r.errCode }).toEqual({ path, code: 403, errCode: ErrCode.NoFunction });
    }
    const { rows } = await t.database.pool.query('SELECT count(*)::int AS n FROM commands');
    expect(rows[0].n).toBe(0);
  });

  it("refuses another hold's device exactly as a missing one", async () => {
    await expectRefusedLikeMissing(send(token), [
      ['Device/Activate', { DeviceID: OTHER }, { DeviceID: '869999999999999' }],
      ['Command/Lock', { DeviceID: OTHER }, { DeviceID: '869999999999999' }],
      ['Command/Unlock', { DeviceID: OTHER }, { DeviceID: '869999999999999' }],
    ]);
    const { rows } = await t.database.pool.query(
      `SELECT d.activated_at, (SELECT count(*)::int FROM commands c WHERE c.device_pk = d.id) AS n
         FROM devices d WHERE d.device_id = $1`,
      [OTHER],
    );
    expect(rows[0]).toEqual({ activated_at: null, n: 0 });
  });

  it('activates an inactivated device: stored, logged, and its state becomes offline until it reports', async () => {
    expect(await monitorRow(FRESH)).toMatchObject({ State: 'inactivated', ActivateTime: null });
    const r = await t.call<{ DeviceID: string; ActivateTime: string; State: string }>('POST', 'Device/Activate', {
      token,
      body: { DeviceID: FRESH },
    });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ DeviceID: FRESH, State: 'offline' });
    expect(r.data.ActivateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const { rows } = await t.database.pool.query('SELECT activated_at FROM devices WHERE device_id = $1', [FRESH]);
    expect(Date.now() - (rows[0].activated_at as Date).getTime()).toBeLessThan(60_000);
    expect(await monitorRow(FRESH)).toMatchObject({ State: 'offline', ActivateTime: r.data.ActivateTime });
    const log = await t.database.pool.query(`SELECT detail FROM operation_logs WHERE action = 'activateDevice'`);
    expect(log.rows).toEqual([{ detail: FRESH }]);
  });

  it('refuses to activate twice, or a device that already reported', async () => {
    for (const DeviceID of [FRESH, REPORTED]) {
      const r = await t.call('POST', 'Device/Activate', { token, body: { DeviceID }, lang: 'en' });
      expect({ code: r.code, errCode: r.errCode, msg: r.msg }).toEqual({
        code: 400,
        errCode: ErrCode.Conflict,
        msg: `This device is already activated: ${DeviceID}`,
      });
    }
    expect((await monitorRow(REPORTED))?.State).toBe('normal');
  });

  it('queues lock as engineStop and unlock as engineResume, logged, for the gateway', async () => {
    // The sender's password again, or nothing is queued.
    for (const Password of [undefined, 'wrong-pass']) {
      const refused = await t.call('POST', 'Command/Lock', { token, body: { DeviceID: H02, Password }, lang: 'en' });
      expect({ code: refused.code, errCode: refused.errCode }).toEqual({ code: 400, errCode: ErrCode.Validation });
      expect(refused.msg).toMatch(/Password/i);
    }
    expect(await new PgCommandStore(t.database.pool).pendingFor(H02)).toEqual([]);
    const lock = await t.call<{ CommandID: number }>('POST', 'Command/Lock', {
      token,
      body: { DeviceID: H02, Password: 'pass1234' },
    });
    const unlock = await t.call<{ CommandID: number }>('POST', 'Command/Unlock', {
      token,
      body: { DeviceID: GT06, Password: 'pass1234' },
    });
    expect([lock.code, unlock.code]).toEqual([200, 200]);
    const store = new PgCommandStore(t.database.pool);
    expect(await store.pendingFor(H02)).toEqual([
      expect.objectContaining({ id: lock.data.CommandID, deviceId: H02, type: 'engineStop', payload: {} }),
    ]);
    expect(await store.pendingFor(GT06)).toEqual([
      expect.objectContaining({ id: unlock.data.CommandID, deviceId: GT06, type: 'engineResume', payload: {} }),
    ]);
    // Followed to the acknowledgement with 83 alone (no send-command function).
    await store.markAcknowledged(lock.data.CommandID, new Date(), 'S20,1,1');
    const list = await t.call<{ CommandID: number; Type: string; Status: string }[]>('POST', 'Command/GetCommandList', {
      token,
      body: { DeviceID: H02 },
    });
    expect(list.data).toEqual([
      expect.objectContaining({ CommandID: lock.data.CommandID, Type: 'engineStop', Status: 'acknowledged' }),
    ]);
    const log = await t.database.pool.query(
      `SELECT action, detail FROM operation_logs WHERE action IN ('lockDevice', 'unlockDevice') ORDER BY id`,
    );
    expect(log.rows).toEqual([
      { action: 'lockDevice', detail: `${H02} #${lock.data.CommandID}` },
      { action: 'unlockDevice', detail: `${GT06} #${unlock.data.CommandID}` },
    ]);
  });

  it('answers "unsupported protocol" for a device whose protocol has no immobiliser, and queues nothing', async () => {
    for (const path of ['Command/Lock', 'Command/Unlock']) {
      const r = await t.call('POST', path, { token, body: { DeviceID: OSMAND }, lang: 'en' });
      expect({ code: r.code, errCode: r.errCode }).toEqual({ code: 400, errCode: ErrCode.Validation });
      expect(r.msg).toMatch(/^Unsupported protocol.*: osmand$/);
    }
    const zh = await t.call('POST', 'Command/Lock', { token, body: { DeviceID: OSMAND }, lang: 'zh' });
    expect(zh.msg).toContain('不支持');
    expect(await new PgCommandStore(t.database.pool).pendingFor(OSMAND)).toEqual([]);
  });
});
