import { createDecipheriv, createSign, createVerify, type KeyObject, randomBytes } from 'node:crypto';
import type { WechatPaySettings } from '../../config.ts';
import {
  type CreatedOrder,
  header,
  type IncomingNotify,
  type NotifyAck,
  NotifyRejected,
  type NotifyResult,
  type PaymentProvider,
  ProviderError,
  type ProviderOrder,
  post,
  privateKeyOf,
  publicKeyOf,
} from './provider.ts';

export const NATIVE_PATH = '/v3/pay/transactions/native';
/** Callbacks older than this (by their Wechatpay-Timestamp) are refused as replays. */
const MAX_SKEW_SECONDS = 300;

/** `WECHATPAY2-SHA256-RSA2048` request signature message: method, path, time, nonce, body, each + \n. */
export const wechatRequestMessage = (method: string, path: string, timestamp: string, nonce: string, body: string) =>
  `${method}\n${path}\n${timestamp}\n${nonce}\n${body}\n`;

/** The message WeChat Pay signs on replies and callbacks. */
export const wechatResponseMessage = (timestamp: string, nonce: string, body: string) =>
  `${timestamp}\n${nonce}\n${body}\n`;

/** AEAD_AES_256_GCM as WeChat Pay uses it: the last 16 bytes of the ciphertext are the tag. */
export function decryptResource(
  apiV3Key: string,
  r: { ciphertext: string; nonce: string; associated_data?: string | undefined },
): string {
  const data = Buffer.from(r.ciphertext, 'base64');
  if (data.length < 17) throw new NotifyRejected('resource ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(r.nonce));
  decipher.setAuthTag(data.subarray(data.length - 16));
  if (r.associated_data) decipher.setAAD(Buffer.from(r.associated_data));
  try {
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    throw new NotifyRejected('resource does not decrypt with the API v3 key');
  }
}

/**
 * WeChat Pay API v3 Native (method 2 with PAYMENT_PROVIDER=live): the order gives the code_url the
 * payer scans. Requests carry `Authorization: WECHATPAY2-SHA256-RSA2048 mchid, serial_no, nonce_str,
 * timestamp, signature`; replies and callbacks are verified with the platform public key, and the
 * callback's resource decrypted with the API v3 key.
 */
export class WechatPayProvider implements PaymentProvider {
  readonly name = 'wechatpay' as const;
  readonly sandbox = false;
  private readonly privateKey: KeyObject;
  private readonly platformKey: KeyObject;

  constructor(
    private readonly settings: WechatPaySettings,
    private readonly notifyUrl: string,
    private readonly now: () => number = Date.now,
  ) {
    this.privateKey = privateKeyOf(settings.privateKey);
    this.platformKey = publicKeyOf(settings.platformPublicKey);
  }

  authorization(method: string, path: string, body: string): string {
    const timestamp = String(Math.floor(this.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256')
      .update(wechatRequestMessage(method, path, timestamp, nonce, body))
      .sign(this.privateKey, 'base64');
    const s = this.settings;
    return (
      `WECHATPAY2-SHA256-RSA2048 mchid="${s.mchId}",nonce_str="${nonce}",signature="${signature}",` +
      `timestamp="${timestamp}",serial_no="${s.serialNo}"`
    );
  }

  private verifySigned(h: IncomingNotify['headers'], body: string): boolean {
    const timestamp = header(h, 'wechatpay-timestamp');
    const nonce = header(h, 'wechatpay-nonce');
    const signature = header(h, 'wechatpay-signature');
    if (!timestamp || !nonce || !signature) return false;
    if (Math.abs(this.now() / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) return false;
    try {
      return createVerify('RSA-SHA256')
        .update(wechatResponseMessage(timestamp, nonce, body))
        .verify(this.platformKey, signature, 'base64');
    } catch {
      return false;
    }
  }

  async create(order: ProviderOrder): Promise<CreatedOrder> {
    const s = this.settings;
    const body = JSON.stringify({
      appid: s.appId,
      mchid: s.mchId,
      description: order.subject.slice(0, 127),
      out_trade_no: order.orderNo,
      time_expire: order.payBefore.toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      notify_url: this.notifyUrl,
      amount: { total: order.amountFen, currency: 'CNY' },
    });
    const res = await post(`${s.gateway}${NATIVE_PATH}`, body, {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: this.authorization('POST', NATIVE_PATH, body),
    });
    const headers = Object.fromEntries(res.headers.entries());
    let reply: { code_url?: string; code?: string; message?: string };
    try {
      reply = JSON.parse(res.text) as typeof reply;
    } catch {
      throw new ProviderError(`WeChat Pay answered HTTP ${res.status} with no JSON`);
    }
    if (res.status !== 200 || !reply.code_url)
      throw new ProviderError(
        `WeChat Pay refused the order: ${reply.code ?? res.status} ${reply.message ?? ''}`.trim(),
      );
    if (!this.verifySigned(headers, res.text)) throw new ProviderError("WeChat Pay's reply signature does not verify");
    return { payUrl: reply.code_url };
  }

  async close(orderNo: string): Promise<void> {
    const s = this.settings;
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`;
    const body = JSON.stringify({ mchid: s.mchId });
    const res = await post(`${s.gateway}${path}`, body, {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: this.authorization('POST', path, body),
    });
    // 204: closed. An order nobody scanned is closed as well (WeChat Pay knows it from the Native call).
    if (res.status === 204 || res.status === 200) return;
    let reply: { code?: string; message?: string } = {};
    try {
      reply = JSON.parse(res.text) as typeof reply;
    } catch {
      // no JSON: the status says enough
    }
    throw new ProviderError(
      `WeChat Pay refused to close the order: ${reply.code ?? res.status} ${reply.message ?? ''}`.trim(),
    );
  }

  verifyNotify(notify: IncomingNotify): NotifyResult {
    if (!this.verifySigned(notify.headers, notify.rawBody))
      throw new NotifyRejected('Wechatpay-Signature does not verify (or the timestamp is stale)');
    let body: {
      event_type?: string;
      resource?: { algorithm?: string; ciphertext: string; nonce: string; associated_data?: string };
    };
    try {
      body = JSON.parse(notify.rawBody) as typeof body;
    } catch {
      throw new NotifyRejected('WeChat Pay notify is not JSON');
    }
    if (body.resource?.algorithm !== 'AEAD_AES_256_GCM')
      throw new NotifyRejected('WeChat Pay notify without an AEAD_AES_256_GCM resource');
    const plain = JSON.parse(decryptResource(this.settings.apiV3Key, body.resource)) as {
      out_trade_no?: string;
      transaction_id?: string;
      trade_state?: string;
      trade_state_desc?: string;
      mchid?: string;
      amount?: { total?: number };
    };
    if (!plain.out_trade_no) throw new NotifyRejected('WeChat Pay resource without out_trade_no');
    if (plain.mchid && plain.mchid !== this.settings.mchId)
      throw new NotifyRejected(`mchid ${plain.mchid} is not ours`);
    const state = plain.trade_state;
    const outcome = state === 'SUCCESS' ? 'paid' : state === 'PAYERROR' || state === 'CLOSED' ? 'failed' : 'ignored';
    return {
      orderNo: plain.out_trade_no,
      outcome,
      amountFen: plain.amount?.total,
      providerTradeNo: plain.transaction_id,
      reason: outcome === 'failed' ? `WeChat Pay: ${state} ${plain.trade_state_desc ?? ''}`.trim() : undefined,
    };
  }

  ack(ok: boolean, message = ''): NotifyAck {
    return {
      status: ok ? 200 : 500,
      contentType: 'application/json',
      body: JSON.stringify(ok ? { code: 'SUCCESS' } : { code: 'FAIL', message: message || 'FAIL' }),
    };
  }
}
