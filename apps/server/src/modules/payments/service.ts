import { randomBytes } from 'node:crypto';
import { Fn, type Language, PAYMENT_RULES, PayKind, type PayMethod, PayStatus } from '@lodestar/domain';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest, forbidden, outsideHold } from '../../lib/errors.ts';
import type { Executor } from '../../lib/executor.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { formatInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { NoticeSink } from '../notices/types.ts';
import { KIND_FN, type PayOrderListInput, payOrderQuery } from './order-list.ts';
import {
  type IncomingNotify,
  type NotifyAck,
  NotifyRejected,
  type NotifyResult,
  type PaymentProvider,
  PROVIDER_MARGIN_MS,
  ProviderError,
} from './provider.ts';
import type { OrderRow, PaymentRepository } from './repository.ts';
import type { SandboxProvider } from './sandbox.ts';
import { PAY_STATUS_TEXT, textOf } from './texts.ts';
import type { Fulfilment, NewOrder, OrderView, PaidOrder, Payments } from './types.ts';

export type { OrderRow };

export interface ProviderSet {
  sandbox: SandboxProvider;
  /** The provider for each method (both the sandbox unless PAYMENT_PROVIDER=live). */
  forMethod: (method: PayMethod) => PaymentProvider;
  byName: (name: string) => PaymentProvider | undefined;
}

const KIND_PREFIX: Record<number, string> = {
  [PayKind.Renewal]: 'R',
  [PayKind.SmsPack]: 'S',
  [PayKind.WalletTopUp]: 'W',
};

export function toOrderView(o: OrderRow, provider: PaymentProvider | undefined, lang: Language, tz: string): OrderView {
  return {
    OrderID: o.id,
    OrderNo: o.orderNo,
    Kind: o.kind,
    Method: o.method,
    Provider: o.provider,
    Sandbox: provider ? provider.sandbox : o.provider === 'sandbox',
    AmountFen: o.amountFen,
    Currency: o.currency,
    Status: o.status,
    StatusText: textOf(PAY_STATUS_TEXT, o.status, lang),
    Subject: o.subject,
    PayUrl: o.payUrl,
    FailReason: o.failReason,
    ExpiresAt: formatInZone(o.expiresAt, tz),
    CreateTime: formatInZone(o.createdAt, tz),
    PaidTime: o.paidAt ? formatInZone(o.paidAt, tz) : null,
  };
}

/**
 * Payment orders (docs/SIM-API-2.md "Payments"): created by the selling modules, moved to paid
 * exactly once by a verified callback, with the seller's fulfilment in the same transaction.
 */
export class PaymentService implements Payments {
  private readonly fulfilments = new Map<PayKind, Fulfilment>();
  private readonly timers = new Map<number, NodeJS.Timeout>();

  constructor(
    private readonly repo: PaymentRepository,
    private readonly providers: ProviderSet,
    private readonly holds: HoldScope,
    private readonly notices: NoticeSink,
    private readonly log: FastifyBaseLogger,
  ) {}

  onPaid(kind: PayKind, fulfil: Fulfilment): void {
    this.fulfilments.set(kind, fulfil);
  }

  /** Stops the expiry timers (server closing). */
  close(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }

  private newOrderNo(kind: PayKind): string {
    const stamp = formatInZone(new Date(), 'Asia/Shanghai').replace(/\D/g, '');
    return `${KIND_PREFIX[kind] ?? 'P'}${stamp}${randomBytes(4).readUInt32BE(0).toString().padStart(10, '0')}`;
  }

  async createOrder(order: NewOrder, lang: string, timeZone: string, tx?: Executor): Promise<OrderView> {
    const provider = this.providers.forMethod(order.method);
    const amountFen = order.items ? order.items.reduce((s, i) => s + i.feeFen, 0) : order.amountFen;
    if (amountFen !== order.amountFen) throw new Error('the order amount is not the sum of its items');
    const expiresAt = new Date(Date.now() + PAYMENT_RULES.orderTtlMinutes * 60_000);
    const write = async (repo: PaymentRepository) => {
      const row = await repo.insertOrder(
        {
          orderNo: this.newOrderNo(order.kind),
          kind: order.kind,
          method: order.method,
          provider: provider.name,
          holdId: order.holdId,
          userId: order.userId,
          amountFen,
          currency: PAYMENT_RULES.currency,
          status: PayStatus.Pending,
          subject: order.subject,
          smsPackId: order.smsPackId ?? null,
          smsCount: order.smsCount ?? null,
          vpoint: order.vpoint ?? null,
          expiresAt,
        },
        order.items ?? [],
      );
      // The provider is asked inside the transaction: an order it refuses is never written.
      let created: Awaited<ReturnType<PaymentProvider['create']>>;
      try {
        created = await provider.create({
          orderNo: row.orderNo,
          amountFen,
          subject: order.subject,
          payBefore: new Date(expiresAt.getTime() - PROVIDER_MARGIN_MS),
        });
      } catch (err) {
        if (err instanceof ProviderError) throw badRequest('paymentProviderError', err.message);
        throw err;
      }
      return repo.setProviderRefs(row.id, created.payUrl, created.providerTradeNo ?? null);
    };
    const row = tx ? await write(this.repo.on(tx)) : await this.repo.transaction(write);
    this.scheduleExpiry(row.id, expiresAt);
    return toOrderView(row, provider, lang as Language, timeZone);
  }

  private scheduleExpiry(orderId: number, at: Date) {
    const t = setTimeout(
      () => {
        this.timers.delete(orderId);
        this.expireDue(orderId).catch((err) => this.log.error({ err, orderId }, 'payment order expiry failed'));
      },
      Math.max(0, at.getTime() - Date.now()) + 500,
    );
    t.unref();
    this.timers.set(orderId, t);
  }

  /** Closes pending orders past their time (one, or all): the timer's job, and a check on every read. */
  async expireDue(orderId?: number): Promise<void> {
    await this.repo.closeExpired(orderId, { ttlMinutes: PAYMENT_RULES.orderTtlMinutes });
  }

  /** The caller may act on an order of this kind: 72 reads every kind, 4 renewals, 12 SMS packs. */
  private assertKindAllowed(auth: AuthContext, kind: number, reading: boolean) {
    if (auth.funs.has(KIND_FN[kind] ?? -1)) return;
    if (reading && auth.funs.has(Fn.simPayOrders)) return;
    throw forbidden();
  }

  private async orderInReach(auth: AuthContext, orderId: number): Promise<OrderRow> {
    const row = await this.repo.findInSubtree(orderId, auth.holdPath);
    if (!row) throw outsideHold();
    return row;
  }

  private async current(auth: AuthContext, orderId: number, reading: boolean): Promise<OrderRow> {
    let row = await this.orderInReach(auth, orderId);
    this.assertKindAllowed(auth, row.kind, reading);
    if (row.status === PayStatus.Pending && row.expiresAt.getTime() <= Date.now()) {
      await this.expireDue(row.id);
      row = await this.orderInReach(auth, orderId);
    }
    return row;
  }

  view(row: OrderRow, lang: Language, tz: string): OrderView {
    return toOrderView(row, this.providers.byName(row.provider), lang, tz);
  }

  async getOrder(auth: AuthContext, lang: Language, orderId: number) {
    const row = await this.current(auth, orderId, true);
    const items = await this.repo.items(row.id);
    return { ...this.view(row, lang, auth.timeZone), Items: items.map((i) => ({ ...i, MSISDN: i.MSISDN ?? '' })) };
  }

  async closeOrder(auth: AuthContext, lang: Language, orderId: number): Promise<OrderView> {
    const row = await this.current(auth, orderId, false);
    if (row.status === PayStatus.Paid) throw badRequest('paymentAlreadyPaid', row.orderNo);
    if (row.status !== PayStatus.Pending) return this.view(row, lang, auth.timeZone);
    // Closed at the provider first, so the QR code can no longer be paid; a provider that refuses
    // (the payer has just paid) leaves the order pending for its callback.
    const provider = this.providers.byName(row.provider);
    try {
      await provider?.close(row.orderNo);
    } catch (err) {
      if (err instanceof ProviderError) throw badRequest('paymentProviderError', err.message);
      throw err;
    }
    const closed = await this.repo.transaction(async (repo) => {
      const done = await repo.movePending(row.id, { status: PayStatus.Closed });
      await repo.insertEvent({
        orderId: row.id,
        provider: row.provider,
        event: 'close',
        outcome: done ? 'applied' : 'duplicate',
        payload: { userId: auth.userId },
      });
      return done;
    });
    const t = this.timers.get(row.id);
    if (t) clearTimeout(t);
    this.timers.delete(row.id);
    if (!closed) {
      // A callback won the race: answer what the order is now (a paid one is still refused).
      const now = await this.orderInReach(auth, orderId);
      if (now.status === PayStatus.Paid) throw badRequest('paymentAlreadyPaid', now.orderNo);
      return this.view(now, lang, auth.timeZone);
    }
    return this.view(closed, lang, auth.timeZone);
  }

  /** The sandbox's Complete / Fail buttons: a signed callback through the very path providers use. */
  async sandboxPay(auth: AuthContext, lang: Language, orderId: number, outcome: 'paid' | 'failed') {
    const row = await this.current(auth, orderId, false);
    if (row.provider !== 'sandbox') throw badRequest('paymentNotSandbox', row.orderNo);
    const result = await this.notify('sandbox', this.providers.sandbox.callback(row, outcome));
    if (!result.ok && result.refused) throw badRequest('paymentNotPending', row.orderNo);
    if (!result.ok) throw badRequest('paymentCallbackFailed', row.orderNo);
    return this.view(await this.orderInReach(auth, orderId), lang, auth.timeZone);
  }

  /**
   * A provider's callback: verified, recorded in payment_events, applied at most once. `ok` tells
   * the provider to stop calling; a refused callback (closed order, bad signature) is acknowledged
   * as failed and logged; one whose signature does not verify is not recorded.
   */
  async notify(
    providerName: string,
    incoming: IncomingNotify,
  ): Promise<{ ok: boolean; refused: boolean; ack: NotifyAck }> {
    const provider = this.providers.byName(providerName);
    if (!provider) {
      // e.g. an Alipay callback to a server running the sandbox
      this.log.warn({ provider: providerName }, 'payment callback for a provider that is not configured');
      return { ok: false, refused: true, ack: { status: 404, contentType: 'text/plain', body: 'not configured' } };
    }
    const payload = { body: incoming.rawBody.slice(0, 20_000), headers: pickHeaders(incoming.headers) };
    const event = async (orderId: number | null, outcome: string, extra: Record<string, unknown> = {}) =>
      this.repo.insertEvent({
        orderId,
        provider: providerName,
        event: 'notify',
        outcome,
        payload: { ...payload, ...extra },
      });
    const refuse = async (orderId: number | null, reason: string, store = true) => {
      this.log.warn({ provider: providerName, orderId, reason }, 'payment callback refused');
      if (store) await event(orderId, 'rejected', { reason });
      return { ok: false, refused: true, ack: provider.ack(false, reason) };
    };

    let result: NotifyResult;
    try {
      result = provider.verifyNotify(incoming);
    } catch (err) {
      // Not the provider's (anyone may call): logged, never stored, or forged bodies would fill payment_events.
      if (err instanceof NotifyRejected || err instanceof SyntaxError) return refuse(null, err.message, false);
      throw err;
    }
    const order = await this.repo.findByOrderNo(result.orderNo);
    if (!order) return refuse(null, `no order ${result.orderNo}`);
    if (order.provider !== providerName) return refuse(order.id, `order ${order.orderNo} is a ${order.provider} order`);
    if (result.outcome === 'ignored') {
      await event(order.id, 'ignored');
      return { ok: true, refused: false, ack: provider.ack(true) };
    }
    if (result.amountFen !== undefined && result.amountFen !== order.amountFen)
      return refuse(order.id, `amount ${result.amountFen} is not the order's ${order.amountFen}`);
    if (order.status === PayStatus.Pending && order.expiresAt.getTime() <= Date.now()) await this.expireDue(order.id);

    try {
      const applied = await this.repo.transaction(async (repo) => {
        const moved = await repo.movePending(
          order.id,
          result.outcome === 'paid'
            ? { status: PayStatus.Paid, providerTradeNo: result.providerTradeNo ?? null }
            : { status: PayStatus.Failed, failReason: result.reason ?? 'failed' },
        );
        if (!moved) return undefined;
        if (result.outcome === 'paid') {
          const fulfil = this.fulfilments.get(moved.kind as PayKind);
          if (!fulfil) throw new Error(`no fulfilment registered for payment kind ${moved.kind}`);
          await fulfil(repo.executor, paidOrderOf(moved));
        }
        await repo.insertEvent({
          orderId: order.id,
          provider: providerName,
          event: 'notify',
          outcome: 'applied',
          payload: { ...payload, outcome: result.outcome },
        });
        if (moved.userId)
          await this.notices.add(repo.executor, [
            {
              userId: moved.userId,
              kind: result.outcome === 'paid' ? 'paymentPaid' : 'paymentFailed',
              params: {
                OrderNo: moved.orderNo,
                OrderID: moved.id,
                Kind: moved.kind,
                AmountFen: moved.amountFen,
                Reason: moved.failReason,
              },
              dedupeKey: `payment:${moved.orderNo}`,
            },
          ]);
        return moved;
      });
      if (applied) {
        const t = this.timers.get(order.id);
        if (t) clearTimeout(t);
        this.timers.delete(order.id);
        return { ok: true, refused: false, ack: provider.ack(true) };
      }
    } catch (err) {
      this.log.error({ err, orderNo: order.orderNo }, 'payment fulfilment failed; the order stays pending');
      await event(order.id, 'failed', { error: (err as Error).message });
      return { ok: false, refused: false, ack: provider.ack(false, 'fulfilment failed') };
    }

    const now = await this.repo.findById(order.id);
    // A "failed" or "closed" word on an order that is already failed or closed agrees with it (a
    // provider reports the close we asked for); only a payment on such an order is refused.
    const same =
      (result.outcome === 'paid' && now!.status === PayStatus.Paid) ||
      (result.outcome === 'failed' && (now!.status === PayStatus.Failed || now!.status === PayStatus.Closed));
    if (same) {
      await event(order.id, 'duplicate', { outcome: result.outcome });
      return { ok: true, refused: false, ack: provider.ack(true) };
    }
    return refuse(order.id, `order ${order.orderNo} is ${textOf(PAY_STATUS_TEXT, now!.status, 'en')}`);
  }

  /** Payment/GetPayOrderList: expired orders are closed first, so the list shows them closed. */
  async list(auth: AuthContext, lang: Language, f: PayOrderListInput) {
    await this.expireDue();
    const { rows, totals } = await this.repo.list(await payOrderQuery(this.holds, auth, f));
    return {
      rows: rows.map((r) => ({
        ...this.view(r.order, lang, auth.timeZone),
        HoldName: r.holdName,
        UserName: r.userName ?? '',
      })),
      total: totals.Count,
      Totals: totals,
    };
  }

  /** Pending renewal orders holding these SIMs (a SIM is in one pending order at a time). */
  pendingOrderOfSims(ex: Executor, simIds: number[]): Promise<Map<number, string>> {
    return this.repo.on(ex).pendingOrderOfSims(simIds);
  }
}

function paidOrderOf(o: OrderRow): PaidOrder {
  return {
    id: o.id,
    orderNo: o.orderNo,
    kind: o.kind as PayKind,
    holdId: o.holdId,
    userId: o.userId,
    amountFen: o.amountFen,
    smsPackId: o.smsPackId,
    smsCount: o.smsCount,
    vpoint: o.vpoint,
    paidAt: o.paidAt ?? new Date(),
  };
}

const KEPT_HEADERS = [
  'content-type',
  'x-sandbox-signature',
  'wechatpay-timestamp',
  'wechatpay-nonce',
  'wechatpay-signature',
  'wechatpay-serial',
];
function pickHeaders(h: IncomingNotify['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of KEPT_HEADERS) {
    const v = h[k];
    if (v !== undefined) out[k] = Array.isArray(v) ? v.join(',') : v;
  }
  return out;
}
