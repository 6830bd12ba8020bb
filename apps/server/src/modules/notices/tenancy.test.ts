import { userNotices } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn } from '@lodestar/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { NoticeRepository } from './repository.ts';
import { NOTICES_TENANCY_PATHS } from './tenancy-covered.ts';

afterAll(stopTestServers);

/** A and B are users of sibling holds; notices are per user, so B's ids are refused to A. */
describe.each(dbTargets())("notice calls refuse another user's ids on $name PostgreSQL", (target) => {
  let t: TestApp;
  let a: { token: string; noticeId: number };
  let b: { noticeId: number };

  beforeAll(async () => {
    t = await startTestApp(target);
    const repo = new NoticeRepository(t.database.db);
    const userA = await t.buildUser(await t.buildHold('A'), [Fn.simMessage]);
    const userB = await t.buildUser(await t.buildHold('B'), [Fn.simMessage]);
    await repo.add(null, [
      { userId: userA.id, kind: 'simExpired', params: { Count: 1 }, dedupeKey: 'a' },
      { userId: userB.id, kind: 'simExpired', params: { Count: 5 }, dedupeKey: 'b' },
    ]);
    const idOf = async (userId: number) =>
      (await t.database.db.select().from(userNotices).where(eq(userNotices.userId, userId)))[0]!.id;
    a = { token: userA.token, noticeId: await idOf(userA.id) };
    b = { noticeId: await idOf(userB.id) };
  });
  afterAll(() => t.close());

  it('refuses B’s notice ids exactly like missing ones and marks nothing', async () => {
    const theirs = await t.call('POST', 'Notice/MarkRead', {
      token: a.token,
      body: { NoticeIDs: [a.noticeId, b.noticeId] },
    });
    const missing = await t.call('POST', 'Notice/MarkRead', {
      token: a.token,
      body: { NoticeIDs: [a.noticeId, 999_999] },
    });
    expect({ code: theirs.code, errCode: theirs.errCode }).toEqual({ code: 403, errCode: ErrCode.OutsideHold });
    expect({ code: missing.code, msg: missing.msg }).toEqual({ code: theirs.code, msg: theirs.msg });
    const rows = await t.database.db.select().from(userNotices);
    expect(rows.every((n) => n.readAt === null)).toBe(true);
  });

  it('lists and counts only the caller’s notices; All marks only theirs', async () => {
    const list = await t.call<{ rows: { NoticeID: number }[]; Unread: number }>('POST', 'Notice/GetNoticeList', {
      token: a.token,
      body: { PageIndex: 1, PageSize: 50, Read: -1 },
    });
    expect(list.data.rows.map((n) => n.NoticeID)).toEqual([a.noticeId]);
    expect(list.data.Unread).toBe(1);
    const all = await t.call<{ Count: number }>('POST', 'Notice/MarkRead', { token: a.token, body: { All: true } });
    expect(all.data.Count).toBe(1);
    const [bRow] = await t.database.db.select().from(userNotices).where(eq(userNotices.id, b.noticeId));
    expect(bRow!.readAt).toBeNull();
  });

  it('lists the calls it covers', () => {
    expect(NOTICES_TENANCY_PATHS).toEqual(['Notice/MarkRead']);
  });
});
