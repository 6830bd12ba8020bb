import { devices, holds, users, vipUpgradeItems, vipUpgrades } from '@lodestar/db';
import { VipUpgradeStatus } from '@lodestar/domain';
import { and, asc, count, desc, eq, exists, ilike, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/executor.ts';
import { ownedInSubtree } from '../../lib/hold-scope-repository.ts';
import { escapeLike } from '../../lib/like.ts';

export type NewUpgrade = typeof vipUpgrades.$inferInsert;
export type NewUpgradeItem = Omit<typeof vipUpgradeItems.$inferInsert, 'upgradeId'>;
export type UpgradeRecord = typeof vipUpgrades.$inferSelect;

export interface UpgradeListQuery {
  holdId: number;
  deviceId?: string | undefined;
  status?: number | undefined;
  sort: 'CreateTime' | 'TotalVPoint';
  desc: boolean;
  offset: number;
  limit: number;
}

/** Devices' VIP expiry and the upgrades that moved it. */
export class VipRepository {
  constructor(private readonly db: Executor) {}

  on(ex: Executor): VipRepository {
    return ex === this.db ? this : new VipRepository(ex);
  }

  /** The caller's devices among `deviceIds`, with their unit's path; `lock` takes them for update in id order. */
  async devicesInSubtree(deviceIds: string[], holdPath: string, lock: boolean) {
    const query = this.db
      .select({
        id: devices.id,
        deviceId: devices.deviceId,
        name: devices.name,
        holdId: devices.holdId,
        holdName: holds.name,
        holdPath: holds.path,
        trackerType: devices.trackerType,
        vipExpiresAt: devices.vipExpiresAt,
      })
      .from(devices)
      .innerJoin(holds, eq(holds.id, devices.holdId))
      .where(and(inArray(devices.deviceId, deviceIds), ownedInSubtree(devices.holdId, holdPath)))
      .orderBy(asc(devices.id));
    return lock ? query.for('update', { of: devices }) : query;
  }

  /** The devices the upgrade page picks from: the subtree's (or a unit's and below), newest expiry last. */
  async devices(q: {
    scopePath: string;
    keyword?: string | undefined;
    sort: 'VipExpiry' | 'DeviceID' | 'HoldName';
    desc: boolean;
    offset: number;
    limit: number;
  }) {
    const conds: SQL[] = [ownedInSubtree(devices.holdId, q.scopePath)];
    if (q.keyword)
      conds.push(or(ilike(devices.deviceId, escapeLike(q.keyword)), ilike(devices.name, escapeLike(q.keyword)))!);
    const where = and(...conds);
    const column = { VipExpiry: devices.vipExpiresAt, DeviceID: devices.deviceId, HoldName: holds.name }[q.sort];
    const order = q.desc ? sql`${column} DESC NULLS LAST` : sql`${column} ASC NULLS FIRST`;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          DeviceID: devices.deviceId,
          DeviceName: devices.name,
          HoldID: devices.holdId,
          HoldName: holds.name,
          TrackerType: devices.trackerType,
          VipExpiry: devices.vipExpiresAt,
        })
        .from(devices)
        .innerJoin(holds, eq(holds.id, devices.holdId))
        .where(where)
        .orderBy(order, asc(devices.id))
        .limit(q.limit)
        .offset(q.offset),
      this.db.select({ n: count() }).from(devices).where(where),
    ]);
    return { rows, total: total!.n };
  }

  async setExpiry(devicePk: number, day: string): Promise<void> {
    await this.db.update(devices).set({ vipExpiresAt: day }).where(eq(devices.id, devicePk));
  }

  /** The upgrades still waiting on these work orders, locked so a decision settles each only once. */
  lockPendingByWork(workIds: number[]): Promise<UpgradeRecord[]> {
    return this.db
      .select()
      .from(vipUpgrades)
      .where(and(inArray(vipUpgrades.workId, workIds), eq(vipUpgrades.status, VipUpgradeStatus.Pending)))
      .orderBy(asc(vipUpgrades.id))
      .for('update');
  }

  itemsOf(upgradeIds: number[]) {
    if (!upgradeIds.length) return Promise.resolve([]);
    return this.db
      .select()
      .from(vipUpgradeItems)
      .where(inArray(vipUpgradeItems.upgradeId, upgradeIds))
      .orderBy(asc(vipUpgradeItems.id));
  }

  /** Devices by key, locked in id order as Vip/Upgrade locks them. */
  lockDevices(pks: number[]) {
    if (!pks.length) return Promise.resolve([]);
    return this.db
      .select({ id: devices.id, deviceId: devices.deviceId, vipExpiresAt: devices.vipExpiresAt })
      .from(devices)
      .where(inArray(devices.id, pks))
      .orderBy(asc(devices.id))
      .for('update');
  }

  /** On approval the item records the expiry the device really had and got. */
  async setItemExpiry(id: number, before: string | null, after: string): Promise<void> {
    await this.db
      .update(vipUpgradeItems)
      .set({ expiresBefore: before, expiresAfter: after })
      .where(eq(vipUpgradeItems.id, id));
  }

  async settle(id: number, status: VipUpgradeStatus, appliedAt: Date | null): Promise<void> {
    await this.db.update(vipUpgrades).set({ status, appliedAt }).where(eq(vipUpgrades.id, id));
  }

  async insertUpgrade(upgrade: NewUpgrade, items: NewUpgradeItem[]): Promise<UpgradeRecord> {
    const [row] = await this.db.insert(vipUpgrades).values(upgrade).returning();
    await this.db.insert(vipUpgradeItems).values(items.map((i) => ({ ...i, upgradeId: row!.id })));
    return row!;
  }

  async list(q: UpgradeListQuery) {
    const conds: SQL[] = [eq(vipUpgrades.holdId, q.holdId)];
    if (q.status !== undefined) conds.push(eq(vipUpgrades.status, q.status));
    if (q.deviceId)
      conds.push(
        exists(
          this.db
            .select({ one: sql`1` })
            .from(vipUpgradeItems)
            .where(
              and(
                eq(vipUpgradeItems.upgradeId, vipUpgrades.id),
                like(vipUpgradeItems.deviceId, escapeLike(q.deviceId)),
              ),
            ),
        ),
      );
    const where = and(...conds);
    const column = q.sort === 'TotalVPoint' ? vipUpgrades.totalVPoint : vipUpgrades.createdAt;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ upgrade: vipUpgrades, userName: users.userName, holdName: holds.name })
        .from(vipUpgrades)
        .innerJoin(holds, eq(holds.id, vipUpgrades.holdId))
        .leftJoin(users, eq(users.id, vipUpgrades.userId))
        .where(where)
        .orderBy(q.desc ? desc(column) : asc(column), q.desc ? desc(vipUpgrades.id) : asc(vipUpgrades.id))
        .limit(q.limit)
        .offset(q.offset),
      this.db.select({ n: count() }).from(vipUpgrades).where(where),
    ]);
    const ids = rows.map((r) => r.upgrade.id);
    const items = ids.length
      ? await this.db
          .select({
            upgradeId: vipUpgradeItems.upgradeId,
            deviceId: vipUpgradeItems.deviceId,
            vpoint: vipUpgradeItems.vpoint,
            expiresBefore: vipUpgradeItems.expiresBefore,
            expiresAfter: vipUpgradeItems.expiresAfter,
          })
          .from(vipUpgradeItems)
          .where(inArray(vipUpgradeItems.upgradeId, ids))
          .orderBy(asc(vipUpgradeItems.id))
      : [];
    return { rows, items, total: total!.n };
  }
}
