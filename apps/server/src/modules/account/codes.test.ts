import { smsCodes, users } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { AccountType, ErrCode } from '@lodestar/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

// SMS codes under attack (docs/SECURITY.md, "Sign-in codes and phone enumeration").
afterAll(stopTestServers);

const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe.each(dbTargets())('SMS codes guessed in parallel on $name PostgreSQL', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    // The per-phone limiter is lifted so that every guess reaches the database's counter.
    t = await startTestApp(target, { CODE_CHECK_LIMIT_PER_PHONE: '100000' });
  });
  afterAll(() => t.close());

  const attemptsOf = async (phone: string) => {
    const [row] = await t.database.db
      .select({ attempts: smsCodes.attempts })
      .from(smsCodes)
      .where(eq(smsCodes.phone, phone))
      .orderBy(desc(smsCodes.id))
      .limit(1);
    return row?.attempts;
  };

  it('counts 300 parallel wrong reset guesses in the database, and the right code is dead afterwards', async () => {
    const user = await t.buildUser(t.rootHold, [86]);
    await t.call('POST', 'account/sendsmscode', { body: { Phone: user.phone, Purpose: 'retrieve' } });
    const code = t.lastSmsCode(user.phone)!;
    const wrong = wrongCodeFor(code);
    const replies = await Promise.all(
      Array.from({ length: 300 }, () =>
        t.call('POST', 'account/retrievepassword', {
          body: { Phone: user.phone, SMSCode: wrong, NewPass: 'guess1234' },
        }),
      ),
    );
    expect(replies.every((r) => r.code === 400 && r.errCode === ErrCode.InvalidSmsCode)).toBe(true);
    expect(await attemptsOf(user.phone)).toBe(5);
    const right = await t.call('POST', 'account/retrievepassword', {
      body: { Phone: user.phone, SMSCode: code, NewPass: 'stolen123' },
    });
    expect(right).toMatchObject({ code: 400, errCode: ErrCode.InvalidSmsCode });
    expect(await t.login(user.phone, user.password)).toBeTruthy();
  });

  it('takes the right code after four wrong ones, and only once when it is sent twice at the same time', async () => {
    const user = await t.buildUser(t.rootHold, [86]);
    await t.call('POST', 'account/sendsmscode', { body: { Phone: user.phone, Purpose: 'retrieve' } });
    const code = t.lastSmsCode(user.phone)!;
    for (let i = 0; i < 4; i++)
      await t.call('POST', 'account/retrievepassword', {
        body: { Phone: user.phone, SMSCode: wrongCodeFor(code), NewPass: 'guess1234' },
      });
    const both = await Promise.all(
      ['first111', 'second22'].map((NewPass) =>
        t.call('POST', 'account/retrievepassword', { body: { Phone: user.phone, SMSCode: code, NewPass } }),
      ),
    );
    expect(both.map((r) => r.code).sort()).toEqual([200, 400]);
  });

  it('kills an SMS log-in code after five wrong tries', async () => {
    const user = await t.buildUser(t.rootHold, [86]);
    await t.call('POST', 'account/sendsmscode', { body: { Phone: user.phone, Purpose: 'login' } });
    const code = t.lastSmsCode(user.phone)!;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        t.call('POST', 'account/smslogin', { body: { Phone: user.phone, SMSCode: wrongCodeFor(code) } }),
      ),
    );
    expect(await attemptsOf(user.phone)).toBe(5);
    expect((await t.call('POST', 'account/smslogin', { body: { Phone: user.phone, SMSCode: code } })).errCode).toBe(
      ErrCode.InvalidSmsCode,
    );
  });
});

describe.each(dbTargets())('limits on code checks on $name PostgreSQL', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target, { CODE_CHECK_LIMIT_PER_PHONE: '3', CODE_CHECK_LIMIT_PER_ADDRESS: '100000' });
  });
  afterAll(() => t.close());

  it('answers 429 to the fourth reset or registration guess a minute for a phone', async () => {
    const user = await t.buildUser(t.rootHold, [86]);
    const guess = () =>
      t.call('POST', 'account/retrievepassword', {
        body: { Phone: user.phone, SMSCode: '123456', NewPass: 'guess1234' },
      });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await guess()).code);
    expect(codes).toEqual([400, 400, 400, 429]);
    // The limiter comes before the phone is looked up: a phone without an account is limited alike.
    const unknownCodes = [];
    for (let i = 0; i < 4; i++)
      unknownCodes.push(
        (
          await t.call('POST', 'account/retrievepassword', {
            body: { Phone: '13522220001', SMSCode: '123456', NewPass: 'guess1234' },
          })
        ).code,
      );
    expect(unknownCodes).toEqual([400, 400, 400, 429]);

    const register = () =>
      t.call('POST', 'account/register', {
        body: {
          Phone: '13522220000',
          SMSCode: '123456',
          UserPassword: 'drive2026',
          UserName: 'Guesser',
          Vehicle: { Plate: 'A1' },
        },
      });
    const regCodes = [];
    for (let i = 0; i < 4; i++) regCodes.push((await register()).code);
    expect(regCodes).toEqual([400, 400, 400, 429]);
  });
});

describe.each(dbTargets())('per-address limit on code checks on $name PostgreSQL', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target, { CODE_CHECK_LIMIT_PER_ADDRESS: '2' });
  });
  afterAll(() => t.close());

  it('answers 429 once one address has checked its share of codes, whatever the phones', async () => {
    const guess = (Phone: string) =>
      t.call('POST', 'account/retrievepassword', { body: { Phone, SMSCode: '123456', NewPass: 'guess1234' } });
    expect((await guess('13533330001')).code).toBe(400);
    expect((await guess('13533330002')).code).toBe(400);
    expect((await guess('13533330003')).code).toBe(429);
  });
});

describe.each(dbTargets())('one answer for known and unknown phones on $name PostgreSQL', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  let free = 13644440000;
  const freePhone = () => String(free++);
  /** What a caller can compare: the HTTP status and the whole body. */
  const seen = (r: { status: number; raw: { body: string } }) => ({ status: r.status, body: r.raw.body });
  const send = (Phone: string, Purpose: string) => t.call('POST', 'account/sendsmscode', { body: { Phone, Purpose } });

  it('sendsmscode: the same reply for a phone with and without an account, for every purpose', async () => {
    for (const purpose of ['login', 'retrieve', 'register']) {
      const known = (await t.buildUser(t.rootHold, [86])).phone;
      const unknown = freePhone();
      const [a, b] = [await send(known, purpose), await send(unknown, purpose)];
      expect(a.status).toBe(200);
      expect(seen(b)).toEqual(seen(a));
      // Asked again at once: refused alike.
      const [a2, b2] = [await send(known, purpose), await send(unknown, purpose)];
      expect(a2).toMatchObject({ code: 429, errCode: ErrCode.RateLimited });
      expect(seen(b2)).toEqual(seen(a2));
      // A code only where it can be used; a notice to the phone's holder otherwise.
      const usable = purpose === 'register' ? unknown : known;
      const other = purpose === 'register' ? known : unknown;
      expect(t.lastSmsCode(usable)).toMatch(/^\d{6}$/);
      expect(t.lastSmsCode(other)).toBeUndefined();
      expect(t.smsLog.some((l) => l.includes(`SMS to ${other} `))).toBe(true);
    }
  });

  it('retrievepassword: an unknown phone answers exactly like a wrong code', async () => {
    const known = (await t.buildUser(t.rootHold, [86])).phone;
    const unknown = freePhone();
    const never = freePhone();
    await send(known, 'retrieve');
    await send(unknown, 'retrieve');
    const wrong = wrongCodeFor(t.lastSmsCode(known)!);
    const guess = (Phone: string) =>
      t.call('POST', 'account/retrievepassword', { body: { Phone, SMSCode: wrong, NewPass: 'guess1234' } });
    const a = await guess(known);
    expect(a).toMatchObject({ code: 400, errCode: ErrCode.InvalidSmsCode });
    expect(seen(await guess(unknown))).toEqual(seen(a));
    expect(seen(await guess(never))).toEqual(seen(a));
  });

  it('smslogin: an unknown phone answers exactly like a wrong code', async () => {
    const known = (await t.buildUser(t.rootHold, [86])).phone;
    const unknown = freePhone();
    await send(known, 'login');
    await send(unknown, 'login');
    const wrong = wrongCodeFor(t.lastSmsCode(known)!);
    const guess = (Phone: string) => t.call('POST', 'account/smslogin', { body: { Phone, SMSCode: wrong } });
    const a = await guess(known);
    expect(a).toMatchObject({ code: 400, errCode: ErrCode.InvalidSmsCode });
    expect(seen(await guess(unknown))).toEqual(seen(a));
  });

  it('register: a taken phone answers like a free one until a valid code proves the phone', async () => {
    const taken = (await t.buildUser(t.rootHold, [86])).phone;
    const unused = freePhone();
    await send(taken, 'register');
    await send(unused, 'register');
    const wrong = wrongCodeFor(t.lastSmsCode(unused)!);
    const register = (Phone: string, SMSCode: string) =>
      t.call('POST', 'account/register', {
        body: { Phone, SMSCode, UserPassword: 'drive2026', UserName: 'Someone', Vehicle: { Plate: 'B2' } },
      });
    const a = await register(unused, wrong);
    expect(a).toMatchObject({ code: 400, errCode: ErrCode.InvalidSmsCode });
    expect(seen(await register(taken, wrong))).toEqual(seen(a));
    expect(seen(await register(taken, '123456'))).toEqual(seen(await register(unused, '123456')));

    // The phone's account appears after its code was sent: the code's holder is told plainly.
    const late = freePhone();
    await send(late, 'register');
    await t.database.db.insert(users).values({
      holdId: t.rootHold.id,
      phone: late,
      userName: 'Late',
      accountType: AccountType.User,
      passwordHash: 'x',
    });
    expect(await register(late, t.lastSmsCode(late)!)).toMatchObject({
      code: 400,
      errCode: ErrCode.Conflict,
      msg: '该手机号已注册',
    });
  });
});

describe.each(dbTargets())('limits on code sends on $name PostgreSQL', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target, { SMS_CODE_LIMIT_PER_ADDRESS: '2' });
  });
  afterAll(() => t.close());

  it('answers 429 once one address has asked its share of codes, for an unknown phone too', async () => {
    const known = (await t.buildUser(t.rootHold, [86])).phone;
    const send = (Phone: string) => t.call('POST', 'account/sendsmscode', { body: { Phone, Purpose: 'retrieve' } });
    expect((await send(known)).code).toBe(200);
    expect((await send('13655550001')).code).toBe(200);
    expect(await send('13655550002')).toMatchObject({ code: 429, errCode: ErrCode.RateLimited });
    expect(t.smsLog.some((l) => l.includes('13655550002'))).toBe(false);
  });
});

describe.each(dbTargets())('sent codes pruned on $name PostgreSQL', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  it('deletes codes older than a day when a code is sent, and keeps the recent ones the limits read', async () => {
    const dayAndMore = new Date(Date.now() - 25 * 3_600_000);
    const lastHour = new Date(Date.now() - 30 * 60_000);
    const common = { purpose: 'retrieve', codeHash: 'x', expiresAt: new Date(0) };
    await t.database.db.insert(smsCodes).values([
      { ...common, phone: '13655559001', createdAt: dayAndMore },
      { ...common, phone: '13655559002', createdAt: lastHour },
    ]);
    const phones = async () =>
      (await t.database.db.select({ phone: smsCodes.phone }).from(smsCodes)).map((r) => r.phone);
    expect(await phones()).toContain('13655559001');
    const reply = await t.call('POST', 'account/sendsmscode', { body: { Phone: '13655559003', Purpose: 'retrieve' } });
    expect(reply.code).toBe(200);
    const left = await phones();
    expect(left).not.toContain('13655559001');
    expect(left).toEqual(expect.arrayContaining(['13655559002', '13655559003']));
  });
});
