import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureSuperAdmin, hashPassword, holds, userFunctions, users } from '@lodestar/db';
import { createTestDatabase, type DbTarget } from '@lodestar/db/testing';
import { AccountType, DEFAULT_APP_ID, HoldType } from '@lodestar/domain';
import { eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { InProcessBus } from '../ingest/bus.ts';
import { createIngest, fenceSettings } from '../ingest/index.ts';
import { LocalSmsProvider } from '../modules/sms/provider.ts';

export interface Reply<T = unknown> {
  code: number;
  msg: string;
  errCode: number;
  data: T;
}

/**
 * A real app on a fresh database of the target server, with the local SMS provider writing into
 * `smsLog` instead of stdout so tests can read the codes a user would receive.
 */
export async function startTestApp(target: DbTarget, env: Record<string, string> = {}, opts: { logger?: object } = {}) {
  const database = await createTestDatabase(target);
  const smsLog: string[] = [];
  // Every test request comes from 127.0.0.1, so the per-address limits are lifted here.
  // Uploads and downloads go under DATA_DIR by user id: a database of its own wants a directory of
  // its own, or another run's user 2 leaves files in this one's (and counts against its upload quota).
  const ownDataDir = env.DATA_DIR ? undefined : await mkdtemp(path.join(tmpdir(), 'lodestar-test-'));
  const config = loadConfig({
    DEMO: '0',
    ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
    LOGIN_LIMIT_PER_ADDRESS: '100000',
    CODE_CHECK_LIMIT_PER_ADDRESS: '100000',
    SMS_CODE_LIMIT_PER_ADDRESS: '100000',
    ...env,
  });
  const ingest = createIngest(
    database.pool,
    new InProcessBus(),
    config.filters,
    undefined,
    undefined,
    undefined,
    config.deviceDayZone,
    config.historyTrips ? config.tripParams : undefined,
    fenceSettings(config),
  );
  const app = await buildApp({
    config,
    database,
    ingest,
    sms: new LocalSmsProvider((l) => smsLog.push(l)),
    ...(opts.logger ? { logger: opts.logger } : {}),
  });
  await ensureSuperAdmin(database.db, { phone: '13800000000', password: 'admin123' });
  const [rootHold] = await database.db.select().from(holds).where(isNull(holds.parentId));
  if (!rootHold) throw new Error('no root hold');

  const call = async <T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    opts: { token?: string | undefined; body?: unknown; query?: Record<string, string>; lang?: string } = {},
  ): Promise<Reply<T> & { status: number; raw: LightMyRequestResponse }> => {
    const res = await app.inject({
      method,
      url: `/API/api/${path}`,
      query: { format: 'json', appid: DEFAULT_APP_ID, ...opts.query },
      headers: {
        ...(opts.token ? { authorization: opts.token } : {}),
        ...(opts.lang ? { 'accept-language': opts.lang } : {}),
      },
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
    return { ...(res.json() as Reply<T>), status: res.statusCode, raw: res };
  };

  const login = async (phone: string, password: string) => {
    const r = await call<{ token: string }>('POST', 'account/login', {
      body: { Phone: phone, UserPassword: password },
    });
    if (r.code !== 200) throw new Error(`login ${phone} failed: ${r.msg}`);
    return r.data.token;
  };

  /** Factories writing straight to the database, like outline's test factories. */
  const buildHold = async (
    name: string,
    parent: { id: number; path: string } = rootHold,
    holdType = HoldType.Enterprise,
  ) => {
    const [row] = await database.db
      .insert(holds)
      .values({ name, holdType, parentId: parent.id, path: '/' })
      .returning();
    const path = `${parent.path}${row!.id}/`;
    await database.db.update(holds).set({ path }).where(eq(holds.id, row!.id));
    return { ...row!, path };
  };
  let phoneSeq = 13700000000;
  const buildUser = async (
    hold: { id: number },
    funs: readonly number[],
    accountType: AccountType = AccountType.Admin,
    password = 'pass1234',
  ) => {
    const phone = String(phoneSeq++);
    const [row] = await database.db
      .insert(users)
      .values({
        holdId: hold.id,
        phone,
        userName: `user ${phone}`,
        accountType,
        passwordHash: await hashPassword(password),
      })
      .returning();
    if (funs.length)
      await database.db.insert(userFunctions).values(funs.map((functionId) => ({ userId: row!.id, functionId })));
    return { ...row!, password, token: await login(phone, password) };
  };

  const lastSmsCode = (phone: string) => {
    const line = [...smsLog].reverse().find((l) => l.includes(`SMS code for ${phone}:`));
    return line ? /SMS code for \S+: (\d{6})/.exec(line)?.[1] : undefined;
  };

  return {
    app: app as FastifyInstance,
    database,
    /** DATA_DIR of this app (its own temporary directory unless the test named one). */
    dataDir: config.dataDir,
    ingest,
    rootHold,
    smsLog,
    call,
    login,
    buildHold,
    buildUser,
    lastSmsCode,
    async close() {
      await ingest.writer.close();
      await app.close();
      await database.close();
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;
