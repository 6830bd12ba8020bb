import type { PoiRow } from '@lodestar/contract/pois';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { Fn } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { expectRefusedLikeMissing } from '../../test/refused.ts';

afterAll(stopTestServers);

type Page = { rows: PoiRow[]; total: number };

/** Poi/… : points written with function 51, read with 51, 36 or 31. */
describe.each(dbTargets())('points on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token: string;
  let playback: string;
  let hold: { id: number; path: string };
  let other: { id: number; path: string };
  let theirPoi: number;

  const call = <T = unknown>(path: string, body: object, as = token) =>
    t.call<T>('POST', path, { token: as, body, lang: 'en' });
  const add = async (body: object) => {
    const r = await call<{ PoiID: number }>('Poi/AddPoi', { HoldID: hold.id, Lat: 30.2, Lng: 120.1, ...body });
    expect(r.code, r.msg).toBe(200);
    return r.data.PoiID;
  };
  const list = async (body: object = {}, as?: string) =>
    (await call<Page>('Poi/GetPoiList', { PageSize: 100, ...body }, as)).data;

  beforeAll(async () => {
    t = await startTestApp(target);
    hold = await t.buildHold('Fleet');
    other = await t.buildHold('Rival');
    token = (await t.buildUser(hold, [Fn.geofence])).token;
    playback = (await t.buildUser(hold, [Fn.playback])).token;
    const theirs = (await t.buildUser(other, [Fn.geofence])).token;
    theirPoi = (
      await t.call<{ PoiID: number }>('POST', 'Poi/AddPoi', {
        token: theirs,
        body: { HoldID: other.id, PoiName: 'Theirs', Kind: 'poi', Lat: 1, Lng: 1 },
      })
    ).data.PoiID;
  });
  afterAll(() => t.close());

  it('adds, modifies, lists by kind, name and category, and removes points', async () => {
    const depot = await add({ PoiName: 'Depot', Kind: 'poi', Category: 'work', Icon: 'office', Remark: 'gate 2' });
    await add({ PoiName: 'Home', Kind: 'favourite', Icon: 'home' });
    await add({ PoiName: 'Flood zone', Kind: 'risk', Category: 'water', Icon: 'warning' });
    expect((await list({}, playback)).rows.map((p) => p.PoiName)).toEqual(['Flood zone', 'Home', 'Depot']);
    expect((await list({ Kinds: ['favourite', 'risk'] })).total).toBe(2);
    expect((await list({ Keyword: 'dep' })).rows.map((p) => p.PoiID)).toEqual([depot]);
    expect((await list({ Category: 'water' })).rows.map((p) => p.PoiName)).toEqual(['Flood zone']);
    expect((await call('Poi/ModifyPoi', { PoiID: depot, PoiName: 'Depot B', Lat: 31, Icon: 'flag' })).code).toBe(200);
    expect((await list({ Keyword: 'dep' })).rows[0]).toMatchObject({
      PoiName: 'Depot B',
      Kind: 'poi',
      Category: 'work',
      Icon: 'flag',
      Lat: 31,
      Lng: 120.1,
      Remark: 'gate 2',
      HoldName: 'Fleet',
    });
    expect((await call('Poi/RemovePoi', { PoiIDs: [depot] })).code).toBe(200);
    expect((await list()).total).toBe(2);
    expect((await list()).rows.map((p) => p.PoiName)).not.toContain('Theirs');
  });

  it('refuses long names, unknown icons and kinds, naming the field; writes need 51', async () => {
    for (const [body, field] of [
      [{ PoiName: 'p'.repeat(31), Kind: 'poi' }, 'PoiName'],
      [{ PoiName: 'x', Kind: 'shop' }, 'Kind'],
      [{ PoiName: 'x', Kind: 'poi', Icon: 'rocket' }, 'Icon'],
      [{ PoiName: 'x', Kind: 'poi', Lat: 91 }, 'Lat'],
    ] as const) {
      const r = await call('Poi/AddPoi', { HoldID: hold.id, Lat: 30, Lng: 120, ...body });
      expect({ field, code: r.code, named: r.msg.includes(field) }).toEqual({ field, code: 400, named: true });
    }
    const r = await call('Poi/AddPoi', { HoldID: hold.id, PoiName: 'x', Kind: 'poi', Lat: 1, Lng: 1 }, playback);
    expect(r.code).toBe(403);
    const none = (await t.buildUser(hold, [Fn.deviceManage])).token;
    expect((await call('Poi/GetPoiList', {}, none)).code).toBe(403);
  });

  it("answers another hold's points and units like missing ones", async () => {
    const mine = await add({ PoiName: 'Mine', Kind: 'poi' });
    await expectRefusedLikeMissing(
      (path, body) => call(path, body),
      [
        ['Poi/ModifyPoi', { PoiID: theirPoi, PoiName: 'x' }, { PoiID: 999_999, PoiName: 'x' }],
        ['Poi/RemovePoi', { PoiIDs: [mine, theirPoi] }, { PoiIDs: [mine, 999_999] }],
        [
          'Poi/AddPoi',
          { HoldID: other.id, PoiName: 'x', Kind: 'poi', Lat: 1, Lng: 1 },
          { HoldID: 999_999, PoiName: 'x', Kind: 'poi', Lat: 1, Lng: 1 },
        ],
        ['Poi/GetPoiList', { HoldID: other.id }, { HoldID: 999_999 }],
      ],
    );
    expect((await list({ Keyword: 'Mine' })).total).toBe(1);
  });
});
