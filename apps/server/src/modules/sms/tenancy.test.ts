import { smsMessages } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn, SmsState } from '@lodestar/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { simFactories } from '../work-orders/test-fixtures.ts';
import { SMS_TENANCY_PATHS } from './tenancy-covered.ts';

afterAll(stopTestServers);

/** Holds A and B are siblings; A's user holds every SMS function. */
describe.each(dbTargets())("SMS calls refuse another hold's ids on $name PostgreSQL", (target) => {
  let t: TestApp;
  let a: { token: string; msisdn: string };
  let b: { hold: { id: number }; msisdn: string; messageId: number };

  beforeAll(async () => {
    t = await startTestApp(target, { SMS_HTTP_TOKEN: 'gateway-secret' });
    const f = simFactories(t.database.db);
    const holdA = await t.buildHold('A');
    const holdB = await t.buildHold('B');
    const userA = await t.buildUser(holdA, [Fn.simSmsRecord, Fn.simSmsPayment, Fn.simBusiness, Fn.export]);
    const simA = await f.sim(holdA, await f.catalogue(holdA));
    const simB = await f.sim(holdB, await f.catalogue(holdB));
    const [msg] = await t.database.db
      .insert(smsMessages)
      .values({
        holdId: holdB.id,
        simId: simB.id,
        msisdn: simB.msisdn,
        content: 'B',
        segments: 1,
        provider: 'local',
        state: SmsState.Sent,
      })
      .returning();
    await t.database.pool.query('INSERT INTO sms_balances (hold_id, balance) VALUES ($1, 50)', [holdA.id]);
    a = { token: userA.token, msisdn: simA.msisdn };
    b = { hold: holdB, msisdn: simB.msisdn, messageId: msg!.id };
  });
  afterAll(() => t.close());

  it('refuses B’s numbers and hold exactly like missing ones', async () => {
    const attempts: [string, object, object][] = [
      [
        'Sms/SendSms',
        { MSISDNs: [a.msisdn, b.msisdn], Content: 'x' },
        { MSISDNs: [a.msisdn, '13900000000'], Content: 'x' },
      ],
      [
        'Sms/GetSmsList',
        { PageIndex: 1, PageSize: 10, HoldID: b.hold.id },
        { PageIndex: 1, PageSize: 10, HoldID: 999_999 },
      ],
      ['Sms/ExportSmsList', { HoldID: b.hold.id }, { HoldID: 999_999 }],
    ];
    for (const [path, theirs, missing] of attempts) {
      const r1 = await t.call('POST', path, { token: a.token, body: theirs });
      const r2 = await t.call('POST', path, { token: a.token, body: missing });
      expect({ path, code: r1.code, errCode: r1.errCode }).toEqual({ path, code: 403, errCode: ErrCode.OutsideHold });
      expect({ path, msg: r2.msg, code: r2.code }).toEqual({ path, msg: r1.msg, code: r1.code });
    }
    expect((await t.database.db.select().from(smsMessages)).map((m) => m.msisdn)).toEqual([b.msisdn]);
  });

  it('never lists B’s messages; a console token cannot report on B’s message', async () => {
    const list = await t.call<{ rows: { MessageID: number }[] }>('POST', 'Sms/GetSmsList', {
      token: a.token,
      body: { PageIndex: 1, PageSize: 100 },
    });
    expect(list.data.rows.map((m) => m.MessageID)).not.toContain(b.messageId);
    // Sms/DeliveryReport takes a MessageID but answers only the gateway's token.
    const r = await t.call('POST', 'Sms/DeliveryReport', {
      token: a.token,
      body: { MessageID: b.messageId, State: 'failed', Error: 'taken over' },
    });
    expect(r.code).toBe(401);
    const [row] = await t.database.db.select().from(smsMessages).where(eq(smsMessages.id, b.messageId));
    expect(row).toMatchObject({ state: SmsState.Sent, error: '' });
  });

  it('lists the calls it covers', () => {
    expect(SMS_TENANCY_PATHS).toEqual(['Sms/SendSms', 'Sms/GetSmsList', 'Sms/ExportSmsList', 'Sms/DeliveryReport']);
  });
});
