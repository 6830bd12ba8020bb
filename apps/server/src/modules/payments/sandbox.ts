import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  header,
  type IncomingNotify,
  type NotifyAck,
  NotifyRejected,
  type NotifyResult,
  type PaymentProvider,
  type ProviderOrder,
} from './provider.ts';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** The body of a sandbox callback: what Payment/SandboxPay sends to Payment/Notify/sandbox. */
export interface SandboxNotifyBody {
  OrderNo: string;
  Outcome: 'paid' | 'failed';
  AmountFen: number;
  Time: string;
  Nonce: string;
}

/**
 * The local provider (PAYMENT_PROVIDER=sandbox): it opens nothing anywhere and no money moves.
 * The console's Complete / Fail buttons make it call back exactly like a real provider would, with
 * a body HMAC-SHA256-signed by the server's own secret.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly sandbox = true;
  private readonly secret: Buffer;

  constructor(secret?: string) {
    this.secret = secret ? Buffer.from(secret) : randomBytes(32);
  }

  async create(order: ProviderOrder) {
    return { payUrl: `sandbox://pay/${order.orderNo}` };
  }

  async close(_orderNo: string): Promise<void> {}

  sign(rawBody: string): string {
    return createHmac('sha256', this.secret).update(rawBody).digest('hex');
  }

  /** The signed callback for an order, as Notify/sandbox receives it. */
  callback(order: { orderNo: string; amountFen: number }, outcome: 'paid' | 'failed'): IncomingNotify {
    const body: SandboxNotifyBody = {
      OrderNo: order.orderNo,
      Outcome: outcome,
      AmountFen: order.amountFen,
      Time: new Date().toISOString(),
      Nonce: randomBytes(8).toString('hex'),
    };
    const rawBody = JSON.stringify(body);
    return {
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: this.sign(rawBody) },
      rawBody,
    };
  }

  verifyNotify(notify: IncomingNotify): NotifyResult {
    const given = Buffer.from(header(notify.headers, SANDBOX_SIGNATURE_HEADER), 'hex');
    const expected = Buffer.from(this.sign(notify.rawBody), 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new NotifyRejected('sandbox signature does not verify');
    let body: SandboxNotifyBody;
    try {
      body = JSON.parse(notify.rawBody) as SandboxNotifyBody;
    } catch {
      throw new NotifyRejected('sandbox body is not JSON');
    }
    if (typeof body.OrderNo !== 'string' || (body.Outcome !== 'paid' && body.Outcome !== 'failed'))
      throw new NotifyRejected('sandbox body lacks OrderNo or Outcome');
    return {
      orderNo: body.OrderNo,
      outcome: body.Outcome,
      amountFen: body.AmountFen,
      providerTradeNo: `SANDBOX-${body.OrderNo}`,
      reason: body.Outcome === 'failed' ? 'sandbox: payment failed' : undefined,
    };
  }

  ack(ok: boolean, message = ''): NotifyAck {
    return {
      status: ok ? 200 : 400,
      contentType: 'application/json',
      body: JSON.stringify(ok ? { code: 'SUCCESS' } : { code: 'FAIL', message }),
    };
  }
}
