import { createSign, createVerify, type KeyObject } from 'node:crypto';
import type { AlipaySettings } from '../../config.ts';
import { formatInZone } from '../../lib/time.ts';
import {
  type CreatedOrder,
  fenOf,
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
  yuanText,
} from './provider.ts';

interface AlipayReply {
  code?: string;
  msg?: string;
  sub_code?: string;
  sub_msg?: string;
  qr_code?: string;
}

/** Alipay's string to sign: every non-empty parameter but the signature, sorted by name, k=v joined with &. */
export function alipaySignContent(params: Record<string, string | undefined>, exclude = ['sign']): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export const rsa2Sign = (content: string, key: KeyObject) =>
  createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');

export const rsa2Verify = (content: string, signature: string, key: KeyObject) => {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
};

/**
 * The signed part of an Alipay reply: the raw JSON text of `<method>_response` exactly as sent
 * (re-serialising would change it), found by walking the braces.
 */
export function alipayResponseContent(text: string, responseKey: string): string | undefined {
  const at = text.indexOf(`"${responseKey}"`);
  if (at < 0) return undefined;
  const start = text.indexOf('{', at + responseKey.length + 2);
  if (start < 0) return undefined;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return undefined;
}

/**
 * Alipay open platform (method 1 with PAYMENT_PROVIDER=live): `alipay.trade.precreate` gives the QR
 * code the payer scans; requests are RSA2 (SHA256withRSA) signed with the app's private key, replies
 * and async notifies verified with Alipay's public key.
 */
export class AlipayProvider implements PaymentProvider {
  readonly name = 'alipay' as const;
  readonly sandbox = false;
  private readonly privateKey: KeyObject;
  private readonly alipayKey: KeyObject;

  constructor(
    private readonly settings: AlipaySettings,
    private readonly notifyUrl: string,
  ) {
    this.privateKey = privateKeyOf(settings.privateKey);
    this.alipayKey = publicKeyOf(settings.publicKey);
  }

  /** The signed form of one API call. */
  signedParams(method: string, bizContent: Record<string, unknown>): Record<string, string> {
    const params: Record<string, string> = {
      app_id: this.settings.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      // Alipay reads the timestamp as Beijing time.
      timestamp: formatInZone(new Date(), 'Asia/Shanghai'),
      version: '1.0',
      notify_url: this.notifyUrl,
      biz_content: JSON.stringify(bizContent),
    };
    params.sign = rsa2Sign(alipaySignContent(params), this.privateKey);
    return params;
  }

  /** One API call: signed request, the reply's `<method>_response` read and, when successful, verified. */
  private async call(method: string, bizContent: Record<string, unknown>): Promise<AlipayReply> {
    const params = this.signedParams(method, bizContent);
    const res = await post(this.settings.gateway, new URLSearchParams(params).toString(), {
      'content-type': 'application/x-www-form-urlencoded;charset=utf-8',
    });
    const key = `${method.replace(/\./g, '_')}_response`;
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(res.text) as Record<string, unknown>;
    } catch {
      throw new ProviderError(`Alipay answered HTTP ${res.status} with no JSON`);
    }
    const reply = parsed[key] as AlipayReply | undefined;
    if (!reply) throw new ProviderError(`Alipay answered HTTP ${res.status} without ${key}`);
    const content = alipayResponseContent(res.text, key);
    const sign = typeof parsed.sign === 'string' ? parsed.sign : '';
    // Alipay signs successful replies; an error reply may come unsigned and is an error anyway.
    if (reply.code === '10000' && (!content || !rsa2Verify(content, sign, this.alipayKey)))
      throw new ProviderError("Alipay's reply signature does not verify");
    return reply;
  }

  async create(order: ProviderOrder): Promise<CreatedOrder> {
    const minutes = Math.max(1, Math.floor((order.payBefore.getTime() - Date.now()) / 60_000));
    const reply = await this.call('alipay.trade.precreate', {
      out_trade_no: order.orderNo,
      total_amount: yuanText(order.amountFen),
      subject: order.subject,
      timeout_express: `${minutes}m`,
    });
    if (reply.code !== '10000' || !reply.qr_code)
      throw new ProviderError(
        `Alipay refused the order: ${reply.code ?? ''} ${reply.sub_msg ?? reply.msg ?? ''}`.trim(),
      );
    return { payUrl: reply.qr_code };
  }

  async close(orderNo: string): Promise<void> {
    const reply = await this.call('alipay.trade.close', { out_trade_no: orderNo });
    // An order nobody scanned does not exist at Alipay yet: nothing to close there.
    if (reply.code === '10000' || reply.sub_code === 'ACQ.TRADE_NOT_EXIST') return;
    throw new ProviderError(
      `Alipay refused to close the order: ${reply.code ?? ''} ${reply.sub_msg ?? reply.msg ?? ''}`.trim(),
    );
  }

  verifyNotify(notify: IncomingNotify): NotifyResult {
    const params = Object.fromEntries(new URLSearchParams(notify.rawBody)) as Record<string, string>;
    if (!params.sign) throw new NotifyRejected('Alipay notify without sign');
    if (params.sign_type && params.sign_type !== 'RSA2') throw new NotifyRejected(`sign_type ${params.sign_type}`);
    // Async notifies leave sign_type out of the signed string, unlike requests.
    const content = alipaySignContent(params, ['sign', 'sign_type']);
    if (!rsa2Verify(content, params.sign, this.alipayKey))
      throw new NotifyRejected('Alipay notify signature does not verify');
    if (params.app_id !== this.settings.appId) throw new NotifyRejected(`app_id ${params.app_id} is not ours`);
    if (!params.out_trade_no) throw new NotifyRejected('Alipay notify without out_trade_no');
    const status = params.trade_status;
    const outcome =
      status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED'
        ? 'paid'
        : status === 'TRADE_CLOSED'
          ? 'failed'
          : 'ignored';
    return {
      orderNo: params.out_trade_no,
      outcome,
      amountFen: fenOf(params.total_amount),
      providerTradeNo: params.trade_no,
      reason: outcome === 'failed' ? `Alipay: ${status}` : undefined,
    };
  }

  ack(ok: boolean): NotifyAck {
    return { status: 200, contentType: 'text/plain', body: ok ? 'success' : 'fail' };
  }
}
