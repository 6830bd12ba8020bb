import { smsCodes } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode } from '@lodestar/domain';
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
