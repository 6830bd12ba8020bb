import type { GiftInput, TopUpInput, WalletDetailListInput, WalletEntryRow } from '@lodestar/contract/wallet';
import {
  formatFen,
  type Language,
  PAYMENT_RULES,
  PayKind,
  PayStatus,
  VIP_RULES,
  vpointsForFen,
  WalletEntryKind,
} from '@lodestar/domain';
import { badRequest, outsideHold } from '../../lib/errors.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { formatInZone } from '../../lib/time.ts';
import { parseTimeRange } from '../../lib/time-range.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { PaidOrder, Payments, PaymentTx } from '../payments/types.ts';
import type { WalletRepository } from './repository.ts';
import { ENTRY_KIND_TEXT, METHOD_TEXT, STATUS_TEXT, textOf } from './texts.ts';
import type { VipSettings } from './vip-settings.ts';

const SUBJECT: Record<Language, (yuan: string, vpoint: number) => string> = {
  zh: (y, v) => `钱包充值 ${y} 元（${v} VPoint）`,
  en: (y, v) => `Wallet top-up: ${y} yuan (${v} VPoints)`,
  fr: (y, v) => `Recharge du portefeuille : ${y} yuans (${v} VPoints)`,
};

/** The caller's hold's VPoint wallet (/vip/wallet, /vip/wallet-detail): balance, top-ups, gifts, movements. */
export class WalletService {
  constructor(
    private readonly repo: WalletRepository,
    private readonly settings: VipSettings,
    private readonly payments: Payments,
    private readonly logs: OperationLogRepository,
  ) {}

  async wallet(auth: AuthContext) {
    const [balance, rate, holdName] = await Promise.all([
      this.repo.balance(auth.holdId),
      this.settings.rateOf(auth.holdPath),
      this.repo.holdName(auth.holdId),
    ]);
    return {
      HoldID: auth.holdId,
      HoldName: holdName,
      VPoint: balance,
      VPointPerYuan: rate,
      Currency: PAYMENT_RULES.currency,
      PacksYuan: [...VIP_RULES.topUpPacksYuan],
      MinTopUpFen: VIP_RULES.minTopUpFen,
      MaxTopUpFen: VIP_RULES.maxTopUpFen,
    };
  }

  /**
   * A payment order through the payment rails; paid, `fulfil` credits the wallet. The VPoints are priced here, at
   * the rate the payer sees, and stored on the order: the callback credits what was bought.
   */
  async topUp(auth: AuthContext, lang: Language, input: TopUpInput) {
    const vpoint = vpointsForFen(input.AmountFen, await this.settings.rateOf(auth.holdPath));
    return this.payments.createOrder(
      {
        kind: PayKind.WalletTopUp,
        method: input.Method,
        holdId: auth.holdId,
        userId: auth.userId,
        amountFen: input.AmountFen,
        subject: SUBJECT[lang](formatFen(input.AmountFen), vpoint),
        vpoint,
      },
      lang,
      auth.timeZone,
    );
  }

  /**
   * onPaid(WalletTopUp): in the transaction that marks the order paid, which payments runs once however
   * often the provider calls back; the unique order_id of wallet_entries would refuse a second credit too.
   */
  async fulfil(tx: PaymentTx, order: PaidOrder): Promise<void> {
    const repo = this.repo.on(tx);
    const vpoint = order.vpoint ?? (await this.vpointAtTodaysRate(tx, order));
    const balances = await repo.lockWallets([order.holdId]);
    await repo.addEntry(
      {
        holdId: order.holdId,
        kind: WalletEntryKind.TopUp,
        vpoint,
        amountFen: order.amountFen,
        orderId: order.id,
        orderNo: order.orderNo,
        userId: order.userId,
      },
      balances.get(order.holdId) ?? 0,
    );
  }

  /** An order made before orders carried their VPoints: today's rate is all there is. */
  private async vpointAtTodaysRate(tx: PaymentTx, order: PaidOrder): Promise<number> {
    const holdPath = await this.settings.pathOf(tx, order.holdId);
    return vpointsForFen(order.amountFen, await this.settings.rateOf(holdPath, tx));
  }

  /** Wallet/Gift (67): VPoints from the caller's wallet to a unit strictly below it, both entries at once. */
  async gift(auth: AuthContext, input: GiftInput) {
    const target = await this.repo.holdInSubtree(input.HoldID, auth.holdPath);
    if (!target) throw outsideHold();
    if (target.id === auth.holdId) throw badRequest('walletGiftOwnUnit', 'HoldID');
    const remark = input.Remark?.trim() ?? '';
    const ref = `G${formatInZone(new Date(), 'Asia/Shanghai').replace(/\D/g, '')}${auth.holdId}-${target.id}`;
    const after = await this.repo.transaction(async (repo) => {
      const balances = await repo.lockWallets([auth.holdId, target.id]);
      const mine = balances.get(auth.holdId) ?? 0;
      if (input.VPoint > mine) throw badRequest('walletInsufficient', `VPoint ${input.VPoint} > ${mine}`);
      const left = await repo.addEntry(
        {
          holdId: auth.holdId,
          kind: WalletEntryKind.GiftOut,
          vpoint: -input.VPoint,
          orderNo: ref,
          userId: auth.userId,
          counterpartHoldId: target.id,
          remark,
        },
        mine,
      );
      await repo.addEntry(
        {
          holdId: target.id,
          kind: WalletEntryKind.GiftIn,
          vpoint: input.VPoint,
          orderNo: ref,
          userId: auth.userId,
          counterpartHoldId: auth.holdId,
          remark,
        },
        balances.get(target.id) ?? 0,
      );
      return left;
    });
    await this.logs.operation({
      userId: auth.userId,
      holdId: auth.holdId,
      action: 'walletGift',
      detail: `${input.VPoint} VPoint to hold ${target.id}`,
      ip: auth.ip,
    });
    return { VPoint: after };
  }

  async detail(auth: AuthContext, lang: Language, f: WalletDetailListInput) {
    const { rows, totals } = await this.repo.detail({
      holdId: auth.holdId,
      kind: f.Kind || undefined,
      orderNo: f.OrderNo || undefined,
      ...parseTimeRange(f, auth.timeZone),
      sort: f.SortColumn ?? 'CreateTime',
      desc: (f.SortType || (f.SortColumn ? 'asc' : 'desc')) === 'desc',
      offset: (f.PageIndex - 1) * f.PageSize,
      limit: f.PageSize,
    });
    return {
      rows: rows.map(
        (r): WalletEntryRow => ({
          EntryID: r.entry.id,
          Kind: r.entry.kind,
          KindText: textOf(ENTRY_KIND_TEXT, r.entry.kind, lang),
          OrderNo: r.entry.orderNo,
          AmountFen: r.entry.amountFen,
          VPoint: r.entry.vpoint,
          Remaining: r.entry.balanceAfter,
          Payer: r.payer ?? '',
          Counterpart: r.counterpart ?? '',
          // Only a paid top-up writes an entry: every movement listed is done.
          Status: PayStatus.Paid,
          StatusText: textOf(STATUS_TEXT, PayStatus.Paid, lang),
          Method: r.method ?? 0,
          MethodText: r.method ? textOf(METHOD_TEXT, r.method, lang) : '',
          Currency: r.currency ?? PAYMENT_RULES.currency,
          Remark: r.entry.remark,
          CreateTime: formatInZone(r.entry.createdAt, auth.timeZone),
        }),
      ),
      total: totals.Count,
      Totals: totals,
    };
  }
}
