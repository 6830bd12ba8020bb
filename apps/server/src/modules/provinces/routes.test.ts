import type { CityCount, LineRow, ProvinceList } from '@lodestar/contract/provinces';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { Fn } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addVehicle, PLACES, placeDevice } from '../../test/geo-fixtures.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { expectRefusedLikeMissing } from '../../test/refused.ts';

afterAll(stopTestServers);

/** Province/… (function 40): a unit's provinces, its default, the counts per province and city, lines. */
describe.each(dbTargets())('provinces on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token: string;
  let hold: { id: number; path: string };
  let other: { id: number; path: string };
  const roads = { mine: 0, mine2: 0, theirs: 0 };

  const call = <T = unknown>(path: string, body: object, as = token, lang = 'en') =>
    t.call<T>('POST', path, { token: as, body, lang });
  const road = async (holdId: number, name: string) =>
    (
      await t.database.pool.query<{ id: number }>(
        `INSERT INTO roads (hold_id, name, geometry, min_lat, min_lng, max_lat, max_lng, width, trigger_alarm)
         VALUES ($1, $2, '{"type":"LineString","coordinates":[[113.2,23.1],[113.3,23.2]]}', 23.1, 113.2, 23.2, 113.3, 50, false)
         RETURNING id`,
        [holdId, name],
      )
    ).rows[0]!.id;

  beforeAll(async () => {
    t = await startTestApp(target);
    hold = await t.buildHold('Fleet');
    other = await t.buildHold('Rival');
    token = (await t.buildUser(hold, [Fn.lineProvinceManage])).token;
    const van = await addVehicle(t, hold.id, 'V-1');
    await placeDevice(t, hold.id, PLACES.guangzhou, van);
    await placeDevice(t, hold.id, PLACES.shenzhen, van);
    await placeDevice(t, hold.id, PLACES.shenzhen);
    await placeDevice(t, other.id, PLACES.guangzhou);
    roads.mine = await road(hold.id, 'Ring road');
    roads.mine2 = await road(hold.id, 'Airport expressway');
    roads.theirs = await road(other.id, 'Their road');
  });
  afterAll(() => t.close());

  it('keeps a unit’s provinces and its default, and counts its devices and vehicles per province', async () => {
    expect((await call('Province/SetHoldProvinces', { HoldID: hold.id, Provinces: ['44', '11', '33'] })).code).toBe(
      200,
    );
    expect((await call('Province/SetDefaultProvince', { HoldID: hold.id, Province: '44' })).code).toBe(200);
    // Dropping a province keeps the default that is still listed.
    expect((await call('Province/SetHoldProvinces', { HoldID: hold.id, Provinces: ['44', '11'] })).code).toBe(200);
    const list = (await call<ProvinceList>('Province/GetProvinceList', {})).data;
    expect(list.HoldID).toBe(hold.id);
    expect(list.rows).toHaveLength(34);
    expect(list.rows.filter((r) => r.Selected).map((r) => [r.Code, r.Default])).toEqual([
      ['11', false],
      ['44', true],
    ]);
    expect(list.rows.find((r) => r.Code === '44')).toMatchObject({ Name: 'Guangdong', Devices: 3, Vehicles: 1 });
    // A default outside the list joins it; '' clears it.
    await call('Province/SetDefaultProvince', { HoldID: hold.id, Province: '33' });
    let rows = (await call<ProvinceList>('Province/GetProvinceList', { HoldID: hold.id })).data.rows;
    expect(rows.filter((r) => r.Default).map((r) => r.Code)).toEqual(['33']);
    expect(rows.filter((r) => r.Selected)).toHaveLength(3);
    await call('Province/SetDefaultProvince', { HoldID: hold.id, Province: '' });
    rows = (await call<ProvinceList>('Province/GetProvinceList', { HoldID: hold.id })).data.rows;
    expect(rows.some((r) => r.Default)).toBe(false);

    const cities = (await call<{ rows: CityCount[] }>('Province/GetCounts', { Province: '44' })).data.rows;
    expect(cities).toEqual([
      { City: '深圳市', Name: 'Shenzhen', Devices: 2, Vehicles: 1 },
      { City: '广州市', Name: 'Guangzhou', Devices: 1, Vehicles: 0 },
    ]);
  });

  it('tags roads as lines of a province and lists them by province', async () => {
    expect((await call('Province/SetLineProvince', { RoadIDs: [roads.mine, roads.mine2], Province: '44' })).code).toBe(
      200,
    );
    await call('Province/SetLineProvince', { RoadIDs: [roads.mine2], Province: '' });
    const lines = async (body: object) =>
      (await call<{ rows: LineRow[] }>('Province/GetLines', body)).data.rows.map((r) => [r.RoadName, r.Province]);
    expect(await lines({})).toEqual([
      ['Airport expressway', ''],
      ['Ring road', '44'],
    ]);
    expect(await lines({ Province: '44' })).toEqual([['Ring road', '44']]);
    expect(await lines({ Province: 'none' })).toEqual([['Airport expressway', '']]);
    const list = (await call<ProvinceList>('Province/GetProvinceList', {})).data;
    expect(list.rows.find((r) => r.Code === '44')?.Lines).toBe(1);
  });

  it('refuses unknown provinces naming the field, and callers without 40', async () => {
    for (const [path, body, field] of [
      ['Province/SetHoldProvinces', { HoldID: hold.id, Provinces: ['99'] }, 'Provinces'],
      ['Province/SetDefaultProvince', { HoldID: hold.id, Province: 'xx' }, 'Province'],
      ['Province/GetCounts', {}, 'Province'],
      ['Province/SetLineProvince', { RoadIDs: [], Province: '44' }, 'RoadIDs'],
    ] as const) {
      const r = await call(path, body);
      expect({ path, code: r.code, named: r.msg.includes(field) }).toEqual({ path, code: 400, named: true });
    }
    const none = (await t.buildUser(hold, [Fn.businessMap])).token;
    expect((await call('Province/GetProvinceList', {}, none)).code).toBe(403);
  });

  it("answers another hold's units and roads like missing ones", async () => {
    await expectRefusedLikeMissing(
      (path, body) => call(path, body),
      [
        ['Province/GetProvinceList', { HoldID: other.id }, { HoldID: 999_999 }],
        ['Province/SetHoldProvinces', { HoldID: other.id, Provinces: ['44'] }, { HoldID: 999_999, Provinces: ['44'] }],
        ['Province/SetDefaultProvince', { HoldID: other.id, Province: '44' }, { HoldID: 999_999, Province: '44' }],
        ['Province/GetCounts', { HoldID: other.id, Province: '44' }, { HoldID: 999_999, Province: '44' }],
        ['Province/GetLines', { HoldID: other.id }, { HoldID: 999_999 }],
        [
          'Province/SetLineProvince',
          { RoadIDs: [roads.mine, roads.theirs], Province: '44' },
          { RoadIDs: [roads.mine, 999_999], Province: '44' },
        ],
      ],
    );
  });
});
