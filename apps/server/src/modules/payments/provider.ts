import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

/** What a provider needs to open an order with the payer's app. */
export interface ProviderOrder {
  orderNo: string;
  amountFen: number;
  subject: string;
  /** When the provider must stop taking the payment: a minute before our order expires. */
  payBefore: Date;
}

/**
 * Providers stop taking a payment this long before our order expires, so a payment they accept
 * reaches us (callbacks take seconds) before the order closes here and a late one is refused.
 */
export const PROVIDER_MARGIN_MS = 60_000;

export interface CreatedOrder {
  /** What the payer scans or opens (Alipay / WeChat Pay QR content, sandbox://pay/<OrderNo>). */
  payUrl: string;
  providerTradeNo?: string | undefined;
}

/** A callback as it arrived: the raw body is what signatures cover. */
export interface IncomingNotify {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

/** A verified callback: what it says happened to which order. */
export interface NotifyResult {
  orderNo: string;
  /** `ignored`: a state that changes nothing here (e.g. waiting for the payer). */
  outcome: 'paid' | 'failed' | 'ignored';
  /** The amount the provider took, when it says; it must equal the order's. */
  amountFen?: number | undefined;
  providerTradeNo?: string | undefined;
  reason?: string | undefined;
}

/** The reply a provider expects, so it stops (ok) or retries (not ok). */
export interface NotifyAck {
  status: number;
  contentType: string;
  body: string;
}

/** One payment provider (docs/SIM-API-2.md "Payments"). */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'alipay' | 'wechatpay';
  /** True for the local sandbox: no money moves. */
  readonly sandbox: boolean;
  create(order: ProviderOrder): Promise<CreatedOrder>;
  /**
   * Closes the order at the provider so it can no longer be paid there (the payer closed it here).
   * Throws ProviderError when the provider refuses, e.g. because the payer has just paid.
   */
  close(orderNo: string): Promise<void>;
  /** Checks the signature and reads the callback; throws NotifyRejected when it does not verify. */
  verifyNotify(notify: IncomingNotify): NotifyResult;
  ack(ok: boolean, message?: string): NotifyAck;
}

/** A callback whose signature or content does not check out. */
export class NotifyRejected extends Error {}

/** A provider that refused or failed to open an order. */
export class ProviderError extends Error {}

const wrap = (b64: string, label: string) =>
  `-----BEGIN ${label}-----\n${b64.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n')}\n-----END ${label}-----\n`;

/** A private key given as PEM or as the bare base64 (PKCS#8 or PKCS#1) providers' key tools write. */
export function privateKeyOf(text: string): KeyObject {
  if (text.includes('-----BEGIN')) return createPrivateKey(text);
  try {
    return createPrivateKey(wrap(text, 'PRIVATE KEY'));
  } catch {
    return createPrivateKey(wrap(text, 'RSA PRIVATE KEY'));
  }
}

/** A public key given as PEM (key or certificate) or as bare base64 SPKI. */
export function publicKeyOf(text: string): KeyObject {
  if (text.includes('-----BEGIN')) return createPublicKey(text);
  return createPublicKey(wrap(text, 'PUBLIC KEY'));
}

export const header = (h: IncomingNotify['headers'], name: string): string => {
  const v = h[name.toLowerCase()];
  return (Array.isArray(v) ? v[0] : v) ?? '';
};

/** "12.34" for 1234 fen (providers take yuan with two decimals). */
export const yuanText = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** 1234 for "12.34"; undefined when not an amount. */
export function fenOf(yuan: string | undefined): number | undefined {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(yuan ?? '');
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** POSTs and reads the whole answer; a network failure or a timeout becomes a ProviderError. */
export async function post(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Headers; text: string }> {
  try {
    const res = await fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(15_000) });
    return { status: res.status, headers: res.headers, text: await res.text() };
  } catch (err) {
    throw new ProviderError(`cannot reach ${new URL(url).host}: ${(err as Error).message}`);
  }
}
