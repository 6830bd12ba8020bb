import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { AccountType, ErrCode, Fn } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

afterAll(stopTestServers);

interface UserRow {
  UserID: number;
  UserName: string;
  Phone: string;
  HoldName: string;
  Funs: number[];
}

describe.each(dbTargets())('user calls on $name PostgreSQL', (target) => {
  let t: TestApp;
  let east: Awaited<ReturnType<TestApp['buildHold']>>;
  let fleet: Awaited<ReturnType<TestApp['buildHold']>>;
  let admin: Awaited<ReturnType<TestApp['buildUser']>>;
  beforeAll(async () => {
    t = await startTestApp(target);
    east = await t.buildHold('East');
    fleet = await t.buildHold('Fleet', east);
    admin = await t.buildUser(east, [Fn.userManage, Fn.dashboard, Fn.onlineMonitor, Fn.gpsMonitor]);
    await t.buildUser(fleet, [Fn.dashboard], AccountType.User);
    await t.buildUser(await t.buildHold('West'), [Fn.dashboard]);
  });
  afterAll(() => t.close());

  it('lists the users of the caller subtree, subordinate holds included, paged and sorted', async () => {
    const r = await t.call<{ rows: UserRow[]; total: number }>('POST', 'User/GetUserList', {
      token: admin.token,
      body: { PageIndex: 1, PageSize: 1, SortColumn: 'HoldName', SortType: 'asc' },
    });
    expect(r.data.total).toBe(2);
    expect(r.data.rows).toHaveLength(1);
    expect(r.data.rows[0]!.HoldName).toBe('East');
    const page2 = await t.call<{ rows: UserRow[] }>('POST', 'User/GetUserList', {
      token: admin.token,
      body: { PageIndex: 2, PageSize: 1, SortColumn: 'HoldName', SortType: 'asc' },
    });
    expect(page2.data.rows[0]!.HoldName).toBe('Fleet');
    const onlyFleet = await t.call<{ total: number }>('POST', 'User/GetUserList', {
      token: admin.token,
      body: { PageIndex: 1, PageSize: 20, HoldID: fleet.id },
    });
    expect(onlyFleet.data.total).toBe(1);
  });

  it('adds a user with functions the granter holds, and never more', async () => {
    const tooMuch = await t.call('POST', 'User/AddUser', {
      token: admin.token,
      body: {
        HoldID: fleet.id,
        Phone: '13611110000',
        UserPassword: 'abc12345',
        UserName: '刘司机',
        AccountType: 3,
        Funs: [Fn.dashboard, Fn.simHome],
      },
    });
    expect(tooMuch).toMatchObject({ code: 403 });
    expect(tooMuch.msg).toContain(String(Fn.simHome));

    const ok = await t.call<{ UserID: number }>('POST', 'User/AddUser', {
      token: admin.token,
      body: {
        HoldID: fleet.id,
        Phone: ' 13611110000 ',
        UserPassword: 'abc12345',
        UserName: '刘司机',
        AccountType: 3,
        Funs: [Fn.dashboard, Fn.onlineMonitor],
        Email: 'liu@example.com',
      },
    });
    expect(ok.code).toBe(200);
    const dup = await t.call('POST', 'User/AddUser', {
      token: admin.token,
      body: {
        HoldID: fleet.id,
        Phone: '13611110000',
        UserPassword: 'abc12345',
        UserName: '重复',
        AccountType: 3,
        Funs: [],
      },
    });
    expect(dup.errCode).toBe(ErrCode.Conflict);

    let token = await t.login('13611110000', 'abc12345');
    const info = await t.call<{ Funs: number[]; Email: string }>('GET', 'User/GetUserInfo', { token });
    expect(info.data.Funs).toEqual([Fn.onlineMonitor, Fn.dashboard].sort((a, b) => a - b));

    expect(
      (
        await t.call('POST', 'User/SetUserFuns', {
          token: admin.token,
          body: { UserID: ok.data.UserID, Funs: [Fn.dashboard] },
        })
      ).code,
    ).toBe(200);
    // Changed functions end the account's sessions (docs/SECURITY.md): it logs in again to get them.
    expect((await t.call('GET', 'User/GetUserInfo', { token })).code).toBe(401);
    token = await t.login('13611110000', 'abc12345');
    const after = await t.call<{ Funs: number[] }>('GET', 'User/GetUserInfo', { token });
    expect(after.data.Funs).toEqual([Fn.dashboard]);
    // The changed user lacks 68, so it cannot list users.
    expect((await t.call('POST', 'User/GetUserList', { token, body: { PageIndex: 1, PageSize: 10 } })).code).toBe(403);

    expect(
      (await t.call('POST', 'User/RemoveUser', { token: admin.token, body: { UserID: ok.data.UserID } })).code,
    ).toBe(200);
    expect((await t.call('GET', 'User/GetUserInfo', { token })).code).toBe(401);
  });

  it('does not let an administrator change its own functions or remove itself', async () => {
    const setSelf = await t.call('POST', 'User/SetUserFuns', {
      token: admin.token,
      body: { UserID: admin.id, Funs: [Fn.userManage] },
    });
    expect(setSelf.code).toBe(403);
    expect((await t.call('POST', 'User/RemoveUser', { token: admin.token, body: { UserID: admin.id } })).code).toBe(
      403,
    );
  });

  it('does not touch the permissions of an account holding functions the administrator lacks', async () => {
    const u = await t.buildUser(fleet, [Fn.dashboard, Fn.simCarriers, Fn.audit], AccountType.User);
    // admin holds dashboard and onlineMonitor but neither simCarriers nor audit (roles.test.ts has the rest).
    const refused = await t.call('POST', 'User/SetUserFuns', {
      token: admin.token,
      body: { UserID: u.id, Funs: [Fn.onlineMonitor, Fn.simCarriers] },
    });
    expect(refused.code).toBe(403);
    const info = await t.call<{ Funs: number[] }>('GET', 'User/GetUserInfo', { token: u.token });
    expect(info.data.Funs).toEqual([Fn.dashboard, Fn.simCarriers, Fn.audit].sort((a, b) => a - b));
  });

  it('lets an administrator reset another account’s password, ending that account’s sessions', async () => {
    const u = await t.buildUser(fleet, [Fn.dashboard], AccountType.User);
    const weak = await t.call('POST', 'User/ResetPassword', {
      token: admin.token,
      body: { UserID: u.id, NewPass: '12' },
    });
    expect(weak.code).toBe(400);
    expect(weak.msg).toMatch(/NewPass/);
    const ok = await t.call('POST', 'User/ResetPassword', {
      token: admin.token,
      body: { UserID: u.id, NewPass: 'reset123' },
    });
    expect(ok.code).toBe(200);
    expect((await t.call('GET', 'User/GetUserInfo', { token: u.token })).code).toBe(401);
    expect(await t.login(u.phone, 'reset123')).toMatch(/\S+/);
    const self = await t.call('POST', 'User/ResetPassword', {
      token: admin.token,
      body: { UserID: admin.id, NewPass: 'reset123' },
    });
    expect(self.code).toBe(403);
  });

  it('changes a password only with the old one and a matching confirmation', async () => {
    const u = await t.buildUser(fleet, [Fn.dashboard], AccountType.User);
    const mismatch = await t.call('POST', 'User/ChangePassword', {
      token: u.token,
      body: { OldPass: u.password, NewPass: 'newpass11', ConfirmPass: 'newpass12' },
    });
    expect(mismatch.msg).toContain('两次输入的密码不一致');
    const wrongOld = await t.call('POST', 'User/ChangePassword', {
      token: u.token,
      body: { OldPass: 'nope', NewPass: 'newpass11', ConfirmPass: 'newpass11' },
      lang: 'fr',
    });
    expect(wrongOld.msg).toContain("L'ancien mot de passe est incorrect");
    const otherSession = await t.login(u.phone, u.password);
    const ok = await t.call('POST', 'User/ChangePassword', {
      token: u.token,
      body: { OldPass: u.password, NewPass: 'newpass11', ConfirmPass: 'newpass11' },
    });
    expect(ok.code).toBe(200);
    expect((await t.call('GET', 'User/GetUserInfo', { token: u.token })).code).toBe(200);
    expect((await t.call('GET', 'User/GetUserInfo', { token: otherSession })).code).toBe(401);
  });

  it('saves menu position, language and time zone', async () => {
    const u = await t.buildUser(fleet, [Fn.dashboard], AccountType.User);
    const r = await t.call<{ MenuPosition: number; Language: string; TimeZone: string }>('POST', 'User/SaveSettings', {
      token: u.token,
      body: { MenuPosition: 1, Language: 'fr', TimeZone: 'Europe/Paris' },
    });
    expect(r.data).toMatchObject({ MenuPosition: 1, Language: 'fr', TimeZone: 'Europe/Paris' });
    const bad = await t.call('POST', 'User/SaveSettings', { token: u.token, body: { TimeZone: 'Mars/Olympus' } });
    expect(bad.code).toBe(400);
    const login = await t.call<{ menuPosition: number; language: string }>('POST', 'account/login', {
      body: { Phone: u.phone, UserPassword: u.password },
    });
    expect(login.data).toMatchObject({ menuPosition: 1, language: 'fr' });
  });
});
