import { paymentEvents } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

afterAll(stopTestServers);

/**
 * Issue #14 item 13: the payment callbacks are public, so what a stranger sends is limited before it is read
 * and never stored unless the provider's signature verifies (300 forged bodies once made 6.5 MB of rows).
 */
describe.each(dbTargets())('payment callbacks from strangers on $name PostgreSQL', (target) => {
  let t: TestApp;
  const stored = async () => (await t.database.db.select({ n: count() }).from(paymentEvents))[0]!.n;
  const forged = (body: string, remoteAddress = '198.51.100.1') =>
    t.app.inject({
      method: 'POST',
      url: '/payment-notify/sandbox',
      remoteAddress,
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': 'ab'.repeat(32) },
      payload: body,
    });

  beforeAll(async () => {
    t = await startTestApp(target, { PAYMENT_NOTIFY_LIMIT_PER_ADDRESS: '5', PAYMENT_NOTIFY_MAX_KB: '8' });
  });
  afterAll(() => t.close());

  it('stores no callback whose signature does not verify', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await forged(
        JSON.stringify({ OrderNo: `X${i}`, Outcome: 'paid', Pad: 'x'.repeat(4000) }),
        '198.51.100.2',
      );
      expect(r.statusCode).toBe(400);
    }
    expect(await stored()).toBe(0);
  });

  it('answers a body larger than PAYMENT_NOTIFY_MAX_KB with 413, storing nothing', async () => {
    const r = await forged(
      JSON.stringify({ OrderNo: 'X', Outcome: 'paid', Pad: 'x'.repeat(9 * 1024) }),
      '198.51.100.3',
    );
    expect(r.statusCode).toBe(413);
    expect(await stored()).toBe(0);
  });

  it('answers 429 past PAYMENT_NOTIFY_LIMIT_PER_ADDRESS callbacks a minute from one address, others unaffected', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await forged('{}')).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 400, 429, 429]);
    expect((await forged('{}', '198.51.100.9')).statusCode).toBe(400);
    expect(await stored()).toBe(0);
  });
});
