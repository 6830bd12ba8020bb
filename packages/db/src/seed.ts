import { AccountType, ALL_FUNCTION_IDS, Fn, HoldType } from '@lodestar/domain';
import { eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from './connect.ts';
import { generatePassword, hashPassword, verifyPassword } from './password.ts';
import { holds, settings, userFunctions, users } from './schema.ts';

export interface SeededUser {
  phone: string;
  password: string;
  userName: string;
  accountType: AccountType;
  holdName: string;
}

async function insertHold(db: Db, name: string, holdType: HoldType, parent?: { id: number; path: string }) {
  const [row] = await db
    .insert(holds)
    .values({ name, holdType, parentId: parent?.id ?? null, path: '/' })
    .returning({ id: holds.id });
  const id = row!.id;
  const path = `${parent?.path ?? '/'}${id}/`;
  await db.update(holds).set({ path }).where(eq(holds.id, id));
  return { id, path };
}

async function insertUser(
  db: Db,
  u: { holdId: number; phone: string; password: string; userName: string; accountType: AccountType },
  funs: readonly number[],
) {
  const [row] = await db
    .insert(users)
    .values({
      holdId: u.holdId,
      phone: u.phone,
      userName: u.userName,
      passwordHash: await hashPassword(u.password),
      accountType: u.accountType,
    })
    .returning({ id: users.id });
  if (funs.length) await db.insert(userFunctions).values(funs.map((functionId) => ({ userId: row!.id, functionId })));
  return row!.id;
}

/**
 * Creates the platform's root hold and the super administrator on first start. Returns the
 * credentials when it created them (the password only when it generated one), else undefined.
 */
export async function ensureSuperAdmin(
  db: Db,
  opts: { phone: string; password?: string | undefined },
): Promise<{ phone: string; password: string; generated: boolean } | undefined> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.accountType, AccountType.SuperAdmin))
    .limit(1);
  if (existing.length) return undefined;
  const root = await insertHold(db, 'Lodestar', HoldType.ServiceProvider);
  const password = opts.password || generatePassword();
  await insertUser(
    db,
    { holdId: root.id, phone: opts.phone, password, userName: '超级管理员', accountType: AccountType.SuperAdmin },
    ALL_FUNCTION_IDS,
  );
  return { phone: opts.phone, password, generated: !opts.password };
}

const GPS_USER_FUNS = [
  Fn.dashboard,
  Fn.gpsMonitor,
  Fn.onlineMonitor,
  Fn.playback,
  Fn.trackQuery,
  Fn.geofence,
  Fn.reportCentre,
  Fn.reports,
  Fn.vehicleManage,
  Fn.deviceManage,
  Fn.query,
  Fn.export,
  Fn.simHome,
];
const INSTALLER_FUNS = [Fn.dashboard, Fn.workOrders, Fn.gpsMonitor, Fn.onlineMonitor, Fn.deviceManage, Fn.query];

export const DEMO_PASSWORD = 'demo1234';
/** The demo organisation's log-ins, one per account type below the super administrator. */
export const DEMO_PHONES = ['13900000001', '13900000002', '13900000003', '13900000004'] as const;

/**
 * A demo organisation: a four-level hold tree (platform → service providers → enterprises →
 * fleets) with Chinese and Latin names, and a user of every account type. Runs once.
 */
export async function seedDemo(db: Db): Promise<SeededUser[] | undefined> {
  const done = await db.select().from(settings).where(eq(settings.key, 'demo_seeded'));
  if (done.length) return undefined;
  const [rootRow] = await db
    .select({ id: holds.id, path: holds.path })
    .from(holds)
    .where(isNull(holds.parentId))
    .orderBy(holds.id)
    .limit(1);
  const root = rootRow ?? (await insertHold(db, 'Lodestar', HoldType.ServiceProvider));

  const east = await insertHold(db, '华东服务商', HoldType.ServiceProvider, root);
  const sud = await insertHold(db, 'Sud Mobilité SARL', HoldType.ServiceProvider, root);
  const logistics = await insertHold(db, '上海快运物流 Shanghai Express', HoldType.Enterprise, east);
  const finance = await insertHold(db, '杭州车贷金融', HoldType.Enterprise, east);
  const lyon = await insertHold(db, 'Lyon Transports', HoldType.Enterprise, sud);
  const coldChain = await insertHold(db, '冷链车队', HoldType.Fleet, logistics);
  await insertHold(db, '城配车队 City Delivery', HoldType.Fleet, logistics);
  await insertHold(db, 'Équipe Nord', HoldType.Fleet, lyon);
  await insertHold(db, '张先生 (个人)', HoldType.Individual, finance);

  const adminFuns = ALL_FUNCTION_IDS;
  const seeded: SeededUser[] = [];
  const add = async (
    holdId: number,
    holdName: string,
    phone: string,
    userName: string,
    accountType: AccountType,
    funs: readonly number[],
  ) => {
    await insertUser(db, { holdId, phone, password: DEMO_PASSWORD, userName, accountType }, funs);
    seeded.push({ phone, password: DEMO_PASSWORD, userName, accountType, holdName });
  };
  const [eastAdmin, sudAdmin, dispatcher, installer] = DEMO_PHONES;
  await add(east.id, '华东服务商', eastAdmin, '王经理', AccountType.Admin, adminFuns);
  await add(sud.id, 'Sud Mobilité SARL', sudAdmin, 'Claire Martin', AccountType.Admin, adminFuns);
  await add(logistics.id, '上海快运物流 Shanghai Express', dispatcher, '李调度', AccountType.User, GPS_USER_FUNS);
  await add(coldChain.id, '冷链车队', installer, '赵师傅', AccountType.Installer, INSTALLER_FUNS);
  await db.insert(settings).values({ key: 'demo_seeded', value: new Date().toISOString() });
  return seeded;
}

/** A demo log-in as it is now; `password` only while the account still has the demo password. */
export interface DemoLogin {
  phone: string;
  password: string | undefined;
  userName: string;
  accountType: AccountType;
  holdName: string;
}

/**
 * The demo organisation's log-ins that still exist, for the start-up banner of every start (not only
 * the one that seeded them), in the order seeded; empty when no demo organisation was seeded.
 */
export async function demoLogins(db: Db): Promise<DemoLogin[]> {
  const done = await db.select().from(settings).where(eq(settings.key, 'demo_seeded'));
  if (!done.length) return [];
  const rows = await db
    .select({
      phone: users.phone,
      userName: users.userName,
      accountType: users.accountType,
      holdName: holds.name,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .innerJoin(holds, eq(holds.id, users.holdId))
    .where(inArray(users.phone, [...DEMO_PHONES]));
  rows.sort((a, b) => a.phone.localeCompare(b.phone));
  // scrypt runs on libuv's thread pool: the four checks overlap (~50 ms each).
  return Promise.all(
    rows.map(async ({ passwordHash, accountType, ...row }) => ({
      ...row,
      accountType: accountType as AccountType,
      password: (await verifyPassword(DEMO_PASSWORD, passwordHash)) ? DEMO_PASSWORD : undefined,
    })),
  );
}
