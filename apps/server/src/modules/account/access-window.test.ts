import { users } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn } from '@lodestar/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

afterAll(stopTestServers);

/** "HH:mm" of now plus `hours` in UTC, the zone the test users are given. */
const clock = (hours: number) => {
  const d = new Date(Date.now() + hours * 3_600_000);
  return d.toISOString().slice(11, 16);
};

describe.each(dbTargets())('the daily log-in window on $name PostgreSQL', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  const setWindow = (id: number, accessStart: string | null, accessEnd: string | null) =>
    t.database.db.update(users).set({ accessStart, accessEnd, timeZone: 'UTC' }).where(eq(users.id, id));

  it('refuses a password log-in outside the window, naming it, in the caller language', async () => {
    const user = await t.buildUser(t.rootHold, [Fn.dashboard]);
    await setWindow(user.id, clock(2), clock(3));
    const body = { Phone: user.phone, UserPassword: user.password };
    const en = await t.call('POST', 'account/login', { body, lang: 'en' });
    expect(en).toMatchObject({ code: 400, errCode: ErrCode.OutsideAccessHours });
    expect(en.msg).toContain('allowed hours');
    expect(en.msg).toContain(`${clock(2)}–${clock(3)} (UTC)`);
    const fr = await t.call('POST', 'account/login', { body, lang: 'fr' });
    expect(fr.msg).toContain('heures autorisées');
    const zh = await t.call('POST', 'account/login', { body });
    expect(zh.msg).toContain('登录时段');
    // Inside the window, and in one that runs past midnight (all day but the next two hours).
    await setWindow(user.id, clock(-1), clock(1));
    expect((await t.call('POST', 'account/login', { body })).code).toBe(200);
    await setWindow(user.id, clock(2), clock(0.5));
    expect((await t.call('POST', 'account/login', { body })).code).toBe(200);
    await setWindow(user.id, clock(0.5), clock(-0.5));
    expect((await t.call('POST', 'account/login', { body })).errCode).toBe(ErrCode.OutsideAccessHours);
    await setWindow(user.id, null, null);
    expect((await t.call('POST', 'account/login', { body })).code).toBe(200);
  });

  it('refuses an SMS-code log-in outside the window', async () => {
    const user = await t.buildUser(t.rootHold, [Fn.dashboard]);
    await setWindow(user.id, clock(2), clock(3));
    await t.call('POST', 'account/sendsmscode', { body: { Phone: user.phone, Purpose: 'login' } });
    const r = await t.call('POST', 'account/smslogin', {
      body: { Phone: user.phone, SMSCode: t.lastSmsCode(user.phone) },
      lang: 'en',
    });
    expect(r).toMatchObject({ code: 400, errCode: ErrCode.OutsideAccessHours });
  });

  it('ends an open session when the window closes, as the service end does', async () => {
    const user = await t.buildUser(t.rootHold, [Fn.dashboard]);
    expect((await t.call('GET', 'User/GetUserInfo', { token: user.token })).code).toBe(200);
    await setWindow(user.id, clock(2), clock(3));
    const r = await t.call('GET', 'User/GetUserInfo', { token: user.token, lang: 'en' });
    expect(r).toMatchObject({ code: 401, errCode: ErrCode.OutsideAccessHours });
    expect(r.msg).toContain('allowed hours');
    await setWindow(user.id, clock(-1), clock(1));
    expect((await t.call('GET', 'User/GetUserInfo', { token: user.token })).code).toBe(200);
  });

  it('User/AddUser and ModifyUser keep the address, window and province; one end alone is a 400 naming the other', async () => {
    const admin = await t.buildUser(t.rootHold, [Fn.userManage, Fn.dashboard]);
    const add = await t.call<{ UserID: number }>('POST', 'User/AddUser', {
      token: admin.token,
      body: {
        HoldID: t.rootHold.id,
        Phone: '13655550001',
        UserPassword: 'abc12345',
        UserName: '夜班调度',
        AccountType: 3,
        Funs: [Fn.dashboard],
        Address: '上海市浦东新区',
        AccessStart: '22:00',
        AccessEnd: '06:00',
        DefaultProvince: '上海',
      },
    });
    expect(add.code).toBe(200);
    const listed = await t.call<{ rows: Record<string, unknown>[] }>('POST', 'User/GetUserList', {
      token: admin.token,
      body: { PageIndex: 1, PageSize: 5, Keyword: '13655550001' },
    });
    expect(listed.data.rows[0]).toMatchObject({
      Address: '上海市浦东新区',
      AccessStart: '22:00',
      AccessEnd: '06:00',
      DefaultProvince: '上海',
    });
    const modify = (body: object) =>
      t.call('POST', 'User/ModifyUser', { token: admin.token, body: { UserID: add.data.UserID, ...body }, lang: 'en' });
    const alone = await modify({ AccessStart: '', AccessEnd: '07:00' });
    expect(alone).toMatchObject({ code: 400, errCode: ErrCode.Validation });
    expect(alone.msg).toContain('AccessStart');
    const same = await modify({ AccessEnd: '22:00' });
    expect(same.msg).toContain('AccessEnd');
    const bad = await modify({ AccessEnd: '7:00' });
    expect(bad).toMatchObject({ code: 400 });
    expect(bad.msg).toContain('AccessEnd');
    expect((await modify({ AccessStart: '', AccessEnd: '' })).code).toBe(200);
    // Nobody widens their own hours.
    const self = await t.call('POST', 'User/ModifyUser', {
      token: admin.token,
      body: { UserID: admin.id, AccessStart: '00:00', AccessEnd: '23:59' },
    });
    expect(self.code).toBe(403);
  });
});
