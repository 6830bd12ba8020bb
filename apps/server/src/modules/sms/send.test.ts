import { smsBalances, smsMessages } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn, PayKind, SMS_RULES, SmsState, smsSegments } from '@lodestar/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import type { PaidOrder } from '../payments/types.ts';
import { simFactories } from '../work-orders/test-fixtures.ts';
import { SmsRepository } from './repository.ts';
import { SmsService } from './service.ts';

afterAll(stopTestServers);

const TOKEN = 'gateway-token-0123456789';
type SendReply = { Count: number; Segments: number; Balance: number; MessageIDs: number[] };

describe.each(dbTargets())('sending SMS to SIMs on $name PostgreSQL', (target) => {
  let t: TestApp;
  let hold: { id: number; path: string };
  let sender: { token: string; id: number };
  let numbers: string[];
  let otherNumber: string;

  const balanceOf = async (holdId: number) =>
    (await t.database.db.select().from(smsBalances).where(eq(smsBalances.holdId, holdId)))[0]?.balance ?? 0;
  const setBalance = async (holdId: number, balance: number) =>
    t.database.db
      .insert(smsBalances)
      .values({ holdId, balance })
      .onConflictDoUpdate({ target: smsBalances.holdId, set: { balance } });
  const messages = () => t.database.db.select().from(smsMessages).orderBy(asc(smsMessages.id));
  const send = (body: object, token = sender.token, lang = 'en') =>
    t.call<SendReply>('POST', 'Sms/SendSms', { token, body, lang });

  beforeAll(async () => {
    t = await startTestApp(target, { SMS_HTTP_TOKEN: TOKEN });
    const f = simFactories(t.database.db);
    hold = await t.buildHold('Fleet A');
    const child = await t.buildHold('Fleet A-1', hold);
    const other = await t.buildHold('Fleet B');
    const u = await t.buildUser(hold, [Fn.simSmsRecord]);
    sender = { token: u.token, id: u.id };
    const cat = await f.catalogue(hold);
    numbers = [(await f.sim(hold, cat)).msisdn, (await f.sim(child, cat)).msisdn, (await f.sim(hold, cat)).msisdn];
    otherNumber = (await f.sim(other, await f.catalogue(other))).msisdn;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.delete(smsMessages);
    await setBalance(hold.id, 100);
  });

  it('names the bad field: a number that is not a SIM number, an empty list, empty or long content', async () => {
    const bad = await send({ MSISDNs: [numbers[0], numbers[1], '12ab5'], Content: 'hello' });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('MSISDNs[2]');
    expect(bad.msg).toContain('is not a SIM number');
    const zh = await send({ MSISDNs: ['999'], Content: 'hello' }, sender.token, 'zh');
    expect(zh.msg).toContain('MSISDNs[0]');
    expect(zh.msg).toContain('不是SIM卡号码');
    const none = await send({ MSISDNs: [], Content: 'hello' });
    expect(none.code).toBe(400);
    expect(none.msg).toContain('MSISDNs');
    const empty = await send({ MSISDNs: [numbers[0]], Content: '   ' });
    expect(empty.code).toBe(400);
    expect(empty.msg).toContain('Content');
    const long = await send({ MSISDNs: [numbers[0]], Content: 'x'.repeat(SMS_RULES.maxLength + 1) });
    expect(long.code).toBe(400);
    expect(long.msg).toContain('Content');
    const many = await send({ MSISDNs: Array(SMS_RULES.maxTargets + 1).fill(numbers[0]), Content: 'x' });
    expect(many.code).toBe(400);
    expect(many.msg).toContain('MSISDNs');
    expect(await messages()).toEqual([]);
    expect(await balanceOf(hold.id)).toBe(100);
  });

  it('debits parts × numbers from the caller’s hold, writes a row per number and logs each message', async () => {
    const content = 'y'.repeat(200); // two GSM parts
    const segments = smsSegments(content);
    expect(segments).toBe(2);
    const logBefore = t.smsLog.length;
    // The same number twice (once with spaces) is sent once.
    const r = await send({
      MSISDNs: [...numbers, ` ${numbers[0]!.slice(0, 4)} ${numbers[0]!.slice(4)}`],
      Content: content,
    });
    expect(r.code).toBe(200);
    expect(r.data.Count).toBe(numbers.length);
    expect(r.data.Segments).toBe(segments * numbers.length);
    expect(r.data.Balance).toBe(100 - segments * numbers.length);
    expect(await balanceOf(hold.id)).toBe(r.data.Balance);
    const rows = await messages();
    expect(rows.map((m) => m.id)).toEqual(r.data.MessageIDs);
    expect(rows.map((m) => m.msisdn)).toEqual(numbers);
    expect(rows.every((m) => m.state === SmsState.Sent && m.segments === segments && m.holdId === hold.id)).toBe(true);
    expect(rows.every((m) => m.provider === 'local' && m.userId === sender.id && m.sentAt)).toBe(true);
    const lines = t.smsLog.slice(logBefore);
    expect(lines).toHaveLength(numbers.length);
    for (const [i, n] of numbers.entries()) {
      expect(lines[i]).toContain(n);
      expect(lines[i]).toContain('not delivered');
      expect(lines[i]).toContain(content);
    }
    // The login-code line the e2e tests parse is left as it was.
    expect(lines.some((l) => l.includes('SMS code for'))).toBe(false);
    const log = await t.database.pool.query("SELECT detail FROM operation_logs WHERE action = 'sendSms'");
    expect(log.rows.at(-1)?.detail).toContain(`Count ${numbers.length}`);
  });

  it('refuses when the balance is short, naming balance and need, and writes nothing', async () => {
    const content = '汉'.repeat(71); // two UCS-2 parts
    await setBalance(hold.id, 2 * numbers.length - 1);
    const r = await send({ MSISDNs: numbers, Content: content });
    expect(r.code).toBe(400);
    expect(r.msg).toContain('Not enough SMS balance');
    expect(r.msg).toContain(`${2 * numbers.length - 1} < ${2 * numbers.length}`);
    expect(await messages()).toEqual([]);
    expect(await balanceOf(hold.id)).toBe(2 * numbers.length - 1);
    // Exactly enough is enough.
    await setBalance(hold.id, 2 * numbers.length);
    const ok = await send({ MSISDNs: numbers, Content: content });
    expect(ok.code).toBe(200);
    expect(ok.data.Balance).toBe(0);
  });

  it('marks a message the provider refuses Failed and gives its parts back', async () => {
    const refused = numbers[1]!;
    const push = t.smsLog.push;
    // The local provider writes through this log: make it throw for one number.
    t.smsLog.push = function (this: string[], ...lines: string[]) {
      if (lines.some((l) => l.includes(refused))) throw new Error('gateway refused the number');
      return push.apply(this, lines);
    };
    try {
      const r = await send({ MSISDNs: numbers, Content: 'hello' });
      expect(r.code).toBe(200);
      expect(r.data.Count).toBe(numbers.length);
      expect(r.data.Segments).toBe(numbers.length - 1);
      expect(r.data.Balance).toBe(100 - (numbers.length - 1));
      expect(await balanceOf(hold.id)).toBe(r.data.Balance);
      const rows = await messages();
      const failed = rows.filter((m) => m.state === SmsState.Failed);
      expect(failed.map((m) => m.msisdn)).toEqual([refused]);
      expect(failed[0]!.error).toContain('gateway refused');
      expect(rows.filter((m) => m.state === SmsState.Sent)).toHaveLength(numbers.length - 1);
    } finally {
      t.smsLog.push = push;
    }
  });

  it("refuses another hold's number or an unknown one and writes nothing", async () => {
    for (const n of [otherNumber, '13999999999']) {
      const r = await send({ MSISDNs: [numbers[0], n], Content: 'hello' });
      expect({ code: r.code, errCode: r.errCode }).toEqual({ code: 403, errCode: ErrCode.OutsideHold });
    }
    expect(await messages()).toEqual([]);
    expect(await balanceOf(hold.id)).toBe(100);
  });

  it('takes delivery reports with the gateway token only, once', async () => {
    const r = await send({ MSISDNs: numbers.slice(0, 2), Content: 'hello' });
    const [first, second] = r.data.MessageIDs as [number, number];
    const report = (body: object, authorization?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/API/api/Sms/DeliveryReport?format=json&appid=lodestar',
        headers: authorization ? { authorization } : {},
        payload: body,
      });
    for (const auth of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, sender.token]) {
      const res = (await report({ MessageID: first, State: 'delivered' }, auth)).json();
      expect(res.code).toBe(401);
    }
    expect((await messages()).find((m) => m.id === first)!.state).toBe(SmsState.Sent);
    expect((await report({ MessageID: first, State: 'delivered' }, `Bearer ${TOKEN}`)).json().code).toBe(200);
    // A later contradicting report changes nothing.
    expect((await report({ MessageID: first, State: 'failed' }, `Bearer ${TOKEN}`)).json().code).toBe(200);
    expect((await report({ MessageID: second, State: 'failed', Error: 'absent' }, `Bearer ${TOKEN}`)).json().code).toBe(
      200,
    );
    const rows = await messages();
    expect(rows.find((m) => m.id === first)).toMatchObject({ state: SmsState.Delivered });
    expect(rows.find((m) => m.id === first)!.deliveredAt).not.toBeNull();
    expect(rows.find((m) => m.id === second)).toMatchObject({ state: SmsState.Failed, error: 'absent' });
    expect((await report({ MessageID: 999_999, State: 'failed' }, `Bearer ${TOKEN}`)).json().code).toBe(404);
    expect((await report({ State: 'failed' }, `Bearer ${TOKEN}`)).json().code).toBe(400);
  });

  it('credits a paid SMS pack to the payer hold in the paying transaction', async () => {
    const svc = new SmsService(new SmsRepository(t.database.db), {} as never, {} as never, {} as never, {} as never);
    const order: PaidOrder = {
      id: 1,
      orderNo: 'S1',
      kind: PayKind.SmsPack,
      holdId: hold.id,
      userId: sender.id,
      amountFen: 4500,
      smsPackId: 'sms500',
      smsCount: 500,
      vpoint: null,
      paidAt: new Date(),
    };
    await t.database.db.transaction((tx) => svc.fulfilPack(tx, order));
    expect(await balanceOf(hold.id)).toBe(600);
    // A hold without a balance row gets one.
    const fresh = await t.buildHold('Fresh');
    await t.database.db.transaction((tx) => svc.fulfilPack(tx, { ...order, holdId: fresh.id }));
    expect(await balanceOf(fresh.id)).toBe(500);
    // If the paying transaction rolls back, so does the credit.
    await expect(
      t.database.db.transaction(async (tx) => {
        await svc.fulfilPack(tx, order);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await balanceOf(hold.id)).toBe(600);
  });

  it('sells a pack through payments: the paid order credits its count once', async () => {
    const buyer = await t.buildUser(hold, [Fn.simSmsPayment]);
    const unknown = await t.call('POST', 'Sms/BuySmsPack', { token: buyer.token, body: { PackID: 'sms7', Method: 1 } });
    expect(unknown.code).toBe(400);
    expect(unknown.msg).toContain('PackID');
    const bought = await t.call<{ OrderID: number; Kind: number; AmountFen: number; Status: number; Sandbox: boolean }>(
      'POST',
      'Sms/BuySmsPack',
      { token: buyer.token, body: { PackID: 'sms500', Method: 2 } },
    );
    expect(bought.code).toBe(200);
    expect(bought.data).toMatchObject({ Kind: PayKind.SmsPack, AmountFen: 4500, Status: 0, Sandbox: true });
    expect(await balanceOf(hold.id)).toBe(100);
    for (let i = 0; i < 2; i++) {
      const paid = await t.call<{ Status: number }>('POST', 'Payment/SandboxPay', {
        token: buyer.token,
        body: { OrderID: bought.data.OrderID, Outcome: 'paid' },
      });
      if (i === 0) expect(paid.data.Status).toBe(1);
    }
    expect(await balanceOf(hold.id)).toBe(600);
  });

  it('answers the balance and the provider; packs need SMS payment', async () => {
    const r = await t.call<{ HoldID: number; HoldName: string; Balance: number; Provider: string }>(
      'POST',
      'Sms/GetSmsBalance',
      { token: sender.token, body: {} },
    );
    expect(r.data).toEqual({ HoldID: hold.id, HoldName: 'Fleet A', Balance: 100, Provider: 'local' });
    const packs = await t.call('POST', 'Sms/GetSmsPacks', { token: sender.token, body: {} });
    expect(packs.code).toBe(403);
  });

  it('fails and refunds messages a stopped server left queued, once, and leaves fresh ones alone', async () => {
    await setBalance(hold.id, 5);
    const base = { holdId: hold.id, content: 'x', provider: 'local', state: SmsState.Queued };
    await t.database.db.insert(smsMessages).values([
      { ...base, msisdn: numbers[0]!, segments: 2, createdAt: new Date(Date.now() - 2 * 3_600_000) },
      { ...base, msisdn: numbers[1]!, segments: 1, createdAt: new Date(Date.now() - 45 * 60_000) },
      { ...base, msisdn: numbers[2]!, segments: 3, createdAt: new Date(Date.now() - 60_000) },
    ]);
    const svc = new SmsService(new SmsRepository(t.database.db), {} as never, {} as never, {} as never, {} as never);
    expect(await svc.failInterrupted()).toBe(2);
    expect(await balanceOf(hold.id)).toBe(5 + 2 + 1);
    const rows = await messages();
    expect(rows.map((m) => [m.msisdn, m.state])).toEqual([
      [numbers[0], SmsState.Failed],
      [numbers[1], SmsState.Failed],
      [numbers[2], SmsState.Queued],
    ]);
    expect(rows[0]!.error).toContain('refunded');
    expect(await svc.failInterrupted()).toBe(0);
    expect(await balanceOf(hold.id)).toBe(8);
  });
});
