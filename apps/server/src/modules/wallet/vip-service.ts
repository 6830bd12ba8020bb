import type {
  GetPricesBody,
  SetPricesInput,
  UpgradeInput,
  UpgradeListInput,
  VipDeviceListInput,
  VipQuote,
} from '@lodestar/contract/vip';
import {
  addMonths,
  type Language,
  periodProblem,
  priceFor,
  spanOf,
  upgradeFee,
  upgradeStart,
  VipUpgradeStatus,
  WalletEntryKind,
} from '@lodestar/domain';
import type { Static } from 'typebox';
import { badRequest, outsideHold } from '../../lib/errors.ts';
import type { Executor } from '../../lib/executor.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { formatInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { WalletRepository } from './repository.ts';
import { textOf, UPGRADE_STATUS_TEXT } from './texts.ts';
import type { VipRepository } from './vip-repository.ts';
import type { VipSettings } from './vip-settings.ts';

const todayIn = (tz: string) => formatInZone(new Date(), tz).slice(0, 10);

/** Where an upgrade effective on approval gets its work order (the work-orders module). */
export interface VipWorkOrders {
  openVipOrder(
    tx: Executor,
    o: { holdId: number; applicantId: number; months: number | null; workCont: string },
  ): Promise<number>;
}

export interface VipHooks {
  /** A device's VIP changed: caches and the fence engine reload it. */
  deviceChanged: (deviceId: string) => void;
  vipChanged: () => void;
}

/** VIP prices, quotes and upgrades paid from the caller's wallet (/vip/upgrade, /vip/upgrade-history). */
export class VipService {
  constructor(
    private readonly vip: VipRepository,
    private readonly wallet: WalletRepository,
    private readonly settings: VipSettings,
    private readonly holds: HoldScope,
    private readonly logs: OperationLogRepository,
    private readonly hooks: VipHooks,
    private readonly workOrders: VipWorkOrders,
  ) {}

  /** Vip/GetPrices: a unit's prices (the caller's by default); editable when the unit is below the caller's. */
  async prices(auth: AuthContext, input: Static<typeof GetPricesBody>) {
    const hold = input.HoldID
      ? await this.holds.inReach(auth, input.HoldID)
      : await this.holds.inReach(auth, auth.holdId);
    const resolved = (await this.settings.pricesOf([hold.path])).get(hold.path)!;
    return { HoldID: hold.id, ...resolved, Editable: hold.id !== auth.holdId };
  }

  /** Vip/SetPrices (71): a parent's administrator prices the units below it, never its own. */
  async setPrices(auth: AuthContext, input: SetPricesInput) {
    const hold = await this.holds.inReach(auth, input.HoldID);
    if (hold.id === auth.holdId) throw badRequest('vipPricesOwnUnit', 'HoldID');
    await this.wallet.upsertSettings({
      holdId: hold.id,
      price1: input.Price1,
      price2: input.Price2,
      ...(input.VPointPerYuan !== undefined ? { vpointPerYuan: input.VPointPerYuan } : {}),
      ...(input.DefaultVipYears !== undefined ? { defaultVipYears: input.DefaultVipYears } : {}),
      updatedBy: auth.userId,
    });
    await this.logs.operation({
      userId: auth.userId,
      holdId: auth.holdId,
      action: 'vipSetPrices',
      detail: `hold ${hold.id}: ${input.Price1}/${input.Price2}${input.VPointPerYuan ? ` rate ${input.VPointPerYuan}` : ''}${
        input.DefaultVipYears !== undefined ? ` default VIP ${input.DefaultVipYears ?? 'inherited'} years` : ''
      }`,
      ip: auth.ip,
    });
    return this.prices(auth, { HoldID: hold.id });
  }

  /** Every device priced at its unit's price for its own period; `lock` takes the devices for update. */
  private async priced(auth: AuthContext, input: UpgradeInput, vip: VipRepository, tx?: Executor) {
    if ((input.Months === undefined) === (input.ToDate === undefined || input.ToDate === ''))
      throw badRequest('vipPeriodRequired', 'Months');
    const ids = [...new Set(input.DeviceIDs)];
    const devices = await vip.devicesInSubtree(ids, auth.holdPath, !!tx);
    if (devices.length !== ids.length) throw outsideHold();
    const prices = await this.settings.pricesOf(
      devices.map((d) => d.holdPath),
      tx,
    );
    const today = todayIn(auth.timeZone);
    const items = devices.map((d) => {
      const start = upgradeStart(d.vipExpiresAt, today, input.Effective);
      const end = input.Months ? addMonths(start, input.Months) : input.ToDate!;
      const problem = periodProblem(start, end);
      if (problem)
        throw badRequest(problem === 'tooShort' ? 'vipPeriodTooShort' : 'vipPeriodTooLong', `ToDate (${d.deviceId})`);
      const span = spanOf(start, end);
      const pricePerYear = priceFor(d.trackerType, prices.get(d.holdPath)!);
      return { device: d, pricePerYear, span, vpoint: upgradeFee(pricePerYear, span), end };
    });
    return items;
  }

  async quote(auth: AuthContext, input: UpgradeInput): Promise<VipQuote> {
    const items = await this.priced(auth, input, this.vip);
    return {
      Items: items.map((i) => ({
        DeviceID: i.device.deviceId,
        DeviceName: i.device.name,
        HoldName: i.device.holdName,
        TrackerType: i.device.trackerType,
        PricePerYear: i.pricePerYear,
        Months: i.span.months,
        Days: i.span.days,
        VPoint: i.vpoint,
        ExpiresOn: i.device.vipExpiresAt,
        NewExpiresOn: i.end,
      })),
      TotalVPoint: items.reduce((s, i) => s + i.vpoint, 0),
      Balance: await this.wallet.balance(auth.holdId),
    };
  }

  /**
   * Vip/Upgrade (73): the wallet row is locked first, then the devices, so concurrent upgrades from one
   * wallet run one after the other and the second sees what the first left; the charge, the upgrade and
   * the devices' new expiry commit together or not at all. Effective "approval" charges now and opens a
   * work order instead: the expiry moves when it is approved, the VPoints come back when it is rejected
   * (vip-approval.ts).
   */
  async upgrade(auth: AuthContext, input: UpgradeInput) {
    const onApproval = input.Effective === 'approval';
    const done = await this.wallet.transaction(async (wallet) => {
      const vip = this.vip.on(wallet.executor);
      const balance = (await wallet.lockWallets([auth.holdId])).get(auth.holdId) ?? 0;
      const items = await this.priced(auth, input, vip, wallet.executor);
      const total = items.reduce((s, i) => s + i.vpoint, 0);
      if (total > balance) throw badRequest('walletInsufficient', `${total} > ${balance}`);
      const remark = input.Remark?.trim() ?? '';
      const workId = onApproval
        ? await this.workOrders.openVipOrder(wallet.executor, {
            holdId: auth.holdId,
            applicantId: auth.userId,
            months: input.Months ?? null,
            workCont: remark,
          })
        : null;
      const upgrade = await vip.insertUpgrade(
        {
          holdId: auth.holdId,
          userId: auth.userId,
          effective: input.Effective,
          months: input.Months ?? null,
          toDate: input.ToDate || null,
          totalVPoint: total,
          status: onApproval ? VipUpgradeStatus.Pending : VipUpgradeStatus.Applied,
          appliedAt: onApproval ? null : new Date(),
          workId,
          remark,
        },
        items.map((i) => ({
          devicePk: i.device.id,
          deviceId: i.device.deviceId,
          deviceHoldId: i.device.holdId,
          trackerType: i.device.trackerType,
          pricePerYear: i.pricePerYear,
          vpoint: i.vpoint,
          expiresBefore: i.device.vipExpiresAt,
          expiresAfter: i.end,
        })),
      );
      if (!onApproval) for (const i of items) await vip.setExpiry(i.device.id, i.end);
      const after = await wallet.addEntry(
        {
          holdId: auth.holdId,
          kind: WalletEntryKind.Upgrade,
          vpoint: -total,
          orderNo: `U${upgrade.id}`,
          userId: auth.userId,
          upgradeId: upgrade.id,
          remark: upgrade.remark,
        },
        balance,
      );
      return { upgrade, after, deviceIds: items.map((i) => i.device.deviceId) };
    });
    if (!onApproval) {
      for (const id of done.deviceIds) this.hooks.deviceChanged(id);
      this.hooks.vipChanged();
    }
    const { upgrade } = done;
    await this.logs.operation({
      userId: auth.userId,
      holdId: auth.holdId,
      action: 'vipUpgrade',
      detail:
        `U${upgrade.id}: ${done.deviceIds.length} devices, ${upgrade.totalVPoint} VPoint${upgrade.workId ? `, work order ${upgrade.workId}` : ''}`.slice(
          0,
          2000,
        ),
      ip: auth.ip,
    });
    return {
      UpgradeID: upgrade.id,
      Status: upgrade.status,
      WorkIDs: upgrade.workId ? [upgrade.workId] : [],
      VPoint: done.after,
    };
  }

  /** Vip/GetDeviceList: what the upgrade page chooses from, without the device-management function. */
  async devices(auth: AuthContext, f: VipDeviceListInput) {
    return this.vip.devices({
      scopePath: await this.holds.pathOf(auth, f.HoldID),
      keyword: f.Keyword?.trim() || undefined,
      sort: f.SortColumn ?? 'VipExpiry',
      desc: f.SortType === 'desc',
      offset: (f.PageIndex - 1) * f.PageSize,
      limit: f.PageSize,
    });
  }

  async list(auth: AuthContext, lang: Language, f: UpgradeListInput) {
    const { rows, items, total } = await this.vip.list({
      holdId: auth.holdId,
      deviceId: f.DeviceID || undefined,
      status: f.Status !== undefined && f.Status >= 0 ? f.Status : undefined,
      sort: f.SortColumn ?? 'CreateTime',
      desc: (f.SortType || (f.SortColumn ? 'asc' : 'desc')) === 'desc',
      offset: (f.PageIndex - 1) * f.PageSize,
      limit: f.PageSize,
    });
    return {
      rows: rows.map((r) => {
        const devices = items.filter((i) => i.upgradeId === r.upgrade.id);
        return {
          UpgradeID: r.upgrade.id,
          Devices: devices.map((d) => ({
            DeviceID: d.deviceId,
            VPoint: d.vpoint,
            ExpiresBefore: d.expiresBefore,
            ExpiresAfter: d.expiresAfter,
          })),
          DeviceCount: devices.length,
          Months: r.upgrade.months,
          ToDate: r.upgrade.toDate,
          Effective: r.upgrade.effective,
          WorkID: r.upgrade.workId,
          TotalVPoint: r.upgrade.totalVPoint,
          Status: r.upgrade.status,
          StatusText: textOf(UPGRADE_STATUS_TEXT, r.upgrade.status, lang),
          UserName: r.userName ?? '',
          HoldName: r.holdName,
          Remark: r.upgrade.remark,
          CreateTime: formatInZone(r.upgrade.createdAt, auth.timeZone),
          AppliedTime: r.upgrade.appliedAt ? formatInZone(r.upgrade.appliedAt, auth.timeZone) : null,
        };
      }),
      total,
    };
  }
}
