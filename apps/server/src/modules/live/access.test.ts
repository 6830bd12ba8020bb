import { userFunctions, users } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn } from '@lodestar/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

afterAll(stopTestServers);

type Hold = { id: number; path: string };
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** A live-feed socket past its hello, with the code it closes with (if it does). */
async function openFeed(t: TestApp, token: string) {
  const ws = await t.app.injectWS('/API/ws?appid=lodestar');
  const types: string[] = [];
  ws.on('message', (m) => types.push(JSON.parse(String(m)).type));
  let code: number | undefined;
  const closed = new Promise<number>((r) =>
    ws.on('close', (c) => {
      code = c;
      r(c);
    }),
  );
  ws.send(JSON.stringify({ type: 'auth', token }));
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 150 && !done(); i++) await new Promise((r) => setTimeout(r, 20));
  };
  await until(() => types.includes('hello') || code !== undefined);
  if (!types.includes('hello')) throw new Error(`no hello (closed ${code})`);
  return {
    ws,
    closed,
    isOpen: () => code === undefined,
    /** The socket still answers: a watch is answered with a watch. */
    async answers() {
      const before = types.filter((x) => x === 'watch').length;
      ws.send(JSON.stringify({ type: 'watch', DeviceIDs: null }));
      await until(() => types.filter((x) => x === 'watch').length > before || code !== undefined);
      return types.filter((x) => x === 'watch').length > before;
    },
  };
}

/** Within the test's default timeout; the feed's own recheck in these apps is 30 s (the default). */
const closeCode = (feed: { closed: Promise<number> }) =>
  Promise.race([feed.closed, new Promise<string>((r) => setTimeout(() => r('still open'), 3000))]);

describe.each(dbTargets())('sessions and sockets follow access changes on $name PostgreSQL', (target) => {
  let t: TestApp;
  let a: Hold;
  let a1: Hold;
  let admin: Awaited<ReturnType<TestApp['buildUser']>>;
  const watcher = () => t.buildUser(a, [Fn.onlineMonitor, Fn.dashboard]);
  const profile = (token: string) => t.call('GET', 'User/GetUserInfo', { token, lang: 'en' });
  beforeAll(async () => {
    t = await startTestApp(target);
    a = await t.buildHold('A');
    a1 = await t.buildHold('A-1', a);
    admin = await t.buildUser(a, [Fn.userManage, Fn.onlineMonitor, Fn.dashboard]);
  });
  afterAll(() => t.close());

  it('an edit that leaves functions, unit and service end alone keeps the session and its socket', async () => {
    const u = await watcher();
    const feed = await openFeed(t, u.token);
    const r = await t.call('POST', 'User/ModifyUser', {
      token: admin.token,
      body: { UserID: u.id, Email: 'x@example.com', Funs: [Fn.dashboard, Fn.onlineMonitor] },
    });
    expect(r.code).toBe(200);
    expect(await feed.answers()).toBe(true);
    expect((await profile(u.token)).code).toBe(200);
    feed.ws.terminate();
  });

  it('functions taken away: the socket closes and the token is refused at once', async () => {
    const u = await watcher();
    const feed = await openFeed(t, u.token);
    const r = await t.call('POST', 'User/SetUserFuns', {
      token: admin.token,
      body: { UserID: u.id, Funs: [Fn.onlineMonitor] },
    });
    expect(r.code).toBe(200);
    expect(await closeCode(feed)).toBe(4401);
    expect((await profile(u.token)).code).toBe(401);
  });

  it('moved to another unit: the socket (still streaming the old unit) closes and the token is refused', async () => {
    const u = await watcher();
    const feed = await openFeed(t, u.token);
    const r = await t.call('POST', 'User/ModifyUser', { token: admin.token, body: { UserID: u.id, HoldID: a1.id } });
    expect(r.code).toBe(200);
    expect(await closeCode(feed)).toBe(4401);
    expect((await profile(u.token)).code).toBe(401);
  });

  it('removed: the socket closes and the token is refused', async () => {
    const u = await watcher();
    const feed = await openFeed(t, u.token);
    expect((await t.call('POST', 'User/RemoveUser', { token: admin.token, body: { UserID: u.id } })).code).toBe(200);
    expect(await closeCode(feed)).toBe(4401);
    expect((await profile(u.token)).code).toBe(401);
  });

  it('service end set in the past: the socket closes and every call answers 401 "account expired"', async () => {
    const u = await watcher();
    const feed = await openFeed(t, u.token);
    const r = await t.call('POST', 'User/ModifyUser', {
      token: admin.token,
      body: { UserID: u.id, ServiceEndDate: yesterday() },
    });
    expect(r.code).toBe(200);
    expect(await closeCode(feed)).toBe(4401);
    const refused = await profile(u.token);
    expect(refused).toMatchObject({ code: 401, msg: 'This account has expired, contact the administrator' });
  });

  it('service end passing while logged in: the next call is refused though the session is valid', async () => {
    const u = await watcher();
    expect((await profile(u.token)).code).toBe(200);
    // No one changed anything through the API: the date simply passed.
    await t.database.db.update(users).set({ serviceEndDate: yesterday() }).where(eq(users.id, u.id));
    const refused = await profile(u.token);
    expect(refused).toMatchObject({ code: 401, errCode: ErrCode.AccountExpired });
    expect(refused.msg).toMatch(/expired/);
  });

  it("a password change closes the account's other sockets and keeps the one that changed it", async () => {
    const u = await watcher();
    const other = await t.login(u.phone, u.password);
    const mine = await openFeed(t, u.token);
    const theirs = await openFeed(t, other);
    const r = await t.call('POST', 'User/ChangePassword', {
      token: u.token,
      body: { OldPass: u.password, NewPass: 'newpass123', ConfirmPass: 'newpass123' },
    });
    expect(r.code).toBe(200);
    expect(await closeCode(theirs)).toBe(4401);
    expect(await mine.answers()).toBe(true);
    expect(mine.isOpen()).toBe(true);
    // Logging out closes that session's socket too.
    expect((await t.call('POST', 'account/logout', { token: u.token })).code).toBe(200);
    expect(await closeCode(mine)).toBe(4401);
  });

  it("an administrator's password reset closes the account's sockets", async () => {
    const u = await watcher();
    const feed = await openFeed(t, u.token);
    const r = await t.call('POST', 'User/ResetPassword', {
      token: admin.token,
      body: { UserID: u.id, NewPass: 'reset1234' },
    });
    expect(r.code).toBe(200);
    expect(await closeCode(feed)).toBe(4401);
  });
});

// Changes no in-process event announces (another process, ROLES apart, or the database edited by
// hand): the periodic recheck, every second here, compares the session, functions and hold.
describe.each(dbTargets())('the live feed rechecks access on $name PostgreSQL', (target) => {
  let t: TestApp;
  let a: Hold;
  let a1: Hold;
  const watcher = () => t.buildUser(a, [Fn.onlineMonitor, Fn.dashboard]);
  beforeAll(async () => {
    t = await startTestApp(target, { LIVE_RECHECK_SECONDS: '1' });
    a = await t.buildHold('A');
    a1 = await t.buildHold('A-1', a);
  });
  afterAll(() => t.close());

  const dropFunction = (userId: number, fn: number) =>
    t.database.db.delete(userFunctions).where(and(eq(userFunctions.userId, userId), eq(userFunctions.functionId, fn)));

  it('closes with 4409 when another function changed, so the client reconnects with its new access', async () => {
    const u = await watcher();
    const feed = await openFeed(t, u.token);
    await dropFunction(u.id, Fn.dashboard);
    expect(await closeCode(feed)).toBe(4409);
    // The reconnect gets a feed: the session itself is still valid.
    const again = await openFeed(t, u.token);
    expect(await again.answers()).toBe(true);
    again.ws.terminate();
  });

  it('closes with 4403 when the monitor function is gone', async () => {
    const u = await watcher();
    const feed = await openFeed(t, u.token);
    await dropFunction(u.id, Fn.onlineMonitor);
    expect(await closeCode(feed)).toBe(4403);
  });

  it('closes with 4409 when the user is in another unit', async () => {
    const u = await watcher();
    const feed = await openFeed(t, u.token);
    await t.database.db.update(users).set({ holdId: a1.id }).where(eq(users.id, u.id));
    expect(await closeCode(feed)).toBe(4409);
  });

  it("closes with 4401 when the account's service has ended", async () => {
    const u = await watcher();
    const feed = await openFeed(t, u.token);
    await t.database.db.update(users).set({ serviceEndDate: yesterday() }).where(eq(users.id, u.id));
    expect(await closeCode(feed)).toBe(4401);
  });
});
