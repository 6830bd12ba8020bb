import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn } from '@lodestar/domain';
import type { InboundRecord } from '@lodestar/gateway';
import type { Position } from '@lodestar/protocols';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessBus } from '../../ingest/bus.ts';
import { createIngest } from '../../ingest/index.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { WorkRepository } from '../install/work-repository.ts';
import { buildWalletHold, insertDevices } from './test-fixtures.ts';

afterAll(stopTestServers);

const fix = (fixTime: Date): Position => ({
  fixTime,
  valid: true,
  lat: 31.2304,
  lon: 121.4737,
  speedKmh: 0,
  course: 0,
  satellites: 8,
  alarms: [],
  attributes: {},
});

/** Today in Asia/Shanghai (the devices' and the ingest's default zone) plus whole years, as YYYY-MM-DD. */
const inYears = (years: number) => {
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
  return `${Number(today.slice(0, 4)) + years}${today.slice(4)}`;
};

type Prices = { DefaultVipYears: number; OwnDefaultVipYears: number | null; Own: boolean };

/** A unit's default VIP years on activation (issue #19, spec section 9), through Vip/SetPrices and Vip/GetPrices. */
describe.each(dbTargets())('default VIP years on $name PostgreSQL', (target) => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof buildWalletHold>>;
  let b: Awaited<ReturnType<typeof buildWalletHold>>;
  /** A unit below a.child: it inherits a.child's setting. */
  let grandchild: Awaited<ReturnType<TestApp['buildHold']>>;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp(target);
    a = await buildWalletHold(t, 'A');
    b = await buildWalletHold(t, 'B');
    grandchild = await t.buildHold('A-1-1', a.child);
    token = (await t.buildUser(a.hold, [Fn.vipManage, Fn.upgradeVip, Fn.deviceManage, Fn.activate])).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const call = <T>(path: string, body: unknown, tok = token) =>
    t.call<T>('POST', path, { token: tok, body, lang: 'en' });
  const vipOf = async (deviceId: string) =>
    (
      await t.database.pool.query(
        `SELECT to_char(vip_expires_at, 'YYYY-MM-DD') AS v FROM devices WHERE device_id = $1`,
        [deviceId],
      )
    ).rows[0]?.v as string | null;

  it('reads 4 years where nothing is set, and a parent’s setting in every unit below', async () => {
    const before = await call<Prices>('Vip/GetPrices', { HoldID: grandchild.id });
    expect(before.data).toMatchObject({ DefaultVipYears: 4, OwnDefaultVipYears: null });
    const set = await call<Prices>('Vip/SetPrices', { HoldID: a.child.id, Price1: 30, Price2: 50, DefaultVipYears: 2 });
    expect(set.code).toBe(200);
    expect(set.data).toMatchObject({ DefaultVipYears: 2, OwnDefaultVipYears: 2, Own: true });
    const below = await call<Prices>('Vip/GetPrices', { HoldID: grandchild.id });
    expect(below.data).toMatchObject({ DefaultVipYears: 2, OwnDefaultVipYears: null });
    // Prices set again without the field leave it as it was.
    expect((await call('Vip/SetPrices', { HoldID: a.child.id, Price1: 31, Price2: 50 })).code).toBe(200);
    expect((await call<Prices>('Vip/GetPrices', { HoldID: a.child.id })).data.OwnDefaultVipYears).toBe(2);
  });

  it('starts a device of a sub-unit at today + the unit’s years on Device/Activate, else 4 years', async () => {
    const [inherits] = await insertDevices(t, grandchild.id, [[1, null]]);
    const [plain] = await insertDevices(t, b.child.id, [[1, null]]);
    expect((await call('Device/Activate', { DeviceID: inherits!.deviceId })).code).toBe(200);
    expect(await vipOf(inherits!.deviceId)).toBe(inYears(2));
    const bToken = (await t.buildUser(b.hold, [Fn.activate, Fn.deviceManage])).token;
    expect((await call('Device/Activate', { DeviceID: plain!.deviceId }, bToken)).code).toBe(200);
    expect(await vipOf(plain!.deviceId)).toBe(inYears(4));
  });

  it('starts it at the first reported day + the unit’s years through the ingest writer, and keeps a set one', async () => {
    const [first, none, set] = await insertDevices(t, grandchild.id, [
      [1, null],
      [1, null],
      [1, '2030-01-01'],
    ]);
    const [other] = await insertDevices(t, b.child.id, [[1, null]]);
    const ingest = createIngest(t.database.pool, new InProcessBus());
    const rec = (deviceId: string): InboundRecord => ({
      protocol: 'gt06',
      deviceId,
      receivedAt: new Date(),
      remoteAddress: '127.0.0.1',
      message: {
        protocol: 'gt06',
        kind: 'position',
        messageType: 0x22,
        positions: [fix(new Date())],
        alarms: [],
        attributes: {},
      },
    });
    await ingest.writer.persist([first!, set!, other!].map((d) => rec(d.deviceId)));
    await ingest.writer.close();
    expect(await vipOf(first!.deviceId)).toBe(inYears(2));
    expect(await vipOf(set!.deviceId)).toBe('2030-01-01');
    expect(await vipOf(other!.deviceId)).toBe(inYears(4));
    expect(await vipOf(none!.deviceId)).toBeNull(); // never reported
  });

  it('starts it at the unit’s years when an install task binds the device (install approval)', async () => {
    const [d] = await insertDevices(t, grandchild.id, [[1, null]]);
    const { rows } = await t.database.pool.query(
      `INSERT INTO vehicles (hold_id, plate) VALUES ($1, '沪A-VIP02') RETURNING id`,
      [grandchild.id],
    );
    await new WorkRepository(t.database.db).bindAndStartVip(rows[0].id, [d!.id], new Date());
    expect(await vipOf(d!.deviceId)).toBe(inYears(2));
  });

  it('goes back to inheriting when set to null', async () => {
    const unit = await t.buildHold('A-2', a.hold);
    expect((await call('Vip/SetPrices', { HoldID: unit.id, Price1: 1, Price2: 1, DefaultVipYears: 5 })).code).toBe(200);
    const cleared = await call<Prices>('Vip/SetPrices', {
      HoldID: unit.id,
      Price1: 1,
      Price2: 1,
      DefaultVipYears: null,
    });
    expect(cleared.data).toMatchObject({ DefaultVipYears: 4, OwnDefaultVipYears: null });
  });

  it('refuses 0 and 6 naming the field, another hold’s unit, and a caller without VIP management', async () => {
    for (const DefaultVipYears of [0, 6, 2.5, 'two']) {
      const r = await call('Vip/SetPrices', { HoldID: a.child.id, Price1: 30, Price2: 50, DefaultVipYears });
      expect([DefaultVipYears, r.code, r.msg]).toEqual([
        DefaultVipYears,
        400,
        expect.stringContaining('DefaultVipYears'),
      ]);
    }
    const foreign = await call('Vip/SetPrices', { HoldID: b.child.id, Price1: 30, Price2: 50, DefaultVipYears: 1 });
    expect([foreign.code, foreign.errCode]).toEqual([403, ErrCode.OutsideHold]);
    const other = await call(
      'Vip/SetPrices',
      { HoldID: a.child.id, Price1: 30, Price2: 50, DefaultVipYears: 1 },
      b.admin.token,
    );
    expect([other.code, other.errCode]).toEqual([403, ErrCode.OutsideHold]);
    const own = await call(
      'Vip/SetPrices',
      { HoldID: a.hold.id, Price1: 30, Price2: 50, DefaultVipYears: 1 },
      a.admin.token,
    );
    expect([own.code, own.msg]).toEqual([400, expect.stringContaining('HoldID')]);
    const lesser = (await t.buildUser(a.hold, [Fn.upgradeVip])).token;
    const refused = await call(
      'Vip/SetPrices',
      { HoldID: a.child.id, Price1: 30, Price2: 50, DefaultVipYears: 1 },
      lesser,
    );
    expect(refused.code).toBe(403);
    // None of the refusals changed anything.
    expect((await call<Prices>('Vip/GetPrices', { HoldID: a.child.id })).data.OwnDefaultVipYears).toBe(2);
    expect((await call<Prices>('Vip/GetPrices', { HoldID: b.child.id }, b.admin.token)).data.DefaultVipYears).toBe(4);
  });
});
