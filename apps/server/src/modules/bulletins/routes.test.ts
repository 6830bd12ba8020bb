import type { BulletinRow, CurrentBulletin, MyBulletinRow } from '@lodestar/contract/bulletins';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { Fn } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { expectRefusedLikeMissing } from '../../test/refused.ts';

afterAll(stopTestServers);

type Page = { rows: BulletinRow[]; total: number };
type Hold = { id: number; path: string };

/** Notice/… bulletins: written and listed with function 74, read by every user of the subtree below the hold. */
describe.each(dbTargets())('notices on $name PostgreSQL', (target) => {
  let t: TestApp;
  let admin: string;
  let provider: Hold;
  let customer: Hold;
  let rival: Hold;
  let reader: string;
  let theirs: number;
  let theirVersion: number;

  const call = <T = unknown>(path: string, body: object, as = admin) =>
    t.call<T>('POST', path, { token: as, body, lang: 'en' });
  const add = async (body: object, as = admin) => {
    const r = await call<{ BulletinID: number; VersionID: number }>(
      'Notice/AddNotice',
      { Title: 'Maintenance', Body: '<p>Sunday</p>', ShowLevel: 'popup', ...body },
      as,
    );
    expect(r.code, r.msg).toBe(200);
    return r.data;
  };
  const list = async (body: object = {}) =>
    (await call<Page>('Notice/GetBulletinList', { PageSize: 100, ...body })).data;
  const current = async (as: string) => (await call<CurrentBulletin[]>('Notice/GetCurrent', {}, as)).data;

  beforeAll(async () => {
    t = await startTestApp(target);
    provider = await t.buildHold('Provider');
    customer = await t.buildHold('Customer', provider);
    rival = await t.buildHold('Rival');
    admin = (await t.buildUser(provider, [Fn.noticeManage])).token;
    reader = (await t.buildUser(customer, [Fn.dashboard])).token;
    const rivalAdmin = (await t.buildUser(rival, [Fn.noticeManage])).token;
    const r = await add({ Title: 'Theirs' }, rivalAdmin);
    theirs = r.BulletinID;
    theirVersion = r.VersionID;
  });
  afterAll(() => t.close());

  it('writes a notice the subtree reads, sanitised, once per version', async () => {
    const n = await add({
      Title: 'Upgrade tonight',
      Body: '<p onclick="steal()">Back at <b>02:00</b><script>alert(1)</script><a href="javascript:x()">more</a></p>',
    });
    const mine = await current(reader);
    const seen = mine.find((c) => c.BulletinID === n.BulletinID)!;
    expect(seen).toMatchObject({ Title: 'Upgrade tonight', ShowLevel: 'popup', HoldName: 'Provider', Read: false });
    expect(seen.Body).toBe('<p>Back at <b>02:00</b><a target="_blank" rel="noopener noreferrer">more</a></p>');
    expect(mine.map((c) => c.Title)).not.toContain('Theirs');

    expect((await call('Notice/MarkCurrentRead', { VersionIDs: [n.VersionID] }, reader)).code).toBe(200);
    expect((await current(reader)).find((c) => c.BulletinID === n.BulletinID)?.Read).toBe(true);
    // Marking twice is harmless; the author's own read state is its own.
    expect((await call('Notice/MarkCurrentRead', { VersionIDs: [n.VersionID] }, reader)).code).toBe(200);
    expect((await current(admin)).find((c) => c.BulletinID === n.BulletinID)?.Read).toBe(false);

    // An edit is a new version: it shows again, and the replaced one is old.
    const edited = await call<{ VersionID: number; Version: number }>('Notice/ModifyNotice', {
      BulletinID: n.BulletinID,
      Title: 'Upgrade moved',
      Body: '<p>Monday</p>',
      ShowLevel: 'banner',
    });
    expect(edited.data.Version).toBe(2);
    expect((await current(reader)).find((c) => c.BulletinID === n.BulletinID)).toMatchObject({
      Title: 'Upgrade moved',
      ShowLevel: 'banner',
      Read: false,
    });
    const versions = (await list({ Keyword: 'upgrade' })).rows;
    expect(versions.map((v) => [v.Version, v.State, v.Title])).toEqual([
      [2, 'current', 'Upgrade moved'],
      [1, 'old', 'Upgrade tonight'],
    ]);
    expect(versions[0]!.Creator).toMatch(/^user /);
    // The old version can no longer be marked: it is not current.
    const old = await call('Notice/MarkCurrentRead', { VersionIDs: [n.VersionID] }, reader);
    expect(old.code).toBe(403);

    expect((await call('Notice/RemoveNotice', { BulletinIDs: [n.BulletinID] })).code).toBe(200);
    expect((await current(reader)).map((c) => c.BulletinID)).not.toContain(n.BulletinID);
    expect((await list({ Keyword: 'upgrade', States: ['deleted'] })).rows.map((v) => v.Version)).toEqual([2]);
    const again = await call('Notice/ModifyNotice', {
      BulletinID: n.BulletinID,
      Title: 'x',
      Body: 'x',
      ShowLevel: 'list',
    });
    expect({ code: again.code, named: again.msg.includes('BulletinID') }).toEqual({ code: 400, named: true });
  });

  it('keeps a notice scheduled until its begin time, lists by state and sorts', async () => {
    await add({ Title: 'Future', BeginTime: '2099-01-01 08:00:00', ShowLevel: 'list' });
    await add({ Title: 'Past', BeginTime: '2020-01-01 08:00:00', ShowLevel: 'list' });
    expect((await current(reader)).map((c) => c.Title)).toContain('Past');
    expect((await current(reader)).map((c) => c.Title)).not.toContain('Future');
    expect((await list({ States: ['scheduled'] })).rows.map((r) => r.Title)).toEqual(['Future']);
    const byBegin = (await list({ States: ['current', 'scheduled'], SortColumn: 'BeginTime', SortType: 'asc' })).rows;
    expect(byBegin[0]!.Title).toBe('Past');
    expect(byBegin.at(-1)!.Title).toBe('Future');
    expect(byBegin[0]!.BeginTime).toBe('2020-01-01 08:00:00');
    // A subordinate's notice is not read by its provider.
    const sub = (await t.buildUser(customer, [Fn.noticeManage])).token;
    await add({ Title: 'Customer only', HoldID: customer.id }, sub);
    expect((await current(admin)).map((c) => c.Title)).not.toContain('Customer only');
    expect((await current(reader)).map((c) => c.Title)).toContain('Customer only');
    expect((await list({ Keyword: 'Customer only' })).total).toBe(1);
  });

  it('refuses bad input naming the field; managing needs 74, reading does not', async () => {
    for (const [body, field] of [
      [{ Title: '' }, 'Title'],
      [{ Title: 't'.repeat(101) }, 'Title'],
      [{ ShowLevel: 'marquee' }, 'ShowLevel'],
      [{ BeginTime: '2024-02-30 00:00:00' }, 'BeginTime'],
      [{ BeginTime: 'tomorrow' }, 'BeginTime'],
      [{ Body: '<script>alert(1)</script>' }, 'Body'],
      [{ Body: 'x'.repeat(20_001) }, 'Body'],
    ] as [object, string][]) {
      const r = await call('Notice/AddNotice', { Title: 'T', Body: '<p>b</p>', ShowLevel: 'list', ...body });
      expect({ field, code: r.code, named: r.msg.includes(field) }).toEqual({ field, code: 400, named: true });
    }
    expect((await call('Notice/AddNotice', { Title: 'T', Body: 'b', ShowLevel: 'list' }, reader)).code).toBe(403);
    expect((await call('Notice/GetBulletinList', {}, reader)).code).toBe(403);
    expect((await call('Notice/RemoveNotice', { BulletinIDs: [theirs] }, reader)).code).toBe(403);
    expect((await call('Notice/GetCurrent', {}, reader)).code).toBe(200);
  });

  it("lists a reader's own notices: current and old versions it saw, read marks, never another unit's", async () => {
    const seeing = (await t.buildUser(customer, [Fn.dashboard])).token;
    const mine = async (body: object = {}) =>
      (
        await call<{ rows: MyBulletinRow[]; total: number }>(
          'Notice/GetMyBulletins',
          { PageSize: 100, ...body },
          seeing,
        )
      ).data;
    const seen = await add({ Title: 'Seen once', BeginTime: '2021-05-01 08:00:00' });
    await call('Notice/ModifyNotice', {
      BulletinID: seen.BulletinID,
      Title: 'Seen twice',
      Body: '<p>v2</p>',
      ShowLevel: 'list',
      BeginTime: '2021-06-01 08:00:00',
    });
    // Scheduled and then edited before it began: the first version was never shown to anyone.
    const never = await add({ Title: 'Never shown', BeginTime: '2099-01-01 08:00:00' });
    await call('Notice/ModifyNotice', {
      BulletinID: never.BulletinID,
      Title: 'Shown instead',
      Body: '<p>now</p>',
      ShowLevel: 'list',
      BeginTime: '2021-07-01 08:00:00',
    });
    const gone = await add({ Title: 'Removed one' });
    await call('Notice/RemoveNotice', { BulletinIDs: [gone.BulletinID] });
    await add({ Title: 'Later on', BeginTime: '2099-02-01 08:00:00' });

    const all = await mine();
    const titles = all.rows.map((r) => [r.Title, r.State]);
    expect(titles).toContainEqual(['Seen twice', 'current']);
    expect(titles).toContainEqual(['Seen once', 'old']);
    expect(titles).toContainEqual(['Shown instead', 'current']);
    for (const hidden of ['Never shown', 'Removed one', 'Later on', 'Theirs']) {
      expect(all.rows.map((r) => r.Title)).not.toContain(hidden);
    }
    expect(all.total).toBe(all.rows.length);
    const starts = all.rows.map((r) => r.BeginTime);
    expect([...starts].sort().reverse()).toEqual(starts);

    const twice = all.rows.find((r) => r.Title === 'Seen twice')!;
    expect(twice.Read).toBe(false);
    expect((await call('Notice/MarkCurrentRead', { VersionIDs: [twice.VersionID] }, seeing)).code).toBe(200);
    const after = await mine();
    expect(after.rows.find((r) => r.VersionID === twice.VersionID)?.Read).toBe(true);
    const unread = await mine({ UnreadOnly: true });
    expect(unread.rows.map((r) => r.Title)).toContain('Shown instead');
    expect(unread.rows.map((r) => r.Title)).not.toContain('Seen twice');
    expect(unread.rows.every((r) => r.State === 'current' && !r.Read)).toBe(true);

    const paged = await mine({ PageSize: 1, PageIndex: 2 });
    expect({ rows: paged.rows.length, total: paged.total }).toEqual({ rows: 1, total: all.total });
    // The provider's administrator does not see a subordinate's notices in its own list.
    expect(
      (await call<{ rows: MyBulletinRow[] }>('Notice/GetMyBulletins', {}, admin)).data.rows.map((r) => r.Title),
    ).not.toContain('Customer only');
    const bad = await call('Notice/GetMyBulletins', { PageSize: 0 }, seeing);
    expect({ code: bad.code, named: bad.msg.includes('PageSize') }).toEqual({ code: 400, named: true });
  });

  it("answers another hold's notices and units like missing ones", async () => {
    const mine = await add({ Title: 'Mine' });
    await expectRefusedLikeMissing(
      (path, body) => call(path, body),
      [
        [
          'Notice/AddNotice',
          { HoldID: rival.id, Title: 'x', Body: 'x', ShowLevel: 'list' },
          { HoldID: 999_999, Title: 'x', Body: 'x', ShowLevel: 'list' },
        ],
        [
          'Notice/ModifyNotice',
          { BulletinID: theirs, Title: 'x', Body: 'x', ShowLevel: 'list' },
          { BulletinID: 999_999, Title: 'x', Body: 'x', ShowLevel: 'list' },
        ],
        [
          'Notice/RemoveNotice',
          { BulletinIDs: [mine.BulletinID, theirs] },
          { BulletinIDs: [mine.BulletinID, 999_999] },
        ],
        ['Notice/GetBulletinList', { HoldID: rival.id }, { HoldID: 999_999 }],
        ['Notice/MarkCurrentRead', { VersionIDs: [theirVersion] }, { VersionIDs: [999_999] }],
      ],
    );
    expect((await list({ Keyword: 'Mine' })).total).toBe(1);
    expect((await list()).rows.map((r) => r.Title)).not.toContain('Theirs');
  });
});
