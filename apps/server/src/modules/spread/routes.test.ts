import type { Distribution, SpreadMap } from '@lodestar/contract/spread';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addVehicle, moveDevice, PLACES, placeDevice } from '../../test/geo-fixtures.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { RegionIndex } from './regions.ts';
import { SpreadRepository } from './repository.ts';

afterAll(stopTestServers);

describe('RegionIndex', () => {
  it('places points in their province and city, and none outside China', () => {
    const index = new RegionIndex();
    for (const p of Object.values(PLACES)) {
      const r = index.locate(p.lon, p.lat);
      expect(r ?? { province: '', city: '' }).toEqual({ province: p.province, city: p.city });
    }
    expect(index.locate(126.63, 45.75)).toEqual({ province: '23', city: '哈尔滨市' });
  });
});

/** Spread/GetDistribution and GetMap (function 41). */
describe.each(dbTargets())('business map on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token: string;
  let hold: { id: number; path: string };
  let child: { id: number; path: string };
  let other: { id: number; path: string };
  let moving: number;

  const call = <T = unknown>(path: string, body: object, as = token, lang = 'en') =>
    t.call<T>('POST', path, { token: as, body, lang });
  const dist = async (body: object, lang = 'en') => {
    const r = await call<Distribution>('Spread/GetDistribution', body, token, lang);
    expect(r.code, r.msg).toBe(200);
    return r.data;
  };

  beforeAll(async () => {
    t = await startTestApp(target);
    hold = await t.buildHold('Fleet');
    child = await t.buildHold('Fleet South', hold);
    other = await t.buildHold('Rival');
    token = (await t.buildUser(hold, [Fn.businessMap])).token;
    const truck = await addVehicle(t, hold.id, 'A-1');
    await placeDevice(t, hold.id, PLACES.guangzhou, truck);
    await placeDevice(t, hold.id, PLACES.guangzhou, truck);
    await placeDevice(t, child.id, PLACES.shenzhen);
    moving = await placeDevice(t, hold.id, PLACES.beijing);
    await placeDevice(t, hold.id, PLACES.paris);
    await placeDevice(t, hold.id, null);
    await placeDevice(t, other.id, PLACES.hangzhou);
    await t.database.pool.query('INSERT INTO hold_provinces (hold_id, province, is_default) VALUES ($1, $2, true)', [
      child.id,
      '44',
    ]);
  });
  afterAll(() => t.close());

  it('counts devices by province, then by city of a province, then in one city, with heat cells', async () => {
    const country = await dist({ Level: 'country', Kind: 'devices' });
    expect(country.Rows).toEqual([
      { Code: '44', Name: 'Guangdong', Count: 3 },
      { Code: '11', Name: 'Beijing', Count: 1 },
    ]);
    expect({ Total: country.Total, Unlocated: country.Unlocated }).toEqual({ Total: 4, Unlocated: 2 });
    expect(country.Heat.reduce((s, h) => s + h[2], 0)).toBe(4);

    const gd = await dist({ Level: 'province', Code: '44', Kind: 'devices' }, 'zh');
    expect(gd.Name).toBe('广东');
    expect(gd.Rows).toEqual([
      { Code: '广州市', Name: '广州市', Count: 2 },
      { Code: '深圳市', Name: '深圳市', Count: 1 },
    ]);
    const sz = await dist({ Level: 'city', Code: '深圳市', Kind: 'devices' });
    expect(sz).toMatchObject({ Name: 'Shenzhen', Total: 1, Rows: [{ Code: '深圳市', Count: 1 }] });
    expect(sz.Heat).toEqual([[114.06, 22.54, 1]]);

    // The unit below counts only its own; a device that moved is counted where it is now.
    expect((await dist({ HoldID: child.id, Level: 'country', Kind: 'devices' })).Rows).toEqual([
      { Code: '44', Name: 'Guangdong', Count: 1 },
    ]);
    await moveDevice(t, moving, PLACES.hangzhou);
    expect((await dist({ Level: 'country', Kind: 'devices' })).Rows.map((r) => [r.Code, r.Count])).toEqual([
      ['44', 3],
      ['33', 1],
    ]);
  });

  it('counts vehicles by their devices and customers by their default province', async () => {
    expect((await dist({ Level: 'country', Kind: 'vehicles' })).Rows).toEqual([
      { Code: '44', Name: 'Guangdong', Count: 1 },
    ]);
    const customers = await dist({ Level: 'country', Kind: 'customers' });
    expect(customers.Rows).toEqual([{ Code: '44', Name: 'Guangdong', Count: 1 }]);
    expect(customers.Heat).toEqual([]);
  });

  it('answers the outlines of a level named by the rows’ codes', async () => {
    const country = await call<SpreadMap>('Spread/GetMap', { Level: 'country' });
    expect(country.data.features.length).toBeGreaterThan(30);
    expect(country.data.features.find((f) => f.properties.name === '44')?.properties.label).toBe('Guangdong');
    const gd = await call<SpreadMap>('Spread/GetMap', { Level: 'province', Code: '44' }, token, 'zh');
    expect(gd.data.features.map((f) => f.properties.name)).toContain('深圳市');
    const bj = await call<SpreadMap>('Spread/GetMap', { Level: 'province', Code: '11' });
    expect(bj.data.features.map((f) => f.properties.name)).toEqual(['北京市']);
  });

  it('refuses unknown levels and codes naming the field, callers without 41, and other holds', async () => {
    for (const [body, field] of [
      [{ Level: 'street', Kind: 'devices' }, 'Level'],
      [{ Level: 'country', Kind: 'sims' }, 'Kind'],
      [{ Level: 'province', Kind: 'devices' }, 'Code'],
      [{ Level: 'province', Code: '99', Kind: 'devices' }, 'Code'],
      [{ Level: 'city', Code: 'Atlantis', Kind: 'devices' }, 'Code'],
    ] as const) {
      const r = await call('Spread/GetDistribution', body);
      expect({ field, code: r.code, named: r.msg.includes(field) }).toEqual({ field, code: 400, named: true });
    }
    const none = (await t.buildUser(hold, [Fn.deviceManage])).token;
    expect((await call('Spread/GetDistribution', { Level: 'country', Kind: 'devices' }, none)).code).toBe(403);
    expect((await call('Spread/GetMap', { Level: 'country' }, none)).code).toBe(403);
    for (const HoldID of [other.id, 999_999]) {
      const r = await call('Spread/GetDistribution', { HoldID, Level: 'country', Kind: 'devices' });
      expect({ code: r.code, errCode: r.errCode }).toEqual({ code: 403, errCode: ErrCode.OutsideHold });
    }
  });

  it('the country rollup follows a device moved to another unit or removed once the background pass rebuilds it', async () => {
    const country = async (HoldID?: number) =>
      (await dist({ Level: 'country', Kind: 'devices', ...(HoldID ? { HoldID } : {}) })).Rows.map((r) => [
        r.Code,
        r.Count,
      ]);
    const sql = (text: string, values: unknown[]) => t.database.pool.query(text, values);
    // The Hangzhou device goes to the unit below; a Guangzhou one is removed.
    await sql('UPDATE devices SET hold_id = $1 WHERE id = $2', [child.id, moving]);
    const gz = (
      await sql(
        `SELECT r.device_pk FROM device_regions r JOIN devices d ON d.id = r.device_pk
          WHERE r.city = '广州市' AND d.hold_id = $1 LIMIT 1`,
        [hold.id],
      )
    ).rows[0].device_pk;
    await sql('DELETE FROM devices WHERE id = $1', [gz]);
    await new SpreadRepository(t.database.pool).rebuildCells();
    expect(await country()).toEqual([
      ['44', 2],
      ['33', 1],
    ]);
    expect(await country(child.id)).toEqual([
      ['33', 1],
      ['44', 1],
    ]);
    // The live reading (a province) and the rollup (the country) agree.
    expect((await dist({ Level: 'province', Code: '44', Kind: 'devices' })).Total).toBe(2);
  });
});
