import { sessions, smsCodes } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode } from '@lodestar/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

afterAll(stopTestServers);

describe.each(dbTargets())('account calls on $name PostgreSQL', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  it('logs in with a trimmed phone and returns the session of spec section 7', async () => {
    const r = await t.call<Record<string, unknown>>('POST', 'Account/Login', {
      body: { Phone: '  13800000000 ', UserPassword: 'admin123' },
    });
    expect(r.code).toBe(200);
    expect(r.errCode).toBe(0);
    expect(r.data).toMatchObject({
      userName: '超级管理员',
      currentHoldId: t.rootHold.id,
      currentHoldName: 'Lodestar',
      menuPosition: 3,
      loginInfo: { CompanyID: t.rootHold.id },
    });
    expect((r.data.loginInfo as { allFuns: number[] }).allFuns).toEqual(
      expect.arrayContaining([1, 24, 72, 76, 83, 163]),
    );
    expect(typeof r.data.token).toBe('string');
    expect(Date.parse(r.data.tokenExpiry as string)).toBeGreaterThan(Date.now());
  });

  it('refuses a wrong password with Login Failed, in the caller language', async () => {
    const zh = await t.call('POST', 'account/login', { body: { Phone: '13800000000', UserPassword: 'nope' } });
    expect(zh).toMatchObject({ code: 400, errCode: ErrCode.LoginFailed });
    expect(zh.msg).toContain('登录失败');
    const en = await t.call('POST', 'account/login', {
      body: { Phone: '13800000000', UserPassword: 'nope' },
      lang: 'en-GB,en;q=0.9',
    });
    expect(en.msg).toContain('Login Failed');
  });

  it('names the field when validation fails and never leaks a stack', async () => {
    const r = await t.call('POST', 'account/login', { body: { Phone: '13800000000' } });
    expect(r).toMatchObject({ code: 400, errCode: ErrCode.Validation });
    expect(r.msg).toContain('UserPassword');
    const bad = await t.call('POST', 'account/sendsmscode', { body: { Phone: '12345', Purpose: 'login' } });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('Phone');
    expect(bad.raw.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('refuses an unknown or missing appid', async () => {
    const r = await t.call('GET', 'account/config', { query: { appid: 'someone-else' } });
    expect(r).toMatchObject({ code: 400, errCode: ErrCode.UnknownApp });
    const res = await t.app.inject({ method: 'GET', url: '/API/api/account/config?format=json' });
    expect(res.json()).toMatchObject({ code: 400, errCode: ErrCode.UnknownApp });
    const ok = await t.call('GET', 'ACCOUNT/CONFIG');
    expect(ok.code).toBe(200);
    expect(ok.data).toMatchObject({ smsProvider: 'local', platform: 1 });
  });

  it('answers code 401 for a missing, unknown, revoked or expired token', async () => {
    expect(await t.call('GET', 'User/GetUserInfo')).toMatchObject({ code: 401, errCode: ErrCode.TokenMissing });
    expect(await t.call('GET', 'User/GetUserInfo', { token: 'forged' })).toMatchObject({ code: 401 });

    const token = await t.login('13800000000', 'admin123');
    expect((await t.call('GET', 'User/GetUserInfo', { token: `Bearer ${token}` })).code).toBe(200);
    expect((await t.call('POST', 'account/logout', { token })).code).toBe(200);
    expect(await t.call('GET', 'User/GetUserInfo', { token })).toMatchObject({
      code: 401,
      errCode: ErrCode.TokenRevoked,
    });

    const token2 = await t.login('13800000000', 'admin123');
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await t.call('GET', 'User/GetUserInfo', { token: token2 })).toMatchObject({
      code: 401,
      errCode: ErrCode.TokenExpired,
    });
  });

  it('logs in with an SMS code that works once and only for five minutes', async () => {
    const user = await t.buildUser(t.rootHold, [86]);
    const sent = await t.call('POST', 'account/sendsmscode', { body: { Phone: user.phone, Purpose: 'login' } });
    expect(sent).toMatchObject({ code: 200, data: { provider: 'local', expiresInSeconds: 300 } });
    const code = t.lastSmsCode(user.phone)!;
    expect(code).toMatch(/^\d{6}$/);

    const wrong = code === '000000' ? '111111' : '000000';
    expect(await t.call('POST', 'account/smslogin', { body: { Phone: user.phone, SMSCode: wrong } })).toMatchObject({
      code: 400,
      errCode: ErrCode.InvalidSmsCode,
    });
    const ok = await t.call<{ userId: number }>('POST', 'account/smslogin', {
      body: { Phone: user.phone, SMSCode: code },
    });
    expect(ok.code).toBe(200);
    expect(ok.data.userId).toBe(user.id);
    // A code is spent once used.
    expect((await t.call('POST', 'account/smslogin', { body: { Phone: user.phone, SMSCode: code } })).errCode).toBe(
      ErrCode.InvalidSmsCode,
    );
    // Asking again within a minute is refused.
    expect((await t.call('POST', 'account/sendsmscode', { body: { Phone: user.phone, Purpose: 'login' } })).code).toBe(
      429,
    );

    // An expired code is refused even when it is right.
    await t.database.db.delete(smsCodes).where(eq(smsCodes.phone, user.phone));
    const other = await t.buildUser(t.rootHold, [86]);
    await t.call('POST', 'account/sendsmscode', { body: { Phone: other.phone, Purpose: 'login' } });
    await t.database.db
      .update(smsCodes)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(smsCodes.phone, other.phone));
    expect(
      (await t.call('POST', 'account/smslogin', { body: { Phone: other.phone, SMSCode: t.lastSmsCode(other.phone) } }))
        .errCode,
    ).toBe(ErrCode.InvalidSmsCode);
  });

  it('sends no code to a phone with no account, but a notice, and answers as for any phone', async () => {
    const r = await t.call('POST', 'account/sendsmscode', { body: { Phone: '13612345678', Purpose: 'login' } });
    expect(r).toMatchObject({ code: 200, data: { provider: 'local', expiresInSeconds: 300 } });
    expect(t.lastSmsCode('13612345678')).toBeUndefined();
    expect(t.smsLog.at(-1)).toContain('SMS to 13612345678');
    expect(t.smsLog.at(-1)).toContain('no account uses it');
  });

  it('resets a forgotten password with an SMS code and logs out every session', async () => {
    const user = await t.buildUser(t.rootHold, [86]);
    await t.call('POST', 'account/sendsmscode', { body: { Phone: user.phone, Purpose: 'retrieve' } });
    const code = t.lastSmsCode(user.phone)!;
    const weak = await t.call('POST', 'account/retrievepassword', {
      body: { Phone: user.phone, SMSCode: code, NewPass: 'abc' },
    });
    expect(weak.code).toBe(400);
    const r = await t.call('POST', 'account/retrievepassword', {
      body: { Phone: user.phone, SMSCode: code, NewPass: 'newpass99' },
    });
    expect(r.code).toBe(200);
    expect((await t.call('GET', 'User/GetUserInfo', { token: user.token })).code).toBe(401);
    expect(await t.login(user.phone, 'newpass99')).toBeTruthy();
  });

  it('registers a customer with a vehicle under the registration hold', async () => {
    const phone = '13511112222';
    await t.call('POST', 'account/sendsmscode', { body: { Phone: phone, Purpose: 'register' } });
    const r = await t.call<{ UserID: number }>('POST', 'account/register', {
      body: {
        Phone: phone,
        SMSCode: t.lastSmsCode(phone),
        UserPassword: 'drive2026',
        UserName: '  陈女士 ',
        Vehicle: { Plate: '沪A12345' },
      },
    });
    expect(r.code).toBe(200);
    const token = await t.login(phone, 'drive2026');
    const info = await t.call<{ UserName: string; HoldName: string; AccountType: number }>('GET', 'User/GetUserInfo', {
      token,
    });
    expect(info.data).toMatchObject({ UserName: '陈女士', HoldName: '陈女士', AccountType: 3 });
    // Asked again, the phone is told it has an account; the caller is answered as for a free phone.
    await t.database.db.delete(smsCodes).where(eq(smsCodes.phone, phone));
    const again = await t.call('POST', 'account/sendsmscode', { body: { Phone: phone, Purpose: 'register' } });
    expect(again.code).toBe(200);
    expect(t.smsLog.at(-1)).toContain('already has an account');
  });

  it('rate-limits log-in attempts per phone', async () => {
    const user = await t.buildUser(t.rootHold, [86]);
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      codes.push((await t.call('POST', 'account/login', { body: { Phone: user.phone, UserPassword: 'bad' } })).code);
    }
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes.slice(10)).toEqual([429, 429]);
    // Even the right password waits out the window.
    expect(
      (await t.call('POST', 'account/login', { body: { Phone: user.phone, UserPassword: user.password } })).code,
    ).toBe(429);
  });

  it('records log-in attempts in the visitor log; unknown phones only for the platform root', async () => {
    await t.call('POST', 'account/login', { body: { Phone: '13699990000', UserPassword: 'whatever1' } });
    const superToken = await t.login('13800000000', 'admin123');
    const rows = async (token: string) =>
      (
        await t.call<{ rows: { Phone: string; Result: string }[] }>('POST', 'Log/GetVisitorLog', {
          token,
          body: { PageIndex: 1, PageSize: 200 },
        })
      ).data.rows;
    expect(await rows(superToken)).toEqual(
      expect.arrayContaining([expect.objectContaining({ Phone: '13699990000', Result: 'failed' })]),
    );
    const sub = await t.buildUser(await t.buildHold('Sub'), [82]);
    const subRows = await rows(sub.token);
    expect(subRows.map((r) => r.Phone)).not.toContain('13699990000');
    expect(subRows.map((r) => r.Phone)).toContain(sub.phone);
  });
});
