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

    const moved = await this.apply(vip, approved, formatInZone(new Date(), auth.timeZone).slice(0, 10));
    await this.refund(this.wallet.on(tx), vip, rejected, auth.userId);
    if (!moved.size) return;
    // Caches reloaded before the commit would read the old expiry.
    afterCommit(() => {
      for (const id of moved) this.hooks.deviceChanged(id);
      this.hooks.vipChanged();
    });
  }

  private async apply(vip: VipRepository, upgrades: UpgradeRecord[], today: string): Promise<Set<string>> {
    const moved = new Set<string>();
    if (!upgrades.length) return moved;
    const items = await vip.itemsOf(upgrades.map((u) => u.id));
    const pks = [...new Set(items.flatMap((i) => (i.devicePk === null ? [] : [i.devicePk])))];
    const devices = new Map((await vip.lockDevices(pks)).map((d) => [d.id, d]));
    const now = new Date();
    for (const upgrade of upgrades) {
      for (const item of items.filter((i) => i.upgradeId === upgrade.id)) {
        // A device removed since the upgrade was paid for has no expiry left to move.
        const device = item.devicePk === null ? undefined : devices.get(item.devicePk);
        if (!device) continue;
        const before = device.vipExpiresAt;
        const after = approvedExpiry(before, today, upgrade);
        await vip.setExpiry(device.id, after);
        await vip.setItemExpiry(item.id, before, after);
        device.vipExpiresAt = after;
        moved.add(device.deviceId);
      }
      await vip.settle(upgrade.id, VipUpgradeStatus.Applied, now);
    }
    return moved;
  }

  private async refund(wallet: WalletRepository, vip: VipRepository, upgrades: UpgradeRecord[], userId: number) {
    if (!upgrades.length) return;
    const balances = await wallet.lockWallets(upgrades.map((u) => u.holdId));
    for (const upgrade of upgrades) {
      const after = await wallet.addEntry(
        {
          holdId: upgrade.holdId,
          kind: WalletEntryKind.Refund,
          vpoint: upgrade.totalVPoint,
          orderNo: `U${upgrade.id}`,
          userId,
          upgradeId: upgrade.id,
          remark: upgrade.remark,
        },
        balances.get(upgrade.holdId) ?? 0,
      );
      balances.set(upgrade.holdId, after);
      await vip.settle(upgrade.id, VipUpgradeStatus.Rejected, null);
    }
  }
}
