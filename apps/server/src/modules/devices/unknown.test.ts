import { devices, holds, users, vehicles } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { AccountType, ErrCode, Fn } from '@lodestar/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

afterAll(stopTestServers);

const REPORTING = '861234567890123'; // a GT06 reporting here, registered nowhere
const IN_STOCK = '861234567890124'; // registered in the registration unit (the root), not sold yet
const OTHERS = '861234567890125'; // another unit's tracker

/**
 * Issue #14 item 4: unregistered trackers are the platform's to see, and a self-registered customer gets
 * only a device its provider put in stock in the registration unit, never a reporting IMEI it found.
 */
describe.each(dbTargets())('unknown devices and device claims on $name PostgreSQL', (target) => {
  let t: TestApp;
  let superToken: string;
  let seq = 0;

  /** Self-registers a customer (phone, code, vehicle) and logs in; the reply of account/register too. */
  const register = async (deviceId?: string) => {
    const phone = `1351111${String(1000 + seq++)}`;
    await t.call('POST', 'account/sendsmscode', { body: { Phone: phone, Purpose: 'register' } });
    const reply = await t.call<{ UserID: number }>('POST', 'account/register', {
      lang: 'en',
      body: {
        Phone: phone,
        SMSCode: t.lastSmsCode(phone),
        UserPassword: 'drive2026',
        UserName: `Customer ${seq}`,
        Vehicle: { Plate: `沪A9${String(1000 + seq)}`, ...(deviceId ? { DeviceID: deviceId } : {}) },
      },
    });
    return { reply, phone, token: reply.code === 200 ? await t.login(phone, 'drive2026') : undefined };
  };
  const unknown = (token: string) =>
    t.call<{ rows: { DeviceID: string; Address: string }[]; total: number }>('GET', 'Device/GetUnknownDevices', {
      token,
      query: { PageIndex: '1', PageSize: '50' },
    });
  const holdOf = async (deviceId: string) =>
    (await t.database.db.select({ holdId: devices.holdId }).from(devices).where(eq(devices.deviceId, deviceId)))[0]
      ?.holdId;

  beforeAll(async () => {
    t = await startTestApp(target);
    superToken = await t.login('13800000000', 'admin123');
    const add = (DeviceID: string, HoldID: number) =>
      t.call('POST', 'Device/AddDevice', { token: superToken, body: { DeviceID, Protocol: 'gt06', HoldID } });
    expect((await add(IN_STOCK, t.rootHold.id)).code).toBe(200);
    expect((await add(OTHERS, (await t.buildHold('Other fleet')).id)).code).toBe(200);
    await t.ingest.directory.recordUnknown({
      protocol: 'gt06',
      deviceId: REPORTING,
      remoteAddress: '203.0.113.7:40000',
      at: new Date(),
    });
  });
  afterAll(() => t.close());

  it('lists unregistered trackers to the super administrator only', async () => {
    const all = await unknown(superToken);
    expect(all.code, all.msg).toBe(200);
    expect(all.data.rows).toEqual([expect.objectContaining({ DeviceID: REPORTING, Address: '203.0.113.7:40000' })]);

    // An administrator of a unit, even with device management (function 70), sees nothing of them.
    const admin = await t.buildUser(await t.buildHold('Fleet'), [Fn.deviceManage], AccountType.Admin);
    const refused = await unknown(admin.token);
    expect(refused).toMatchObject({ code: 403, data: null });
    expect(refused.raw.body).not.toContain(REPORTING);

    // Nor does a self-registered customer, who is given function 70 too.
    const customer = await register();
    expect(customer.reply.code, customer.reply.msg).toBe(200);
    const theirs = await unknown(customer.token!);
    expect(theirs.code).toBe(403);
    expect(theirs.raw.body).not.toContain(REPORTING);
  });

  it('refuses a registration naming a reporting but unregistered IMEI, or another unit’s device', async () => {
    for (const id of [REPORTING, OTHERS, '869999999999999']) {
      const { reply } = await register(id);
      expect(reply, id).toMatchObject({ code: 400, errCode: ErrCode.Validation });
      expect(reply.msg).toContain('Vehicle.DeviceID');
      expect(reply.msg).toContain('not in stock');
    }
    expect(await t.database.db.select().from(devices).where(eq(devices.deviceId, REPORTING))).toEqual([]);
    expect(await holdOf(OTHERS)).not.toBe(t.rootHold.id);
  });

  it('a customer claims a device in stock in the registration unit, once', async () => {
    const { reply, token } = await register(IN_STOCK.replace(/^/, '0')); // its 16-digit login form
    expect(reply.code, reply.msg).toBe(200);
    const [bound] = await t.database.db
      .select({ deviceId: devices.deviceId, holdId: vehicles.holdId })
      .from(vehicles)
      .innerJoin(devices, eq(devices.vehicleId, vehicles.id))
      .where(eq(devices.deviceId, IN_STOCK));
    expect(bound).toBeDefined();
    expect(await holdOf(IN_STOCK)).toBe(bound!.holdId);
    const [hold] = await t.database.db.select().from(holds).where(eq(holds.id, bound!.holdId));
    expect(hold!.parentId).toBe(t.rootHold.id);
    const listed = await t.call<{ rows: { DeviceID: string }[] }>('POST', 'Device/GetDeviceList', {
      token,
      body: { PageIndex: 1, PageSize: 10 },
    });
    expect(listed.data.rows.map((r) => r.DeviceID)).toEqual([IN_STOCK]);

    // Claimed: out of stock for the next customer.
    const second = await register(IN_STOCK);
    expect(second.reply.code).toBe(400);
    expect(await holdOf(IN_STOCK)).toBe(bound!.holdId);
  });

  it('a customer cannot add devices itself, so cannot take a reporting IMEI into its unit', async () => {
    const { token, phone } = await register();
    const [own] = await t.database.db.select({ holdId: users.holdId }).from(users).where(eq(users.phone, phone));
    const added = await t.call('POST', 'Device/AddDevice', {
      token,
      lang: 'en',
      body: { DeviceID: REPORTING, Protocol: 'gt06', HoldID: own!.holdId },
    });
    expect(added.code).toBe(403);
    expect(added.msg).toContain('provider');
    expect(await t.database.db.select().from(devices).where(eq(devices.deviceId, REPORTING))).toEqual([]);
  });
});
