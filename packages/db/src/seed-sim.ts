import { AccountType, HoldType, LockType, SimState, WorkType, withLuhn } from '@lodestar/domain';
import { asc, eq, inArray, isNull, like } from 'drizzle-orm';
import type { Db } from './connect.ts';
import { holds, settings, users } from './schema-core.ts';
import {
  cardTypes,
  operators,
  simHistory,
  simImportBatches,
  simPackages,
  sims,
  suppliers,
  workOrders,
} from './schema-sim.ts';

const DONE_KEY = 'sim_demo_seeded';
const DAY = 86_400_000;

/** A small deterministic generator, so every demo database holds the same cards. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const CARRIERS = [
  {
    name: '中国移动 China Mobile',
    code: '00',
    imsi: '46000',
    msisdn: '1440',
    packages: [
      { name: '移动 30MB/月 年包', months: 12, mb: 30, sms: 0, fen: 2400 },
      { name: '移动 100MB/月 年包', months: 12, mb: 100, sms: 10, fen: 4800 },
      { name: '移动 1GB/月 年包', months: 12, mb: 1024, sms: 30, fen: 12_000 },
    ],
    supplier: {
      name: '华信物联 Huaxin IoT',
      contact: '陈经理',
      phone: '13911112222',
      email: 'sales@huaxin-iot.example',
    },
  },
  {
    name: '中国联通 China Unicom',
    code: '01',
    imsi: '46001',
    msisdn: '1460',
    packages: [
      { name: '联通 30MB/月 年包', months: 12, mb: 30, sms: 0, fen: 2000 },
      { name: '联通 500MB/月 年包', months: 12, mb: 500, sms: 10, fen: 7200 },
    ],
    supplier: {
      name: '联合通信科技 Lianhe Telecom',
      contact: 'Li Na',
      phone: '13922223333',
      email: 'iot@lianhe.example',
    },
  },
  {
    name: '中国电信 China Telecom',
    code: '03',
    imsi: '46011',
    msisdn: '1490',
    packages: [
      { name: '电信 NB-IoT 10MB/月 5年', months: 60, mb: 10, sms: 0, fen: 6000 },
      { name: '电信 50MB/月 年包', months: 12, mb: 50, sms: 0, fen: 3000 },
    ],
    supplier: { name: '天翼物联代理 Tianyi Agent', contact: '王工', phone: '13933334444', email: '' },
  },
] as const;

const CARD_TYPES = ['标准卡', 'Micro', 'Nano', 'MP贴片卡'];

/** How many SIMs of each carrier the demo stocks: 300 in three import batches. */
const PER_CARRIER = [180, 70, 50];
/** The demo fleet's devices carry these numbers (seed-fleet.ts): the first 50 mobile SIMs. */
const FLEET_SIMS = 50;
export const demoFleetSim = (i: number) => `1440${1_000_000 + i}`;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The SIM administration demo, owned by the root hold: carriers, card types, packages, suppliers,
 * three import batches (300 cards), half of them shipped to the demo customers with varied states,
 * expiries and balances, history rows, and work orders under review. Runs once.
 */
export async function seedSimDemo(db: Db): Promise<boolean> {
  const done = await db.select().from(settings).where(eq(settings.key, DONE_KEY));
  if (done.length) return false;
  const [root] = await db.select().from(holds).where(isNull(holds.parentId)).orderBy(asc(holds.id)).limit(1);
  if (!root) return false;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.accountType, AccountType.SuperAdmin))
    .limit(1);
  // The fleet is spread round robin over enterprises and fleets by id (registerDemoFleet): the
  // same order puts each fleet SIM in the hold of the device that carries it.
  const customers = await db
    .select({ id: holds.id, name: holds.name, path: holds.path })
    .from(holds)
    .where(inArray(holds.holdType, [HoldType.Enterprise, HoldType.Fleet]))
    .orderBy(asc(holds.id));
  const random = rng(20_241_101);
  const today = Date.now();

  return db.transaction(async (tx) => {
    const carrierRows = await tx
      .insert(operators)
      .values(CARRIERS.map((c) => ({ holdId: root.id, name: c.name, remark: 'demo' })))
      .returning();
    await tx.insert(cardTypes).values(CARD_TYPES.map((name) => ({ holdId: root.id, name })));
    const typeRows = await tx.select().from(cardTypes).where(eq(cardTypes.holdId, root.id)).orderBy(asc(cardTypes.id));

    let serial = 0;
    let firstCarrier: { operatorId: number; packageIds: number[] } | undefined;
    for (const [ci, carrier] of CARRIERS.entries()) {
      const operatorId = carrierRows[ci]!.id;
      const packageRows = await tx
        .insert(simPackages)
        .values(
          carrier.packages.map((p) => ({
            holdId: root.id,
            name: p.name,
            operatorId,
            periodMonths: p.months,
            dataMb: p.mb,
            smsCount: p.sms,
            priceFen: p.fen,
          })),
        )
        .returning();
      firstCarrier ??= { operatorId, packageIds: packageRows.map((p) => p.id) };
      const [supplier] = await tx
        .insert(suppliers)
        .values({ holdId: root.id, operatorId, ...carrier.supplier })
        .returning();
      const count = PER_CARRIER[ci]!;
      const [batch] = await tx
        .insert(simImportBatches)
        .values({
          holdId: root.id,
          supplierId: supplier!.id,
          userId: admin?.id ?? null,
          fileName: `${isoDay(today - 60 * DAY).slice(0, 7)} ${carrier.name.split(' ')[0]}入库.xlsx`,
          total: count,
          imported: count,
          failed: 0,
          createdAt: new Date(today - 60 * DAY),
        })
        .returning();

      const rows: (typeof sims.$inferInsert)[] = [];
      for (let i = 0; i < count; i++) {
        serial++;
        const fleet = ci === 0 && i < FLEET_SIMS;
        // The fleet's SIMs and about half of the rest go out to customers.
        const shipped = customers.length > 0 && (fleet || i % 2 === 1);
        const holder = fleet ? customers[i % customers.length]! : customers[(i * 7) % Math.max(customers.length, 1)];
        const state = shipped ? shippedState(random()) : random() < 0.15 ? SimState.Testing : SimState.InStock;
        const pkg = packageRows[i % packageRows.length]!;
        const expiresOn = state === SimState.InStock ? null : isoDay(today + expiryOffsetDays(random()) * DAY);
        const activated = state === SimState.InStock || state === SimState.Silent ? null : isoDay(today - 200 * DAY);
        const locked = shipped && state === SimState.Active && i % 17 === 0;
        rows.push({
          iccid: withLuhn(`8986${carrier.code}24${String(serial).padStart(11, '0')}`),
          msisdn: fleet ? demoFleetSim(i) : `${carrier.msisdn}${String(2_000_000 + serial).padStart(9, '0')}`,
          imsi: `${carrier.imsi}${String(9_000_000_000 + serial)}`,
          operatorId,
          cardTypeId: typeRows[i % typeRows.length]?.id ?? null,
          packageId: pkg.id,
          supplierId: supplier!.id,
          holdId: shipped && holder ? holder.id : root.id,
          batchId: batch!.id,
          state,
          activatedOn: activated,
          expiresOn,
          // Mostly comfortable, one in six under the low-balance line (500 fen).
          balanceFen: random() < 0.17 ? Math.floor(random() * 500) : 1000 + Math.floor(random() * 9000),
          dataUsedMb: state === SimState.Active ? Math.floor(random() * pkg.dataMb * 6) : 0,
          lockType: locked ? LockType.Locked : LockType.Unlocked,
          lockedImei: locked ? `86${String(7_000_000_000_000 + serial)}` : '',
          shippedAt: shipped ? new Date(today - (30 + (i % 20)) * DAY) : null,
          createdAt: new Date(today - 60 * DAY),
        });
      }
      const inserted = await tx.insert(sims).values(rows).returning();
      const history: (typeof simHistory.$inferInsert)[] = [];
      for (const sim of inserted) {
        history.push({
          simId: sim.id,
          action: 'import',
          detail: { batchId: batch!.id, supplier: supplier!.name, fileName: batch!.fileName },
          userId: admin?.id ?? null,
          createdAt: sim.createdAt,
        });
        if (sim.holdId !== root.id) {
          const to = customers.find((c) => c.id === sim.holdId)!;
          history.push({
            simId: sim.id,
            action: 'outbound',
            detail: {
              holdId: [root.id, to.id],
              holdName: [root.name, to.name],
              state: [SimState.InStock, SimState.Silent],
            },
            userId: admin?.id ?? null,
            createdAt: sim.shippedAt!,
          });
        }
        if (sim.state === SimState.Suspended)
          history.push({
            simId: sim.id,
            action: 'stop',
            detail: { state: [SimState.Active, SimState.Suspended] },
            userId: admin?.id ?? null,
            createdAt: new Date(today - 5 * DAY),
          });
      }
      await tx.insert(simHistory).values(history);
    }

    await seedWorkOrders(tx, root.id);
    if (firstCarrier) await seedProviderStock(tx, firstCarrier, today);
    await tx.insert(settings).values({ key: DONE_KEY, value: new Date().toISOString() });
    return true;
  });
}

/** SIMs the service provider bought itself: 40 cards. */
const PROVIDER_SIMS = 40;

/**
 * The demo service provider (the first administrator's hold) buys cards from a supplier of its own,
 * so its administrator has a supplier to reconcile: 30 shipped to its customers, 10 in its stock.
 */
async function seedProviderStock(db: Executor, carrier: { operatorId: number; packageIds: number[] }, today: number) {
  const [admin] = await db
    .select({ id: users.id, holdId: holds.id, path: holds.path })
    .from(users)
    .innerJoin(holds, eq(holds.id, users.holdId))
    .where(eq(users.accountType, AccountType.Admin))
    .orderBy(asc(users.id))
    .limit(1);
  if (!admin) return;
  const customers = (
    await db
      .select({ id: holds.id, path: holds.path })
      .from(holds)
      .where(like(holds.path, `${admin.path}%`))
      .orderBy(asc(holds.id))
  ).filter((h) => h.id !== admin.holdId);
  const [supplier] = await db
    .insert(suppliers)
    .values({
      holdId: admin.holdId,
      operatorId: carrier.operatorId,
      name: '华东物联卡代理 East China IoT',
      contact: '陈经理',
      phone: '13955556666',
      email: 'billing@east-iot.example',
    })
    .returning();
  const created = new Date(today - 45 * DAY);
  const [batch] = await db
    .insert(simImportBatches)
    .values({
      holdId: admin.holdId,
      supplierId: supplier!.id,
      userId: admin.id,
      fileName: `${isoDay(today - 45 * DAY).slice(0, 7)} 华东自采.xlsx`,
      total: PROVIDER_SIMS,
      imported: PROVIDER_SIMS,
      failed: 0,
      createdAt: created,
    })
    .returning();
  const rows: (typeof sims.$inferInsert)[] = [];
  for (let i = 0; i < PROVIDER_SIMS; i++) {
    const shipped = i < 30 && customers.length > 0;
    rows.push({
      iccid: withLuhn(`8986002500${String(i + 1).padStart(9, '0')}`),
      msisdn: `1440${String(3_000_000 + i).padStart(9, '0')}`,
      imsi: `46000${String(8_000_000_000 + i)}`,
      operatorId: carrier.operatorId,
      packageId: carrier.packageIds[i % carrier.packageIds.length] ?? null,
      supplierId: supplier!.id,
      holdId: shipped ? customers[i % customers.length]!.id : admin.holdId,
      batchId: batch!.id,
      state: shipped ? SimState.Active : SimState.InStock,
      activatedOn: shipped ? isoDay(today - 40 * DAY) : null,
      expiresOn: shipped ? isoDay(today + (60 + i * 9) * DAY) : null,
      balanceFen: 2000 + i * 50,
      shippedAt: shipped ? new Date(today - 40 * DAY) : null,
      createdAt: created,
    });
  }
  const inserted = await db.insert(sims).values(rows).returning({ id: sims.id, holdId: sims.holdId });
  await db.insert(simHistory).values(
    inserted.map((sim) => ({
      simId: sim.id,
      action: 'import',
      detail: { batchId: batch!.id, supplier: supplier!.name, fileName: batch!.fileName },
      userId: admin.id,
      createdAt: created,
    })),
  );
}

/** Shipped cards: mostly in use, some waiting for first use, a few stopped or cancelled. */
function shippedState(r: number): SimState {
  if (r < 0.6) return SimState.Active;
  if (r < 0.75) return SimState.Silent;
  if (r < 0.87) return SimState.Suspended;
  if (r < 0.93) return SimState.Testing;
  if (r < 0.97) return SimState.Stopped;
  return SimState.Cancelled;
}

/** Days from today: one in ten expired, one in six within the 30-day warning, the rest later. */
function expiryOffsetDays(r: number): number {
  if (r < 0.1) return -1 - Math.floor(r * 900);
  if (r < 0.27) return Math.floor((r - 0.1) * 170);
  return 31 + Math.floor((r - 0.27) * 500);
}

type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A few orders under review, so the approval dialog has something: applied by the first provider
 * administrator of the demo organisation, on cards in that administrator's subtree.
 */
async function seedWorkOrders(db: Executor, rootId: number) {
  const [applicant] = await db
    .select({ id: users.id, path: holds.path })
    .from(users)
    .innerJoin(holds, eq(holds.id, users.holdId))
    .where(eq(users.accountType, AccountType.Admin))
    .orderBy(asc(users.id))
    .limit(1);
  const mine = await db
    .select({
      id: sims.id,
      holdId: sims.holdId,
      state: sims.state,
      packageId: sims.packageId,
      operatorId: sims.operatorId,
    })
    .from(sims)
    .innerJoin(holds, eq(holds.id, sims.holdId))
    .where(applicant ? like(holds.path, `${applicant.path}%`) : eq(sims.holdId, rootId))
    .orderBy(asc(sims.id));
  const active = mine.filter((c) => c.state === SimState.Active);
  const suspended = mine.filter((c) => c.state === SimState.Suspended);
  const packages = await db.select({ id: simPackages.id, operatorId: simPackages.operatorId }).from(simPackages);
  const base = (sim: (typeof mine)[number], workType: WorkType, workCont: string, hoursAgo: number) => ({
    workType,
    simId: sim.id,
    holdId: sim.holdId,
    workCont,
    applicantId: applicant?.id ?? null,
    applyTime: new Date(Date.now() - hoursAgo * 3_600_000),
  });
  const orders: (typeof workOrders.$inferInsert)[] = [];
  const [a0, a1, a2, a3, a4] = active;
  if (a0) orders.push(base(a0, WorkType.Stop, '车辆报废，申请停机', 30));
  if (a1) orders.push({ ...base(a1, WorkType.Renewal, '续费一年', 20), months: 12 });
  const upgrade = a2 && packages.find((p) => p.operatorId === a2.operatorId && p.id !== a2.packageId);
  if (a2 && upgrade)
    orders.push({ ...base(a2, WorkType.PackageChange, '流量不够用，升级套餐', 8), packageId: upgrade.id });
  if (a3)
    orders.push({
      ...base(a3, WorkType.Lock, 'Bind the card to its tracker', 3),
      lockType: LockType.Locked,
      imei: '868120300000001',
    });
  if (suspended[0]) orders.push(base(suspended[0], WorkType.Resume, '已缴费，申请复机', 2));
  if (a4) orders.push(base(a4, WorkType.Return, '客户退卡', 1));
  if (orders.length) await db.insert(workOrders).values(orders);
}
