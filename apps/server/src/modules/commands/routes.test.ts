import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { AccountType, COMMAND_CATALOGUE, ErrCode, Fn, supportsCommand } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgCommandStore } from '../../ingest/command-store.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { CommandRepository } from './repository.ts';

afterAll(stopTestServers);

const JT = '013912345678';
const JT_STORED = '13912345678';
const GT = '868120300000001';
const OSM = 'osm-0001';
const LAPSED = '013900000002';
const OTHER = '013900000999';

type Batch = {
  Counts: Record<string, number>;
  Rows: { CommandID: number; DeviceID: string; Status: string; Result: string | null }[];
};

describe.each(dbTargets())('Command/… and Message/… on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token: string;
  let noLock: string;
  let plainUser: string;
  let lesser: string;
  let otherToken: string;
  let fleetId: number;
  const q = (text: string, args: unknown[] = []) => t.database.pool.query(text, args);

  beforeAll(async () => {
    t = await startTestApp(target);
    const fleet = await t.buildHold('Fleet');
    const other = await t.buildHold('Other');
    fleetId = fleet.id;
    const all = [Fn.sendCommand, Fn.batchCommand, Fn.sendMessage, Fn.lockUnlock, Fn.targetImage, Fn.export];
    token = (await t.buildUser(fleet, all)).token;
    noLock = (await t.buildUser(fleet, [Fn.sendCommand, Fn.batchCommand])).token;
    plainUser = (await t.buildUser(fleet, [Fn.sendCommand], AccountType.User)).token;
    lesser = (await t.buildUser(fleet, [Fn.deviceManage])).token;
    otherToken = (await t.buildUser(other, all)).token;
    const add = (id: string, protocol: string, hold: number, vip: string | null, sim = '') =>
      q(`INSERT INTO devices (device_id, protocol, hold_id, vip_expires_at, sim) VALUES ($1, $2, $3, $4::date, $5)`, [
        id,
        protocol,
        hold,
        vip,
        sim,
      ]);
    await add(JT_STORED, 'jt808', fleet.id, '2099-01-01', '1440000001');
    await add(GT, 'gt06', fleet.id, '2099-01-01');
    await add(OSM, 'osmand', fleet.id, null);
    await add(LAPSED.replace(/^0/, ''), 'jt808', fleet.id, '2000-01-01');
    await add(OTHER.replace(/^0/, ''), 'jt808', other.id, '2099-01-01');
  });
  afterAll(() => t.close());

  const call = <T = unknown>(path: string, body: object, as = token) =>
    t.call<T>('POST', path, { token: as, body, lang: 'en' });
  const send = (body: object, as = token) => call<{ CommandID: number }>('Command/SendCommand', body, as);
  const refusal = (r: { code: number; msg: string }) => ({ code: r.code, msg: r.msg });

  it('queues a text command with its expiry; the gateway gets it until it is sent, never once cancelled', async () => {
    const sent = await send({ DeviceID: JT, Type: 'text', Text: ' 请注意安全 ', ExpireMinutes: 5 });
    expect(sent.code, sent.msg).toBe(200);
    const store = new PgCommandStore(t.database.pool);
    const [pending] = await store.pendingFor(JT_STORED);
    expect(pending).toMatchObject({ id: sent.data.CommandID, type: 'text', payload: { text: '请注意安全' } });
    const ttl = pending!.expireAt!.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(4 * 60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000);
    expect(await store.markSent(sent.data.CommandID, new Date())).toBe(true);
    expect(await store.pendingFor(JT_STORED)).toEqual([]);
    // Only a queued command can be cancelled.
    const late = await call('Command/CancelCommand', { CommandID: sent.data.CommandID });
    expect(late.code).toBe(400);
    await store.markAcknowledged(sent.data.CommandID, new Date(), 'ok');

    const second = await send({ DeviceID: JT, Type: 'positionQuery' });
    const cancelled = await call<{ Cancelled: number }>('Command/CancelCommand', { CommandID: second.data.CommandID });
    expect(cancelled.data).toEqual({ Cancelled: 1 });
    expect(await store.markSent(second.data.CommandID, new Date())).toBe(false);
    const list = await call<{ CommandID: number; Status: string; Result: string | null; Params: object }[]>(
      'Command/GetCommandList',
      { DeviceID: JT },
    );
    expect(list.data.find((c) => c.CommandID === sent.data.CommandID)).toMatchObject({
      Status: 'acknowledged',
      Result: 'ok',
      Params: { text: '请注意安全' },
    });
    expect(list.data.find((c) => c.CommandID === second.data.CommandID)?.Status).toBe('cancelled');
  });

  it('checks every catalogue range at its edges, naming Params.<key>', async () => {
    let checked = 0;
    for (const def of COMMAND_CATALOGUE) {
      if (def.internal || def.immobiliser || def.adminOnly) continue;
      const device = supportsCommand('jt808', def.type) ? JT : GT;
      const base: Record<string, unknown> = {};
      for (const p of def.params)
        if (p.required) base[p.key] = p.kind === 'text' ? 'x' : p.kind === 'bool' ? true : (p.options?.[0] ?? p.min);
      for (const p of def.params) {
        if (p.kind !== 'int' && p.kind !== 'decimal') continue;
        const step = p.kind === 'decimal' ? 0.1 : 1;
        for (const [value, ok] of [
          [p.min!, true],
          [p.max!, true],
          [Math.round((p.min! - step) * 10) / 10, false],
          [Math.round((p.max! + step) * 10) / 10, false],
        ] as const) {
          const r = await send({
            DeviceID: device,
            Type: def.type,
            Params: { ...base, [p.key]: value },
            ExpireMinutes: 1,
          });
          expect({ type: def.type, key: p.key, value, code: r.code }).toEqual({
            type: def.type,
            key: p.key,
            value,
            code: ok ? 200 : 400,
          });
          if (!ok) expect(r.msg).toContain(`Params.${p.key}`);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(60);
    const unknown = await send({ DeviceID: JT, Type: 'setParameters', Params: { nope: 1 } });
    expect(refusal(unknown)).toEqual({ code: 400, msg: expect.stringContaining('Params.nope') });
    const empty = await send({ DeviceID: JT, Type: 'setParameters', Params: {} });
    expect(refusal(empty)).toEqual({ code: 400, msg: expect.stringContaining('Params') });
    const text = await send({ DeviceID: JT, Type: 'message', Params: { text: 'x'.repeat(201) } });
    expect(refusal(text)).toEqual({ code: 400, msg: expect.stringContaining('Params.text') });
  });

  it('engine stop: function 83 and the sender’s own password, checked on the server', async () => {
    expect((await send({ DeviceID: JT, Type: 'engineStop', Password: 'pass1234' }, noLock)).errCode).toBe(
      ErrCode.NoFunction,
    );
    expect(refusal(await send({ DeviceID: JT, Type: 'engineStop' }))).toEqual({
      code: 400,
      msg: expect.stringContaining('Password'),
    });
    expect(refusal(await send({ DeviceID: JT, Type: 'engineStop', Password: 'wrong' }))).toEqual({
      code: 400,
      msg: 'The password is wrong: Password',
    });
    expect((await send({ DeviceID: JT, Type: 'engineStop', Password: 'pass1234' })).code).toBe(200);
  });

  it('custom text for administrators only; photo for VIP devices only; an unsupported protocol refused', async () => {
    expect((await send({ DeviceID: JT, Type: 'custom', Params: { text: 'RESET#' } }, plainUser)).code).toBe(403);
    expect((await send({ DeviceID: JT, Type: 'custom', Params: { text: 'RESET#' } })).code).toBe(200);
    const photo = { Type: 'photo', Params: { channel: 1, count: 1, intervalSeconds: 0, resolution: 2, quality: 5 } };
    expect((await send({ DeviceID: JT, ...photo })).code).toBe(200);
    expect(refusal(await send({ DeviceID: LAPSED, ...photo }))).toEqual({
      code: 400,
      msg: `Device VIP expired: ${LAPSED.replace(/^0/, '')}`,
    });
    expect((await send({ DeviceID: JT, ...photo }, noLock)).code).toBe(403); // no 49
    const arm = await send({ DeviceID: JT, Type: 'arm' });
    expect(arm.code).toBe(400);
    expect(arm.msg).toContain('Unsupported protocol');
    // Zone pushes are the zones module's own.
    expect((await send({ DeviceID: JT, Type: 'zoneSet' })).code).toBe(400);
  });

  it('another hold’s ids answer like missing ones; a lesser role gets nothing', async () => {
    const theirs = await send({ DeviceID: OTHER, Type: 'positionQuery' });
    const missing = await send({ DeviceID: '013900000777', Type: 'positionQuery' });
    expect(refusal(theirs)).toEqual(refusal(missing));
    expect(theirs.errCode).toBe(ErrCode.OutsideHold);
    const mine = await call<{ BatchID: number }>('Message/SendMessage', { DeviceIDs: [OTHER], Text: 'hi' }, otherToken);
    expect(mine.code, mine.msg).toBe(200);
    const batch = await call('Command/GetBatch', { BatchID: mine.data.BatchID });
    expect(refusal(batch)).toEqual(refusal(await call('Command/GetBatch', { BatchID: 999_999 })));
    const theirRows = await call<Batch>('Command/GetBatch', { BatchID: mine.data.BatchID }, otherToken);
    const theirCommand = theirRows.data.Rows[0]!.CommandID;
    expect(refusal(await call('Command/CancelCommand', { CommandID: theirCommand }))).toEqual(
      refusal(await call('Command/CancelCommand', { CommandID: 999_999 })),
    );
    expect((await call('Command/RetryBatch', { BatchID: mine.data.BatchID })).errCode).toBe(ErrCode.OutsideHold);
    expect((await call('Command/GetBatch', { BatchID: mine.data.BatchID }, otherToken)).code).toBe(200);
    expect((await call('Command/SendBatch', { HoldID: fleetId, Type: 'positionQuery' }, otherToken)).errCode).toBe(
      ErrCode.OutsideHold,
    );
    for (const [path, body] of [
      ['Command/SendCommand', { DeviceID: JT, Type: 'positionQuery' }],
      ['Command/SendBatch', { DeviceIDs: [JT], Type: 'positionQuery' }],
      ['Command/GetBatch', { BatchID: mine.data.BatchID }],
      ['Command/GetCommandTypes', { DeviceIDs: [JT] }],
      ['Message/SendMessage', { DeviceIDs: [JT], Text: 'hi' }],
      ['Message/GetMessageList', { StartTime: '2000-01-01 00:00:00', EndTime: '2100-01-01 00:00:00' }],
    ] as const)
      expect({ path, errCode: (await call(path, body, lesser)).errCode }).toEqual({
        path,
        errCode: ErrCode.NoFunction,
      });
  });

  it('batches: too many selected, select target data, a unit’s devices with unsupported ones failed, cancel, retry, export', async () => {
    const many = Array.from({ length: 1001 }, (_, i) => `01390000${String(i).padStart(4, '0')}`);
    const tooMany = await call('Command/SendBatch', { DeviceIDs: many, Type: 'positionQuery' });
    expect(refusal(tooMany)).toEqual({ code: 400, msg: 'Too many selected: 1000' });
    expect(refusal(await call('Command/SendBatch', { DeviceIDs: [], Type: 'positionQuery' }))).toEqual({
      code: 400,
      msg: 'Select target data',
    });
    expect((await call('Command/SendBatch', { Type: 'positionQuery' })).msg).toBe('Select target data');

    const types = await call<{ Devices: number; Types: { Type: string; Supported: number; Unsupported: string[] }[] }>(
      'Command/GetCommandTypes',
      { HoldID: fleetId },
    );
    expect(types.data.Devices).toBe(4);
    expect(types.data.Types.find((x) => x.Type === 'trackingMode')).toMatchObject({
      Supported: 2,
      Unsupported: expect.arrayContaining([GT, OSM]),
    });
    expect(types.data.Types.some((x) => x.Type === 'zoneSet')).toBe(false);
    const noAdmin = await call<{ Types: { Type: string }[] }>(
      'Command/GetCommandTypes',
      { DeviceIDs: [JT] },
      plainUser,
    );
    expect(noAdmin.data.Types.map((x) => x.Type)).not.toContain('custom');
    expect(noAdmin.data.Types.map((x) => x.Type)).not.toContain('engineStop');

    const sent = await call<{ BatchID: number; Count: number }>('Command/SendBatch', {
      HoldID: fleetId,
      Type: 'photo',
      Params: { channel: 1, count: 1, intervalSeconds: 0, resolution: 2, quality: 5 },
    });
    expect(sent.data.Count).toBe(4);
    const batch = await call<Batch>('Command/GetBatch', { BatchID: sent.data.BatchID });
    const byDevice = Object.fromEntries(batch.data.Rows.map((r) => [r.DeviceID, [r.Status, r.Result]]));
    expect(byDevice).toEqual({
      [JT_STORED]: ['queued', null],
      [GT]: ['failed', 'unsupported protocol'],
      [OSM]: ['failed', 'unsupported protocol'],
      [LAPSED.replace(/^0/, '')]: ['failed', 'device VIP expired'],
    });
    expect(batch.data.Counts).toMatchObject({ queued: 1, failed: 3 });

    // The queued one expires: the sweep marks it, a retry queues it again (the refused ones stay failed).
    await q(`UPDATE commands SET expire_at = now() - interval '1 second' WHERE batch_id = $1`, [sent.data.BatchID]);
    expect(await new CommandRepository(t.database.db, t.database.pool).expireDue()).toBeGreaterThanOrEqual(1);
    const retried = await call<{ Retried: number }>('Command/RetryBatch', { BatchID: sent.data.BatchID });
    expect(retried.data).toEqual({ Retried: 1 });
    const again = await call<Batch>('Command/GetBatch', { BatchID: sent.data.BatchID });
    expect(again.data.Counts).toMatchObject({ queued: 1, failed: 3, expired: 0 });
    const cancel = await call<{ Cancelled: number }>('Command/CancelCommand', { BatchID: sent.data.BatchID });
    expect(cancel.data).toEqual({ Cancelled: 1 });
    const exported = await call<{ FileID: number }>('Command/ExportBatch', { BatchID: sent.data.BatchID });
    expect(exported.code, exported.msg).toBe(200);
    expect(exported.data.FileID).toBeGreaterThan(0);
  });

  it('messages: SMS to an offline device with a SIM, failed without one, queued to an online device; listed', async () => {
    await q(
      `INSERT INTO device_states (device_pk, last_seen, connected) SELECT id, now(), true FROM devices WHERE device_id = $1`,
      [GT],
    );
    const sent = await call<{ BatchID: number; Count: number }>('Message/SendMessage', {
      DeviceIDs: [JT, GT, LAPSED],
      Text: 'Return to depot',
      Flags: { Urgent: true, Tts: true },
      ViaSms: true,
    });
    expect(sent.code, sent.msg).toBe(200);
    expect(t.smsLog.some((l) => l.includes('1440000001') && l.includes('Return to depot'))).toBe(true);
    const list = await call<{
      rows: { DeviceID: string; Via: string; Status: string; Result: string | null; Flags: object }[];
      total: number;
    }>('Message/GetMessageList', {
      StartTime: '2000-01-01 00:00:00',
      EndTime: '2100-01-01 00:00:00',
      SortColumn: 'DeviceID',
      SortType: 'asc',
    });
    const rows = Object.fromEntries(list.data.rows.map((r) => [r.DeviceID, [r.Via, r.Status, r.Result]]));
    expect(rows).toEqual({
      [JT_STORED]: ['sms', 'sent', 'sms local'],
      [GT]: ['device', 'queued', null],
      [LAPSED.replace(/^0/, '')]: ['sms', 'failed', 'no SIM number'],
    });
    expect(list.data.rows.find((r) => r.DeviceID === GT)?.Flags).toEqual({
      Urgent: true,
      Display: true,
      Tts: true,
      Advert: false,
    });
    // SMS rows are never the gateway's to send.
    expect(
      (await new PgCommandStore(t.database.pool).pendingFor(JT_STORED)).filter((c) => c.type === 'message'),
    ).toEqual([]);
    const filtered = await call<{ total: number }>('Message/GetMessageList', {
      DeviceID: GT,
      Status: 'queued',
      StartTime: '2000-01-01 00:00:00',
      EndTime: '2100-01-01 00:00:00',
    });
    expect(filtered.data.total).toBe(1);
  });
});
