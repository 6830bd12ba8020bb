import { userNotices } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { CheckStatus, ErrCode, Fn, SimState, WorkType } from '@lodestar/domain';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { simFactories } from '../work-orders/test-fixtures.ts';
import { NoticeRepository } from './repository.ts';

afterAll(stopTestServers);

type Row = { NoticeID: number; Kind: string; Title: string; Content: string; Link: string; Read: boolean };
type ListReply = { rows: Row[]; total: number; Unread: number };

describe.each(dbTargets())('user notices on $name PostgreSQL', (target) => {
  let t: TestApp;
  let repo: NoticeRepository;
  let f: ReturnType<typeof simFactories>;
  let reader: { id: number; token: string };
  let other: { id: number; token: string };

  const list = (token: string, Read: number, lang = 'en') =>
    t.call<ListReply>('POST', 'Notice/GetNoticeList', { token, body: { PageIndex: 1, PageSize: 100, Read }, lang });
  const unread = async (token: string) => (await t.call<number>('POST', 'Notice/GetUnreadCount', { token })).data;
  const noticesOf = (userId: number, keyPrefix = '') =>
    t.database.db
      .select()
      .from(userNotices)
      .where(and(eq(userNotices.userId, userId), like(userNotices.dedupeKey, `${keyPrefix}%`)));

  beforeAll(async () => {
    t = await startTestApp(target);
    repo = new NoticeRepository(t.database.db);
    f = simFactories(t.database.db);
    const hold = await t.buildHold('Notice A');
    const holdB = await t.buildHold('Notice B');
    reader = await t.buildUser(hold, [Fn.simMessage]);
    other = await t.buildUser(holdB, [Fn.simMessage]);
  });
  afterAll(() => t.close());

  it('renders each kind in zh, en and fr with its link; drops a second notice with the same key', async () => {
    await repo.add(null, [
      { userId: reader.id, kind: 'simExpiring', params: { Count: 3, Days: 30 }, dedupeKey: 'r:1' },
      { userId: reader.id, kind: 'simExpired', params: { Count: 2 }, dedupeKey: 'r:2' },
      {
        userId: reader.id,
        kind: 'workOrderDecided',
        params: {
          WorkID: 17,
          WorkType: WorkType.Stop,
          LockType: null,
          Approved: false,
          ICCID: '898600',
          CheckText: 'no',
        },
        dedupeKey: 'r:3',
      },
      {
        userId: reader.id,
        kind: 'paymentPaid',
        params: { OrderNo: 'S2026', OrderID: 1, Kind: 2, AmountFen: 4500, Reason: '' },
        dedupeKey: 'r:4',
      },
    ]);
    await repo.add(null, [{ userId: reader.id, kind: 'simExpired', params: { Count: 99 }, dedupeKey: 'r:2' }]);
    const en = (await list(reader.token, -1, 'en')).data;
    expect(en.total).toBe(4);
    const byKind = Object.fromEntries(en.rows.map((r) => [r.Kind, r]));
    expect(byKind.simExpiring).toMatchObject({
      Title: 'SIM cards expiring soon',
      Link: '/recharge?DisplayState=expiring',
    });
    expect(byKind.simExpiring!.Content).toContain('3 SIM card(s)');
    expect(byKind.simExpiring!.Content).toContain('30 days');
    expect(byKind.simExpired!.Content).toContain('2 SIM card(s)');
    expect(byKind.simExpired!.Link).toBe('/recharge?DisplayState=expired');
    expect(byKind.workOrderDecided).toMatchObject({
      Title: 'Work order 17 rejected',
      Link: '/manage/sim?ICCID=898600',
    });
    expect(byKind.workOrderDecided!.Content).toContain('Stop service');
    expect(byKind.workOrderDecided!.Content).toContain('Comment: no');
    expect(byKind.paymentPaid!.Content).toContain('S2026');
    expect(byKind.paymentPaid!.Content).toContain('45.00');
    expect(byKind.paymentPaid!.Link).toBe('/reports/payOrder?OrderNo=S2026');
    const zh = Object.fromEntries((await list(reader.token, -1, 'zh')).data.rows.map((r) => [r.Kind, r]));
    expect(zh.simExpiring!.Title).toBe('SIM卡即将到期');
    expect(zh.workOrderDecided!.Title).toBe('工单 17 已驳回');
    expect(zh.paymentPaid!.Content).toContain('短信包');
    const fr = Object.fromEntries((await list(reader.token, -1, 'fr')).data.rows.map((r) => [r.Kind, r]));
    expect(fr.simExpired!.Title).toBe('Cartes SIM expirées');
    expect(fr.workOrderDecided!.Title).toBe('Ordre 17 rejeté');
    expect(fr.paymentPaid!.Content).toContain('45.00 yuans');
  });

  it('marks the reader’s own notices read, one or all; another user’s ids are refused', async () => {
    const before = (await list(reader.token, 0)).data;
    expect(before.Unread).toBe(before.total);
    expect(await unread(reader.token)).toBe(before.total);
    const [first, ...rest] = before.rows;
    await repo.add(null, [{ userId: other.id, kind: 'simExpired', params: { Count: 1 }, dedupeKey: 'o:1' }]);
    const [otherRow] = await noticesOf(other.id, 'o:1');
    for (const ids of [[otherRow!.id], [first!.NoticeID, otherRow!.id], [999_999_999]]) {
      const r = await t.call('POST', 'Notice/MarkRead', { token: reader.token, body: { NoticeIDs: ids } });
      expect({ ids, code: r.code, errCode: r.errCode }).toEqual({ ids, code: 403, errCode: ErrCode.OutsideHold });
    }
    expect((await noticesOf(other.id, 'o:1'))[0]!.readAt).toBeNull();
    expect(await unread(reader.token)).toBe(before.total);

    const one = await t.call<{ Count: number }>('POST', 'Notice/MarkRead', {
      token: reader.token,
      body: { NoticeIDs: [first!.NoticeID] },
    });
    expect(one.data.Count).toBe(1);
    // Again: already read, nothing changes.
    const again = await t.call<{ Count: number }>('POST', 'Notice/MarkRead', {
      token: reader.token,
      body: { NoticeIDs: [first!.NoticeID] },
    });
    expect(again.data.Count).toBe(0);
    expect((await list(reader.token, 1)).data.rows.map((r) => r.NoticeID)).toEqual([first!.NoticeID]);
    expect((await list(reader.token, 0)).data.rows.map((r) => r.NoticeID)).toEqual(rest.map((r) => r.NoticeID));
    const all = await t.call<{ Count: number }>('POST', 'Notice/MarkRead', {
      token: reader.token,
      body: { All: true },
    });
    expect(all.data.Count).toBe(rest.length);
    expect(await unread(reader.token)).toBe(0);
    expect(await unread(other.token)).toBe(1);
  });

  it('GetNoticeList needs function 5; the count and MarkRead need none', async () => {
    const plain = await t.buildUser(await t.buildHold('Plain'), []);
    expect((await list(plain.token, -1)).code).toBe(403);
    expect(await unread(plain.token)).toBe(0);
    expect((await t.call('POST', 'Notice/MarkRead', { token: plain.token, body: { All: true } })).code).toBe(200);
  });

  it('the expiry scan leaves one expiring and one expired notice per user and day, set-based and idempotent', async () => {
    const top = await t.buildHold('Scan top');
    const below = await t.buildHold('Scan below', top);
    const renewer = await t.buildUser(top, [Fn.simRecharge]);
    const business = await t.buildUser(below, [Fn.simBusiness]);
    const bystander = await t.buildUser(top, [Fn.simMessage]);
    const cat = await f.catalogue(top);
    const day = '2031-01-10';
    const now = new Date(`${day}T04:00:00Z`); // noon in Asia/Shanghai
    for (const [hold, expiresOn, state] of [
      [top, '2031-01-09', SimState.Active], // expired
      [below, '2030-12-01', SimState.Suspended], // expired
      [below, '2031-01-10', SimState.Active], // expiring (today)
      [top, '2031-02-09', SimState.Active], // expiring (the 30th day)
      [top, '2031-02-10', SimState.Active], // neither
      [top, '2030-01-01', SimState.Cancelled], // cancelled: left out
    ] as const)
      await f.sim(hold, cat, { expiresOn, state });

    await repo.expiryScan(now);
    const paramsOf = async (userId: number) =>
      Object.fromEntries(
        (await noticesOf(userId))
          .filter((n) => n.dedupeKey.endsWith(day))
          .map((n) => [n.dedupeKey, n.params as { Count: number }]),
      );
    expect(await paramsOf(renewer.id)).toMatchObject({
      [`simExpiring:${day}`]: { Count: 2 },
      [`simExpired:${day}`]: { Count: 2 },
    });
    // A user below sees only the cards of their own subtree.
    expect(await paramsOf(business.id)).toMatchObject({
      [`simExpiring:${day}`]: { Count: 1 },
      [`simExpired:${day}`]: { Count: 1 },
    });
    expect(Object.keys(await paramsOf(business.id))).toHaveLength(2);
    expect(await paramsOf(bystander.id)).toEqual({});

    const count = async () => (await t.database.pool.query('SELECT count(*)::int AS n FROM user_notices')).rows[0].n;
    const total = await count();
    expect(await repo.expiryScan(now)).toBe(0);
    expect(await repo.expiryScan(new Date(now.getTime() + 3 * 3600_000))).toBe(0);
    expect(await count()).toBe(total);
    // The next day is a new notice.
    const next = await repo.expiryScan(new Date(now.getTime() + 24 * 3600_000));
    expect(next).toBeGreaterThanOrEqual(4);
    expect(await count()).toBe(total + next);
  });

  it('leaves the applicant one notice when their work order is decided, in the review', async () => {
    const hold = await t.buildHold('Review hold');
    const applicant = await t.buildUser(hold, [Fn.simBusiness, Fn.simMessage]);
    const auditor = await t.buildUser(hold, [Fn.audit]);
    const sim = await f.sim(hold, await f.catalogue(hold));
    const applied = await t.call<{ WorkIDs: number[] }>('POST', 'WorkFlow/AddWorkFlow', {
      token: applicant.token,
      body: { WorkType: WorkType.Stop, TargetID: sim.iccid, WorkCont: 'please stop' },
    });
    const workId = applied.data.WorkIDs[0]!;
    expect(await noticesOf(applicant.id, 'workOrder:')).toEqual([]);
    const approval = [
      {
        WorkID: workId,
        WorkType: WorkType.Stop,
        TargetID: sim.iccid,
        CheckStatus: CheckStatus.Agreed,
        CheckText: 'ok',
      },
    ];
    expect((await t.call('POST', 'WorkFlow/CheckWorkFlow', { token: auditor.token, body: approval })).code).toBe(200);
    // A second review is refused and leaves no second notice.
    expect((await t.call('POST', 'WorkFlow/CheckWorkFlow', { token: auditor.token, body: approval })).code).toBe(400);
    const notices = await noticesOf(applicant.id, 'workOrder:');
    expect(notices.map((n) => [n.kind, n.dedupeKey])).toEqual([['workOrderDecided', `workOrder:${workId}`]]);
    const rows = (await list(applicant.token, 0)).data.rows;
    expect(rows.find((r) => r.Kind === 'workOrderDecided')).toMatchObject({
      Title: `Work order ${workId} approved`,
      Link: `/manage/sim?ICCID=${sim.iccid}`,
    });
    expect(await noticesOf(auditor.id, 'workOrder:')).toEqual([]);
  });
});
