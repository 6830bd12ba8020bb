import { createCipheriv, createSign, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { PayMethod, PayStatus } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { buildRenewalHold, effects, eventsOf, type OrderView, postNotify } from '../renewal/test-fixtures.ts';
import { alipaySignContent } from './alipay.ts';

afterAll(stopTestServers);

const keyPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (k: KeyObject) => k.export({ format: 'pem', type: k.type === 'private' ? 'pkcs8' : 'spki' }).toString();
const rsaSign = (text: string, key: KeyObject) => createSign('RSA-SHA256').update(text).sign(key, 'base64');

/**
 * PAYMENT_PROVIDER=live end to end: the real Alipay and WeChat Pay clients talk HTTP to local
 * stand-ins for the providers, and the callbacks are signed with the stand-ins' keys exactly as
 * the providers sign theirs.
 */
describe.each(dbTargets())('live providers through the app on $name PostgreSQL', (target) => {
  const merchant = keyPair();
  const alipayKeys = keyPair();
  const platform = keyPair();
  const apiV3Key = randomBytes(16).toString('hex');
  let server: Server;
  /** Orders the Alipay stand-in was asked to close. */
  const closed: string[] = [];
  /** The notify_url each provider was given. */
  const notifyUrls = new Set<string>();
  let t: TestApp;
  let a: Awaited<ReturnType<typeof buildRenewalHold>>;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        if (req.url?.startsWith('/gateway.do')) {
          const form = new URLSearchParams(body);
          const biz = JSON.parse(form.get('biz_content')!);
          notifyUrls.add(form.get('notify_url')!);
          if (form.get('method') === 'alipay.trade.close') {
            closed.push(biz.out_trade_no);
            const content = JSON.stringify({ code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no });
            res.end(`{"alipay_trade_close_response":${content},"sign":"${rsaSign(content, alipayKeys.privateKey)}"}`);
            return;
          }
          const content = JSON.stringify({
            code: '10000',
            msg: 'Success',
            out_trade_no: biz.out_trade_no,
            qr_code: `https://qr.alipay.com/${biz.out_trade_no}`,
          });
          res.end(`{"alipay_trade_precreate_response":${content},"sign":"${rsaSign(content, alipayKeys.privateKey)}"}`);
        } else {
          const out = JSON.parse(body).out_trade_no;
          notifyUrls.add(JSON.parse(body).notify_url);
          const reply = JSON.stringify({ code_url: `weixin://wxpay/bizpayurl?pr=${out}` });
          const ts = String(Math.floor(Date.now() / 1000));
          const nonce = randomBytes(8).toString('hex');
          res.setHeader('wechatpay-timestamp', ts);
          res.setHeader('wechatpay-nonce', nonce);
          res.setHeader('wechatpay-signature', rsaSign(`${ts}\n${nonce}\n${reply}\n`, platform.privateKey));
          res.end(reply);
        }
      });
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await startTestApp(target, {
      PAYMENT_PROVIDER: 'live',
      PAYMENT_NOTIFY_BASE_URL: 'https://gps.example.com',
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_PRIVATE_KEY: pem(merchant.privateKey),
      ALIPAY_PUBLIC_KEY: pem(alipayKeys.publicKey),
      ALIPAY_GATEWAY: `${base}/gateway.do`,
      WECHATPAY_MCH_ID: '1900000109',
      WECHATPAY_APP_ID: 'wx0001',
      WECHATPAY_SERIAL_NO: 'SERIAL1',
      WECHATPAY_PRIVATE_KEY: pem(merchant.privateKey),
      WECHATPAY_PLATFORM_PUBLIC_KEY: pem(platform.publicKey),
      WECHATPAY_API_V3_KEY: apiV3Key,
      WECHATPAY_GATEWAY: base,
    });
    a = await buildRenewalHold(t, 'L');
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((ok) => server.close(() => ok()));
  });

  const call = <T>(path: string, body: unknown) => t.call<T>('POST', path, { token: a.user.token, body, lang: 'en' });

  it('an Alipay order: QR from the gateway, a signed notify pays it once, SandboxPay refused', async () => {
    const sim = a.sims.expiring;
    const before = await effects(t, [sim.id]);
    const order = (
      await call<OrderView>('Renewal/CreateOrder', { SimIDs: [sim.id], Periods: 1, Method: PayMethod.Alipay })
    ).data;
    expect(order).toMatchObject({
      Provider: 'alipay',
      Sandbox: false,
      PayUrl: `https://qr.alipay.com/${order.OrderNo}`,
    });
    expect((await call('Payment/SandboxPay', { OrderID: order.OrderID, Outcome: 'paid' })).code).toBe(400);

    const params: Record<string, string> = {
      app_id: '2021000000000001',
      out_trade_no: order.OrderNo,
      trade_no: '2026112200001',
      total_amount: (order.AmountFen / 100).toFixed(2),
      trade_status: 'TRADE_SUCCESS',
      notify_id: 'n-1',
    };
    params.sign = rsaSign(alipaySignContent(params, ['sign', 'sign_type']), alipayKeys.privateKey);
    params.sign_type = 'RSA2';
    const body = new URLSearchParams(params).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' };
    expect(await postNotify(t, 'alipay', body, headers)).toEqual({ status: 200, body: 'success' });
    expect(await postNotify(t, 'alipay', body, headers)).toEqual({ status: 200, body: 'success' });
    // The same notify signed by someone else is refused.
    const forged = new URLSearchParams({ ...params, sign: rsaSign('x', merchant.privateKey) }).toString();
    expect((await postNotify(t, 'alipay', forged, headers)).body).toBe('fail');

    const after = await effects(t, [sim.id]);
    expect(after.renewals.length - before.renewals.length).toBe(1);
    expect(after.history.length - before.history.length).toBe(1);
    const read = await call<OrderView>('Payment/GetOrder', { OrderID: order.OrderID });
    expect(read.data.Status).toBe(PayStatus.Paid);
    expect((await eventsOf(t, order.OrderID)).map((e) => e.outcome)).toEqual(['applied', 'duplicate']);
  });

  it('closing an Alipay order closes it at Alipay too; Alipay’s TRADE_CLOSED then agrees, a payment is refused', async () => {
    const sim = a.sims.unicomSim;
    const before = await effects(t, [sim.id]);
    const order = (
      await call<OrderView>('Renewal/CreateOrder', { SimIDs: [sim.id], Periods: 1, Method: PayMethod.Alipay })
    ).data;
    const done = await call<OrderView>('Payment/CloseOrder', { OrderID: order.OrderID });
    expect(done.data.Status).toBe(PayStatus.Closed);
    expect(closed).toEqual([order.OrderNo]);
    const notify = (status: string) => {
      const params: Record<string, string> = {
        app_id: '2021000000000001',
        out_trade_no: order.OrderNo,
        total_amount: (order.AmountFen / 100).toFixed(2),
        trade_status: status,
      };
      params.sign = rsaSign(alipaySignContent(params, ['sign', 'sign_type']), alipayKeys.privateKey);
      return new URLSearchParams(params).toString();
    };
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await postNotify(t, 'alipay', notify('TRADE_CLOSED'), form, true)).body).toBe('success');
    expect((await postNotify(t, 'alipay', notify('TRADE_SUCCESS'), form, true)).body).toBe('fail');
    expect(await effects(t, [sim.id])).toEqual(before);
    expect((await eventsOf(t, order.OrderID)).map((e) => [e.event, e.outcome])).toEqual([
      ['close', 'applied'],
      ['notify', 'duplicate'],
      ['notify', 'rejected'],
    ]);
  });

  it('a callback for a provider this server does not run is answered 404', async () => {
    const sandboxOnly = await startTestApp(target);
    try {
      const r = await postNotify(sandboxOnly, 'wechatpay', '{}', { 'content-type': 'application/json' }, true);
      expect(r.status).toBe(404);
    } finally {
      await sandboxOnly.close();
    }
  });

  it('a WeChat Pay order: code_url from the API, an encrypted, signed callback pays it once', async () => {
    const sim = a.sims.expired;
    const before = await effects(t, [sim.id]);
    const order = (
      await call<OrderView>('Renewal/CreateOrder', { SimIDs: [sim.id], Periods: 2, Method: PayMethod.WechatPay })
    ).data;
    expect(order).toMatchObject({ Provider: 'wechatpay', PayUrl: `weixin://wxpay/bizpayurl?pr=${order.OrderNo}` });

    const plain = JSON.stringify({
      mchid: '1900000109',
      out_trade_no: order.OrderNo,
      transaction_id: '42000001',
      trade_state: 'SUCCESS',
      amount: { total: order.AmountFen },
    });
    const nonce = randomBytes(6).toString('hex');
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
    cipher.setAAD(Buffer.from('transaction'));
    const ciphertext = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]).toString('base64');
    const body = JSON.stringify({
      id: 'EV-9',
      event_type: 'TRANSACTION.SUCCESS',
      resource: { algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: 'transaction', nonce },
    });
    const ts = String(Math.floor(Date.now() / 1000));
    const headerNonce = randomBytes(8).toString('hex');
    const headers = {
      'content-type': 'application/json',
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': headerNonce,
      'wechatpay-serial': 'P1',
      'wechatpay-signature': rsaSign(`${ts}\n${headerNonce}\n${body}\n`, platform.privateKey),
    };
    // Posted where WeChat Pay is told to call: no query string (WeChat Pay allows none), no appid.
    expect(await postNotify(t, 'wechatpay', body, headers, true)).toEqual({ status: 200, body: '{"code":"SUCCESS"}' });
    expect((await postNotify(t, 'wechatpay', body, headers)).status).toBe(200);
    const tampered = await postNotify(t, 'wechatpay', body.replace('EV-9', 'EV-0'), headers);
    expect(tampered.status).toBe(500);

    const after = await effects(t, [sim.id]);
    expect(after.renewals.length - before.renewals.length).toBe(1);
    expect((await eventsOf(t, order.OrderID)).map((e) => e.outcome)).toEqual(['applied', 'duplicate']);
  });

  it('gives each provider the notify address under PAYMENT_NOTIFY_BASE_URL, with no query string', () => {
    expect([...notifyUrls].sort()).toEqual([
      'https://gps.example.com/payment-notify/alipay',
      'https://gps.example.com/payment-notify/wechatpay',
    ]);
  });
});
