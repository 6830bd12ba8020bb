import {
  createCipheriv,
  createSign,
  createVerify,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { AlipayProvider, alipaySignContent } from './alipay.ts';
import { NotifyRejected, ProviderError } from './provider.ts';
import { SandboxProvider } from './sandbox.ts';
import { NATIVE_PATH, WechatPayProvider } from './wechatpay.ts';

const keyPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (k: KeyObject) => k.export({ format: 'pem', type: k.type === 'private' ? 'pkcs8' : 'spki' }).toString();
/** The bare base64 body Alipay's key tool writes (no PEM armour). */
const bare = (k: KeyObject) =>
  k.export({ format: 'der', type: k.type === 'private' ? 'pkcs8' : 'spki' }).toString('base64');
const rsaSign = (text: string, key: KeyObject) => createSign('RSA-SHA256').update(text).sign(key, 'base64');
const rsaVerify = (text: string, sig: string, key: KeyObject) =>
  createVerify('RSA-SHA256').update(text).verify(key, sig, 'base64');

/** A real HTTP server standing in for the provider; each test sets how it answers. */
function standIn() {
  const seen: { headers: IncomingMessage['headers']; body: string; url: string }[] = [];
  let handler: (req: { headers: IncomingMessage['headers']; body: string; url: string }, res: ServerResponse) => void =
    (_r, res) => res.end();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const r = { headers: req.headers, body, url: req.url ?? '' };
      seen.push(r);
      handler(r, res);
    });
  });
  return {
    seen,
    server,
    set: (h: typeof handler) => {
      handler = h;
    },
    async start() {
      await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    stop: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

const order = () => ({
  orderNo: `R${Date.now()}${randomBytes(3).toString('hex')}`,
  amountFen: 1234,
  subject: 'SIM renewal',
  payBefore: new Date(Date.now() + 14 * 60_000),
});

describe('Alipay client (alipay.trade.precreate, RSA2)', () => {
  const app = keyPair();
  const alipay = keyPair();
  const gateway = standIn();
  let provider: AlipayProvider;

  beforeAll(async () => {
    const url = `${await gateway.start()}/gateway.do`;
    provider = new AlipayProvider(
      { appId: '2021000000000001', privateKey: bare(app.privateKey), publicKey: bare(alipay.publicKey), gateway: url },
      'https://gps.example.com/payment-notify/alipay',
    );
  });
  afterAll(() => gateway.stop());

  const answer = (content: object, sign = true) => {
    const text = JSON.stringify(content);
    const s = sign ? rsaSign(text, alipay.privateKey) : 'bogus';
    return `{"alipay_trade_precreate_response":${text},"sign":"${s}"}`;
  };

  it('signs the sorted parameters with the app key and reads the verified QR code', async () => {
    gateway.set((req, res) => {
      res.setHeader('content-type', 'application/json;charset=utf-8');
      const biz = JSON.parse(new URLSearchParams(req.body).get('biz_content')!);
      res.end(
        answer({
          code: '10000',
          msg: 'Success',
          out_trade_no: biz.out_trade_no,
          qr_code: 'https://qr.alipay.com/bax1',
        }),
      );
    });
    const o = order();
    const created = await provider.create(o);
    expect(created.payUrl).toBe('https://qr.alipay.com/bax1');

    const req = gateway.seen.at(-1)!;
    expect(req.headers['content-type']).toContain('application/x-www-form-urlencoded');
    const params = Object.fromEntries(new URLSearchParams(req.body)) as Record<string, string>;
    expect(params).toMatchObject({
      app_id: '2021000000000001',
      method: 'alipay.trade.precreate',
      sign_type: 'RSA2',
      charset: 'utf-8',
      version: '1.0',
      notify_url: 'https://gps.example.com/payment-notify/alipay',
    });
    expect(JSON.parse(params.biz_content!)).toMatchObject({ out_trade_no: o.orderNo, total_amount: '12.34' });
    // The request's signature verifies with the app's public key over the sorted k=v string…
    const signed = Object.keys(params)
      .filter((k) => k !== 'sign')
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    expect(rsaVerify(signed, params.sign!, app.publicKey)).toBe(true);
    // …and not with any other key.
    expect(rsaVerify(signed, params.sign!, alipay.publicKey)).toBe(false);
  });

  it("refuses a reply whose signature is not Alipay's, and names Alipay's refusal", async () => {
    gateway.set((_req, res) =>
      res.end(answer({ code: '10000', msg: 'Success', qr_code: 'https://qr.alipay.com/x' }, false)),
    );
    await expect(provider.create(order())).rejects.toThrow(ProviderError);
    gateway.set((_req, res) =>
      res.end(
        answer({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_HAS_CLOSE', sub_msg: '交易已经关闭' }),
      ),
    );
    await expect(provider.create(order())).rejects.toThrow(/40004 交易已经关闭/);
  });

  it('closes an order with alipay.trade.close; an order never scanned is fine, a paid one is refused', async () => {
    const closeAnswer = (content: object) => {
      const text = JSON.stringify(content);
      return `{"alipay_trade_close_response":${text},"sign":"${rsaSign(text, alipay.privateKey)}"}`;
    };
    gateway.set((req, res) => {
      const biz = JSON.parse(new URLSearchParams(req.body).get('biz_content')!);
      res.end(closeAnswer({ code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no }));
    });
    await provider.close('R100');
    const params = Object.fromEntries(new URLSearchParams(gateway.seen.at(-1)!.body)) as Record<string, string>;
    expect([params.method, JSON.parse(params.biz_content!).out_trade_no]).toEqual(['alipay.trade.close', 'R100']);
    expect(rsaVerify(alipaySignContent(params), params.sign!, app.publicKey)).toBe(true);
    gateway.set((_req, res) =>
      res.end(
        closeAnswer({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' }),
      ),
    );
    await provider.close('R101');
    gateway.set((_req, res) =>
      res.end(
        closeAnswer({
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.TRADE_STATUS_ERROR',
          sub_msg: '交易状态不合法',
        }),
      ),
    );
    await expect(provider.close('R102')).rejects.toThrow(/交易状态不合法/);
  });

  it('verifies async notifies with Alipay’s public key and reads the trade status', () => {
    const notify = (fields: Record<string, string>, key = alipay.privateKey) => {
      const params: Record<string, string> = {
        notify_id: 'n1',
        app_id: '2021000000000001',
        out_trade_no: 'R1',
        trade_no: '2026112222001',
        total_amount: '12.34',
        trade_status: 'TRADE_SUCCESS',
        ...fields,
      };
      params.sign = rsaSign(alipaySignContent(params, ['sign', 'sign_type']), key);
      params.sign_type = 'RSA2';
      return {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        rawBody: new URLSearchParams(params).toString(),
      };
    };
    expect(provider.verifyNotify(notify({}))).toMatchObject({
      orderNo: 'R1',
      outcome: 'paid',
      amountFen: 1234,
      providerTradeNo: '2026112222001',
    });
    expect(provider.verifyNotify(notify({ trade_status: 'TRADE_FINISHED' })).outcome).toBe('paid');
    expect(provider.verifyNotify(notify({ trade_status: 'TRADE_CLOSED' })).outcome).toBe('failed');
    expect(provider.verifyNotify(notify({ trade_status: 'WAIT_BUYER_PAY' })).outcome).toBe('ignored');
    // Signed by someone else, or altered after signing.
    expect(() => provider.verifyNotify(notify({}, app.privateKey))).toThrow(NotifyRejected);
    const good = notify({});
    expect(() =>
      provider.verifyNotify({ ...good, rawBody: good.rawBody.replace('total_amount=12.34', 'total_amount=0.01') }),
    ).toThrow(NotifyRejected);
    expect(() => provider.verifyNotify(notify({ app_id: '2099' }))).toThrow(/app_id/);
    expect(provider.ack(true).body).toBe('success');
  });
});

describe('WeChat Pay client (API v3 Native, WECHATPAY2-SHA256-RSA2048)', () => {
  const merchant = keyPair();
  const platform = keyPair();
  const apiV3Key = randomBytes(16).toString('hex');
  const endpoint = standIn();
  let provider: WechatPayProvider;

  beforeAll(async () => {
    provider = new WechatPayProvider(
      {
        mchId: '1900000109',
        appId: 'wxd678efh567hg6787',
        serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
        privateKey: pem(merchant.privateKey),
        platformPublicKey: pem(platform.publicKey),
        apiV3Key,
        gateway: await endpoint.start(),
      },
      'https://gps.example.com/API/api/Payment/Notify/wechatpay',
    );
  });
  afterAll(() => endpoint.stop());

  const signedHeaders = (body: string, key = platform.privateKey, timestamp = Math.floor(Date.now() / 1000)) => {
    const nonce = randomBytes(16).toString('hex');
    return {
      'wechatpay-timestamp': String(timestamp),
      'wechatpay-nonce': nonce,
      'wechatpay-serial': 'PLATFORM1',
      'wechatpay-signature': rsaSign(`${timestamp}\n${nonce}\n${body}\n`, key),
    };
  };

  it('signs the request (mchid, serial, nonce, timestamp, signature) and reads the verified code_url', async () => {
    endpoint.set((_req, res) => {
      const body = JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=abc' });
      for (const [k, v] of Object.entries(signedHeaders(body))) res.setHeader(k, v);
      res.setHeader('content-type', 'application/json');
      res.end(body);
    });
    const o = order();
    expect((await provider.create(o)).payUrl).toBe('weixin://wxpay/bizpayurl?pr=abc');

    const req = endpoint.seen.at(-1)!;
    expect(req.url).toBe(NATIVE_PATH);
    expect(JSON.parse(req.body)).toMatchObject({
      appid: 'wxd678efh567hg6787',
      mchid: '1900000109',
      out_trade_no: o.orderNo,
      notify_url: 'https://gps.example.com/API/api/Payment/Notify/wechatpay',
      amount: { total: 1234, currency: 'CNY' },
    });
    const auth = req.headers.authorization!;
    expect(auth.startsWith('WECHATPAY2-SHA256-RSA2048 ')).toBe(true);
    const fields = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    expect(fields).toMatchObject({ mchid: '1900000109', serial_no: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1' });
    expect(Math.abs(Number(fields.timestamp) - Date.now() / 1000)).toBeLessThan(60);
    const message = `POST\n${NATIVE_PATH}\n${fields.timestamp}\n${fields.nonce_str}\n${req.body}\n`;
    expect(rsaVerify(message, fields.signature!, merchant.publicKey)).toBe(true);
    expect(rsaVerify(message.replace('1234', '1'), fields.signature!, merchant.publicKey)).toBe(false);
  });

  it('refuses a reply not signed by the platform key, and names WeChat Pay’s refusal', async () => {
    endpoint.set((_req, res) => {
      const body = JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=evil' });
      for (const [k, v] of Object.entries(signedHeaders(body, merchant.privateKey))) res.setHeader(k, v);
      res.end(body);
    });
    await expect(provider.create(order())).rejects.toThrow(/signature/);
    endpoint.set((_req, res) => {
      res.statusCode = 400;
      res.end(JSON.stringify({ code: 'PARAM_ERROR', message: '参数错误' }));
    });
    await expect(provider.create(order())).rejects.toThrow(/PARAM_ERROR 参数错误/);
  });

  it('closes an order (signed POST …/out-trade-no/{no}/close, 204); a refusal is named', async () => {
    endpoint.set((_req, res) => {
      res.statusCode = 204;
      res.end();
    });
    await provider.close('R200');
    const req = endpoint.seen.at(-1)!;
    expect(req.url).toBe('/v3/pay/transactions/out-trade-no/R200/close');
    expect(JSON.parse(req.body)).toEqual({ mchid: '1900000109' });
    const fields = Object.fromEntries(
      [...req.headers.authorization!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    const message = `POST\n${req.url}\n${fields.timestamp}\n${fields.nonce_str}\n${req.body}\n`;
    expect(rsaVerify(message, fields.signature!, merchant.publicKey)).toBe(true);
    endpoint.set((_req, res) => {
      res.statusCode = 400;
      res.end(JSON.stringify({ code: 'ORDERPAID', message: '订单已支付' }));
    });
    await expect(provider.close('R201')).rejects.toThrow(/ORDERPAID/);
  });

  it('verifies the callback signature and decrypts the resource with the API v3 key (AEAD_AES_256_GCM)', () => {
    const callback = (
      state: string,
      opts: { key?: string; signer?: KeyObject; timestamp?: number; amount?: number } = {},
    ) => {
      const plain = JSON.stringify({
        mchid: '1900000109',
        out_trade_no: 'R2',
        transaction_id: '4200000001',
        trade_state: state,
        amount: { total: opts.amount ?? 1234, payer_total: opts.amount ?? 1234 },
      });
      const nonce = randomBytes(6).toString('hex');
      const cipher = createCipheriv('aes-256-gcm', Buffer.from(opts.key ?? apiV3Key), Buffer.from(nonce));
      cipher.setAAD(Buffer.from('transaction'));
      const ciphertext = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]).toString('base64');
      const rawBody = JSON.stringify({
        id: 'EV-1',
        event_type: 'TRANSACTION.SUCCESS',
        resource_type: 'encrypt-resource',
        resource: {
          algorithm: 'AEAD_AES_256_GCM',
          ciphertext,
          associated_data: 'transaction',
          nonce,
          original_type: 'transaction',
        },
      });
      return { headers: signedHeaders(rawBody, opts.signer, opts.timestamp), rawBody };
    };
    expect(provider.verifyNotify(callback('SUCCESS'))).toMatchObject({
      orderNo: 'R2',
      outcome: 'paid',
      amountFen: 1234,
      providerTradeNo: '4200000001',
    });
    expect(provider.verifyNotify(callback('PAYERROR')).outcome).toBe('failed');
    expect(provider.verifyNotify(callback('NOTPAY')).outcome).toBe('ignored');
    expect(() => provider.verifyNotify(callback('SUCCESS', { signer: merchant.privateKey }))).toThrow(NotifyRejected);
    expect(() =>
      provider.verifyNotify(callback('SUCCESS', { timestamp: Math.floor(Date.now() / 1000) - 3600 })),
    ).toThrow(NotifyRejected);
    expect(() => provider.verifyNotify(callback('SUCCESS', { key: 'k'.repeat(32) }))).toThrow(/decrypt/);
    const good = callback('SUCCESS');
    expect(() => provider.verifyNotify({ ...good, rawBody: good.rawBody.replace('EV-1', 'EV-2') })).toThrow(
      NotifyRejected,
    );
  });
});

describe('sandbox provider and settings', () => {
  it('signs callbacks with its secret: another secret or an altered body does not verify', () => {
    const sandbox = new SandboxProvider('s3cret');
    const cb = sandbox.callback({ orderNo: 'R9', amountFen: 500 }, 'paid');
    expect(sandbox.verifyNotify(cb)).toMatchObject({ orderNo: 'R9', outcome: 'paid', amountFen: 500 });
    expect(() => new SandboxProvider('other').verifyNotify(cb)).toThrow(NotifyRejected);
    expect(() => sandbox.verifyNotify({ ...cb, rawBody: cb.rawBody.replace('500', '5') })).toThrow(NotifyRejected);
  });

  it('PAYMENT_PROVIDER=live refuses to start without its settings and names them', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'live', ALIPAY_APP_ID: '1' })).toThrow(
      /PAYMENT_NOTIFY_BASE_URL.*ALIPAY_PRIVATE_KEY.*WECHATPAY_API_V3_KEY/,
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/sandbox.*live/);
    expect(loadConfig({}).payment.provider).toBe('sandbox');
  });
});
