import { addMonths, upgradeStart, VipUpgradeStatus, WalletEntryKind, WorkType } from '@lodestar/domain';
import type { Executor } from '../../lib/executor.ts';
import { formatInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { ReviewDecision } from '../work-orders/review.ts';
import type { WalletRepository } from './repository.ts';
import type { UpgradeRecord, VipRepository } from './vip-repository.ts';
import type { VipHooks } from './vip-service.ts';

/**
 * The new expiry of a device when its upgrade is approved: counted from the expiry it has at approval
 * (or the approval day, when that is later), not the one quoted when the upgrade was paid for. Bought to
 * a date, it moves to that date unless it already lies beyond it.
 */
export function approvedExpiry(
  expiry: string | null,
  today: string,
  upgrade: Pick<UpgradeRecord, 'months' | 'toDate'>,
) {
  if (upgrade.months) return addMonths(upgradeStart(expiry, today, 'approval'), upgrade.months);
  const to = upgrade.toDate!;
  return expiry && expiry > to ? expiry : to;
}

/**
 * "Effective on work-order approval" (issue #19): the review hook that settles a VIP upgrade's order in the
 * review's own transaction. Approval moves each device's expiry once; rejection refunds the VPoints as a
 * ledger row. Only pending upgrades are settled, so a decision can never apply twice.
 */
export class VipApproval {
  constructor(
    private readonly vip: VipRepository,
    private readonly wallet: WalletRepository,
    private readonly hooks: VipHooks,
  ) {}

  async onReview(
    tx: Executor,
    auth: AuthContext,
    decisions: ReviewDecision[],
    afterCommit: (fn: () => void) => void,
  ): Promise<void> {
    const ours = decisions.filter((d) => d.order.workType === WorkType.VipUpgrade);
    if (!ours.length) return;
    const vip = this.vip.on(tx);
    const pending = new Map((await vip.lockPendingByWork(ours.map((d) => d.order.id))).map((u) => [u.workId!, u]));
    const settled = ours.flatMap((d) => {
      const upgrade = pending.get(d.order.id);
      return upgrade ? [{ upgrade, approved: d.approved }] : [];
    });
    const approved = settled.filter((s) => s.approved).map((s) => s.upgrade);
    const rejected = settled.filter((s) => !s.approved).map((s) => s.upgrade);

    const wallet = this.wallet.on(tx);
    const { moved, unused } = await this.apply(vip, approved, formatInZone(new Date(), auth.timeZone).slice(0, 10));
    await this.refund(wallet, vip, rejected, auth.userId);
    await this.credit(wallet, unused, auth.userId);
    if (!moved.size) return;
    // Caches reloaded before the commit would read the old expiry.
    afterCommit(() => {
      for (const id of moved) this.hooks.deviceChanged(id);
      this.hooks.vipChanged();
    });
  }

  /**
   * Moves the approved upgrades' expiries. A device that gains nothing (removed since, or bought to a date its
   * expiry has reached meanwhile) was still paid for: its VPoints come back in `unused`, by upgrade.
   */
  private async apply(
    vip: VipRepository,
    upgrades: UpgradeRecord[],
    today: string,
  ): Promise<{ moved: Set<string>; unused: Map<UpgradeRecord, number> }> {
    const moved = new Set<string>();
    const unused = new Map<UpgradeRecord, number>();
    if (!upgrades.length) return { moved, unused };
    const items = await vip.itemsOf(upgrades.map((u) => u.id));
    const pks = [...new Set(items.flatMap((i) => (i.devicePk === null ? [] : [i.devicePk])))];
    const devices = new Map((await vip.lockDevices(pks)).map((d) => [d.id, d]));
    const now = new Date();
    for (const upgrade of upgrades) {
      for (const item of items.filter((i) => i.upgradeId === upgrade.id)) {
        const device = item.devicePk === null ? undefined : devices.get(item.devicePk);
        const before = device?.vipExpiresAt ?? null;
        if (!device || (upgrade.toDate && before !== null && before >= upgrade.toDate)) {
          unused.set(upgrade, (unused.get(upgrade) ?? 0) + item.vpoint);
          if (device) await vip.setItemExpiry(item.id, before, before!);
          continue;
        }
        const after = approvedExpiry(before, today, upgrade);
        await vip.setExpiry(device.id, after);
        await vip.setItemExpiry(item.id, before, after);
        device.vipExpiresAt = after;
        moved.add(device.deviceId);
      }
      await vip.settle(upgrade.id, VipUpgradeStatus.Applied, now);
    }
    return { moved, unused };
  }

  /** Gives VPoints back to the upgrades' wallets, one refund row each, in the review's transaction. */
  private async credit(wallet: WalletRepository, amounts: Map<UpgradeRecord, number>, userId: number) {
    if (!amounts.size) return;
    const balances = await wallet.lockWallets([...amounts.keys()].map((u) => u.holdId));
    for (const [upgrade, vpoint] of amounts) {
      if (vpoint <= 0) continue;
      const after = await wallet.addEntry(
        {
          holdId: upgrade.holdId,
          kind: WalletEntryKind.Refund,
          vpoint,
          orderNo: `U${upgrade.id}`,
          userId,
          upgradeId: upgrade.id,
          remark: upgrade.remark,
        },
        balances.get(upgrade.holdId) ?? 0,
      );
      balances.set(upgrade.holdId, after);
    }
  }

  private async refund(wallet: WalletRepository, vip: VipRepository, upgrades: UpgradeRecord[], userId: number) {
    await this.credit(wallet, new Map(upgrades.map((u) => [u, u.totalVPoint])), userId);
    for (const upgrade of upgrades) await vip.settle(upgrade.id, VipUpgradeStatus.Rejected, null);
  }
}
