import { devices, userNotices, users } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { AccountType, Fn } from '@lodestar/domain';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { NoticeRepository } from './repository.ts';
import { expiryScans } from './scan.ts';

afterAll(stopTestServers);

type Row = { NoticeID: number; Kind: string; Title: string; Content: string; Link: string };
type User = { id: number; token: string };
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The bell's VIP notices (spec sections 4 and 8) under a fake clock: `now` is handed to the scan. */
describe.each(dbTargets())('VIP expiry notices on $name PostgreSQL', (target) => {
  let t: TestApp;
  let repo: NoticeRepository;
  let admin: User;
  let below: User;
  let plain: User;
  let rival: User;
  let westward: User;
  let superAdmin: User;
  const pk: Record<string, number> = {};
  // 10:00 in Asia/Shanghai on DAY; still 22:00 the day before in New York.
  const DAY = '2031-03-10';
  const NOW = new Date(`${DAY}T02:00:00Z`);
  const nextDay = (days: number) => new Date(NOW.getTime() + days * 86_400_000);

  const keysOf = async (user: User) =>
    (await t.database.db.select().from(userNotices).where(eq(userNotices.userId, user.id)))
      .filter((n) => n.dedupeKey.startsWith('vip'))
      .map((n) => n.dedupeKey)
      .sort();
  const key = (state: string, name: string, expiry: string) => `vip${state}:${pk[name]}:${expiry}`;
  const list = async (user: User, lang: string) =>
    (
      await t.call<{ rows: Row[] }>('POST', 'Notice/GetNoticeList', {
        token: user.token,
        body: { PageIndex: 1, PageSize: 100, Read: -1 },
        lang,
      })
    ).data.rows.filter((r) => r.Kind.startsWith('vip'));

  beforeAll(async () => {
    t = await startTestApp(target);
    repo = new NoticeRepository(t.database.db);
    const top = await t.buildHold('VIP top');
    const child = await t.buildHold('VIP child', top);
    const other = await t.buildHold('VIP rival');
    admin = await t.buildUser(top, [Fn.vipManage, Fn.simMessage]);
    below = await t.buildUser(child, [Fn.expiryReminder, Fn.simMessage]);
    plain = await t.buildUser(top, [Fn.simMessage, Fn.wallet]);
    rival = await t.buildUser(other, [Fn.upgradeVip, Fn.simMessage]);
    westward = await t.buildUser(top, [Fn.upgradeVip]);
    superAdmin = await t.buildUser(child, [], AccountType.SuperAdmin);
    await t.database.db.update(users).set({ timeZone: 'America/New_York' }).where(eq(users.id, westward.id));
    const specs: [string, { id: number }, string | null][] = [
      ['lapsed', top, addDays(DAY, -1)], // expired yesterday
      ['week', top, addDays(DAY, 6)], // the 7-day window's last day
      ['month', top, addDays(DAY, 7)], // the 30-day window's first day
      ['twoMonths', top, addDays(DAY, 59)], // the 60-day window's last day
      ['later', top, addDays(DAY, 60)], // in no window yet
      ['longGone', top, addDays(DAY, -31)], // lapsed beyond the look-back
      ['never', top, null],
      ['childs', child, addDays(DAY, 20)],
      ['rivals', other, addDays(DAY, 1)],
    ];
    const rows = await t.database.db
      .insert(devices)
      .values(
        specs.map(([name, hold, vipExpiresAt], i) => ({
          deviceId: `86700000000${String(i).padStart(4, '0')}`,
          name: name === 'lapsed' ? 'Truck 7' : '',
          protocol: 'gt06',
          holdId: hold.id,
          vipExpiresAt,
        })),
      )
      .returning({ id: devices.id });
    specs.forEach(([name], i) => {
      pk[name] = rows[i]!.id;
    });
  });
  afterAll(() => t.close());

  it('leaves one notice per device in its narrowest state, to the VIP users over the device only', async () => {
    expect(await repo.vipExpiryScan(NOW)).toBeGreaterThan(0);
    expect(await keysOf(admin)).toEqual(
      [
        key('expired', 'lapsed', addDays(DAY, -1)),
        key('7', 'week', addDays(DAY, 6)),
        key('30', 'month', addDays(DAY, 7)),
        key('60', 'twoMonths', addDays(DAY, 59)),
        key('30', 'childs', addDays(DAY, 20)),
      ].sort(),
    );
    // A user below sees its own subtree's devices only; a rival hold's user only its own.
    expect(await keysOf(below)).toEqual([key('30', 'childs', addDays(DAY, 20))]);
    expect(await keysOf(superAdmin)).toEqual([key('30', 'childs', addDays(DAY, 20))]);
    expect(await keysOf(rival)).toEqual([key('7', 'rivals', addDays(DAY, 1))]);
    // Without a VIP function: nothing.
    expect(await keysOf(plain)).toEqual([]);
    // The day is the user's own: in New York it is still the 9th, when yesterday's lapse was today's expiry.
    expect(await keysOf(westward)).toContain(key('7', 'lapsed', addDays(DAY, -1)));
  });

  it('reads in zh, en and fr with a link to the device on /vip/upgrade', async () => {
    const en = await list(admin, 'en');
    const lapsed = en.find((r) => r.Kind === 'vipExpired')!;
    expect(lapsed).toMatchObject({ Title: 'Device VIP expired', Link: '/vip/upgrade?Keyword=867000000000000' });
    expect(lapsed.Content).toContain('867000000000000 (Truck 7)');
    expect(lapsed.Content).toContain(`ended on ${addDays(DAY, -1)}`);
    const week = en.find((r) => r.Link.endsWith('0001'))!;
    expect(week).toMatchObject({ Kind: 'vipExpiring', Title: 'Device VIP ending soon' });
    expect(week.Content).toContain(`ends on ${addDays(DAY, 6)}, within 7 days`);
    expect(en.find((r) => r.Link.endsWith('0003'))!.Content).toContain('within 60 days');
    const zh = await list(admin, 'zh');
    expect(zh.find((r) => r.Kind === 'vipExpired')!.Title).toBe('设备VIP已过期');
    expect(zh.find((r) => r.Link.endsWith('0002'))!.Content).toContain('30 天内');
    const fr = await list(admin, 'fr');
    expect(fr.find((r) => r.Kind === 'vipExpired')!.Title).toBe('VIP de l’appareil expiré');
    expect(fr.find((r) => r.Link.endsWith('0001'))!.Content).toContain('dans les 7 jours');
    // The rival's devices never reach this list.
    expect(en.some((r) => r.Content.includes('867000000000008'))).toBe(false);
    expect((await list(rival, 'en')).map((r) => r.Link)).toEqual(['/vip/upgrade?Keyword=867000000000008']);
  });

  it('is not repeated the same day or the next for the same state; a new state or expiry is a new notice', async () => {
    const before = await keysOf(admin);
    expect(await repo.vipExpiryScan(NOW)).toBe(0);
    // An hour later (still the same day in Shanghai and New York): nothing either.
    expect(await repo.vipExpiryScan(new Date(NOW.getTime() + 3600_000))).toBe(0);
    // Next day: 'month' (the 17th) moves into the 7-day window, 'later' into the 60-day one; the rest stay put.
    await expiryScans(repo, nextDay(1));
    expect(await keysOf(admin)).toEqual(
      [...before, key('7', 'month', addDays(DAY, 7)), key('60', 'later', addDays(DAY, 60))].sort(),
    );
    expect(await keysOf(below)).toEqual([key('30', 'childs', addDays(DAY, 20))]);
    // An upgrade moves 'week' 40 days on: its new expiry is a new notice, in the 60-day window.
    await t.database.db
      .update(devices)
      .set({ vipExpiresAt: addDays(DAY, 46) })
      .where(eq(devices.id, pk.week!));
    const afterDay = await keysOf(admin);
    await repo.vipExpiryScan(nextDay(1));
    expect(await keysOf(admin)).toEqual([...afterDay, key('60', 'week', addDays(DAY, 46))].sort());
    // The lapsed device is told once, however many days pass.
    await repo.vipExpiryScan(nextDay(20));
    const lapsed = await t.database.db
      .select()
      .from(userNotices)
      .where(like(userNotices.dedupeKey, `vipexpired:${pk.lapsed}:%`));
    expect(lapsed.filter((n) => n.userId === admin.id)).toHaveLength(1);
  });
});
