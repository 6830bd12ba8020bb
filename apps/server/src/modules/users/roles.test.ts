import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { AccountType, ALL_FUNCTION_IDS, ErrCode, Fn } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

afterAll(stopTestServers);

const { SuperAdmin, Admin, User, Installer } = AccountType;
const TYPES = [SuperAdmin, Admin, User, Installer] as const;
const NAME = { [SuperAdmin]: 'super admin', [Admin]: 'admin', [User]: 'ordinary user', [Installer]: 'installer' };

/**
 * Who may manage whom, written out rather than derived from the rule under test: nobody manages
 * the super administrator; otherwise an account manages the types at or below its own.
 */
const MAY_MANAGE: Record<AccountType, Record<AccountType, boolean>> = {
  [SuperAdmin]: { [SuperAdmin]: false, [Admin]: true, [User]: true, [Installer]: true },
  [Admin]: { [SuperAdmin]: false, [Admin]: true, [User]: true, [Installer]: true },
  [User]: { [SuperAdmin]: false, [Admin]: false, [User]: true, [Installer]: true },
  [Installer]: { [SuperAdmin]: false, [Admin]: false, [User]: false, [Installer]: true },
};
const PAIRS = TYPES.flatMap((actor) => TYPES.map((target) => ({ actor, target, allowed: MAY_MANAGE[actor][target] })));

/** What every actor below holds; the targets hold less, so only the account type decides. */
const ACTOR_FUNS = [Fn.userManage, Fn.dashboard, Fn.onlineMonitor];

interface Info {
  UserName: string;
  Phone: string;
  AccountType: number;
  HoldID: number;
  Funs: number[];
  ServiceEndDate: string | null;
}

describe.each(dbTargets())('who may manage whom on $name PostgreSQL', (db) => {
  let t: TestApp;
  let unit: Awaited<ReturnType<TestApp['buildHold']>>;
  let team: Awaited<ReturnType<TestApp['buildHold']>>;
  const actors = new Map<AccountType, { id: number; token: string }>();
  let phoneSeq = 13900000000;
  const newPhone = () => String(phoneSeq++);

  beforeAll(async () => {
    t = await startTestApp(db);
    unit = await t.buildHold('Unit');
    team = await t.buildHold('Team', unit);
    for (const type of TYPES) actors.set(type, await t.buildUser(unit, ACTOR_FUNS, type));
  });
  afterAll(() => t.close());

  const info = async (token: string) => (await t.call<Info>('GET', 'User/GetUserInfo', { token })).data;
  /** Read from the database: a change of functions or type ends the account's sessions, so its token may not answer. */
  const stored = async (id: number): Promise<Info> => {
    const { rows } = await t.database.pool.query(
      `SELECT user_name, phone, account_type, hold_id, service_end_date::text AS end,
              ARRAY(SELECT function_id FROM user_functions WHERE user_id = u.id ORDER BY function_id) AS funs
         FROM users u WHERE id = $1`,
      [id],
    );
    const r = rows[0];
    return {
      UserName: r.user_name,
      Phone: r.phone,
      AccountType: r.account_type,
      HoldID: r.hold_id,
      Funs: r.funs,
      ServiceEndDate: r.end,
    };
  };

  describe.each(PAIRS)('$actor managing $target', ({ actor, target, allowed }) => {
    it(`${allowed ? 'may' : 'may not'} update, grant, reset and remove`, async () => {
      const { token } = actors.get(actor)!;
      const u = await t.buildUser(unit, [Fn.dashboard], target);
      const expected = allowed ? { code: 200 } : { code: 403, errCode: ErrCode.NoFunction };
      const phone = newPhone();

      const update = await t.call('POST', 'User/ModifyUser', {
        token,
        body: { UserID: u.id, UserName: 'renamed', Phone: phone, ServiceEndDate: '2099-12-31' },
      });
      expect(update, `${NAME[actor]} updates ${NAME[target]}`).toMatchObject(expected);
      const funs = await t.call('POST', 'User/SetUserFuns', { token, body: { UserID: u.id, Funs: [] } });
      expect(funs, `${NAME[actor]} sets the functions of ${NAME[target]}`).toMatchObject(expected);
      if (!allowed) {
        const after = await stored(u.id);
        expect(after).toMatchObject({ UserName: u.userName, Phone: u.phone, Funs: [Fn.dashboard] });
        expect(after.ServiceEndDate).toBeNull();
      } else {
        expect(await stored(u.id)).toMatchObject({ UserName: 'renamed', Phone: phone, Funs: [] });
      }

      const reset = await t.call('POST', 'User/ResetPassword', { token, body: { UserID: u.id, NewPass: 'taken123' } });
      expect(reset, `${NAME[actor]} resets the password of ${NAME[target]}`).toMatchObject(expected);
      const loginPhone = allowed ? phone : u.phone;
      await expect(t.login(loginPhone, allowed ? 'taken123' : u.password)).resolves.toMatch(/\S/);
      if (!allowed) await expect(t.login(loginPhone, 'taken123')).rejects.toThrow();

      const remove = await t.call('POST', 'User/RemoveUser', { token, body: { UserID: u.id } });
      expect(remove, `${NAME[actor]} removes ${NAME[target]}`).toMatchObject(expected);
      const left = await t.database.pool.query('SELECT 1 FROM users WHERE id = $1', [u.id]);
      expect(left.rowCount).toBe(allowed ? 0 : 1);
    });

    // The super administrator is not given by User/AddUser or ModifyUser at all (the contract refuses it).
    if (target !== SuperAdmin) {
      it(`${allowed ? 'may' : 'may not'} create one or make an account one`, async () => {
        const { token } = actors.get(actor)!;
        const expected = allowed ? { code: 200 } : { code: 403, errCode: ErrCode.NoFunction };
        const add = await t.call('POST', 'User/AddUser', {
          token,
          body: {
            HoldID: team.id,
            Phone: newPhone(),
            UserPassword: 'abc12345',
            UserName: 'new one',
            AccountType: target,
            Funs: [Fn.dashboard],
          },
        });
        expect(add, `${NAME[actor]} creates ${NAME[target]}`).toMatchObject(expected);

        // An installer is the lowest type: anyone who manages users manages installers.
        const u = await t.buildUser(team, [Fn.dashboard], Installer);
        const raise = await t.call('POST', 'User/ModifyUser', { token, body: { UserID: u.id, AccountType: target } });
        expect(raise, `${NAME[actor]} makes an installer ${NAME[target]}`).toMatchObject(expected);
        expect((await stored(u.id)).AccountType).toBe(allowed ? target : Installer);
      });
    }
  });

  describe('functions: only accounts holding a subset of the caller’s own', () => {
    it('stops a user manager from taking over the unit administrator who holds every function (issue #14)', async () => {
      const manager = await t.buildUser(unit, [Fn.userManage], Admin);
      const chief = await t.buildUser(unit, ALL_FUNCTION_IDS, Admin);
      const attempts: [string, object][] = [
        ['User/ResetPassword', { UserID: chief.id, NewPass: 'taken123' }],
        ['User/ModifyUser', { UserID: chief.id, Phone: newPhone() }],
        ['User/SetUserFuns', { UserID: chief.id, Funs: [] }],
        ['User/ModifyUser', { UserID: chief.id, HoldID: team.id }],
        ['User/RemoveUser', { UserID: chief.id }],
      ];
      for (const [path, body] of attempts) {
        const r = await t.call('POST', path, { token: manager.token, body, lang: 'en' });
        expect({ path, code: r.code, msg: r.msg }).toEqual({
          path,
          code: 403,
          msg: 'You cannot manage an account that holds functions you do not have',
        });
      }
      const after = await info(await t.login(chief.phone, chief.password));
      expect(after).toMatchObject({
        Phone: chief.phone,
        HoldID: unit.id,
        Funs: [...ALL_FUNCTION_IDS].sort((a, b) => a - b),
      });
    });

    it('refuses an account of a lesser type that holds a single function the caller lacks', async () => {
      const manager = await t.buildUser(unit, [Fn.userManage, Fn.dashboard], Admin);
      const u = await t.buildUser(unit, [Fn.dashboard, Fn.audit], User);
      const r = await t.call('POST', 'User/ResetPassword', {
        token: manager.token,
        body: { UserID: u.id, NewPass: 'taken123' },
        lang: 'fr',
      });
      expect(r).toMatchObject({ code: 403, msg: expect.stringContaining('fonctions que vous n’avez pas') });
      // Once the account holds only what the caller holds, the caller manages it.
      const superToken = await t.login('13800000000', 'admin123');
      expect(
        (await t.call('POST', 'User/SetUserFuns', { token: superToken, body: { UserID: u.id, Funs: [Fn.dashboard] } }))
          .code,
      ).toBe(200);
      const ok = await t.call('POST', 'User/ResetPassword', {
        token: manager.token,
        body: { UserID: u.id, NewPass: 'taken123' },
      });
      expect(ok.code).toBe(200);
    });

    it('never grants, nor creates an account with, a function the caller lacks', async () => {
      const manager = await t.buildUser(unit, [Fn.userManage, Fn.dashboard], Admin);
      const u = await t.buildUser(unit, [Fn.dashboard], User);
      const grant = await t.call('POST', 'User/SetUserFuns', {
        token: manager.token,
        body: { UserID: u.id, Funs: [Fn.dashboard, Fn.audit] },
      });
      expect(grant).toMatchObject({ code: 403, msg: expect.stringContaining(String(Fn.audit)) });
      const viaModify = await t.call('POST', 'User/ModifyUser', {
        token: manager.token,
        body: { UserID: u.id, Funs: [Fn.audit] },
      });
      expect(viaModify.code).toBe(403);
      expect((await stored(u.id)).Funs).toEqual([Fn.dashboard]);
      const add = await t.call('POST', 'User/AddUser', {
        token: manager.token,
        body: {
          HoldID: unit.id,
          Phone: newPhone(),
          UserPassword: 'abc12345',
          UserName: 'new one',
          AccountType: User,
          Funs: [Fn.dashboard, Fn.userManage, Fn.audit],
        },
        lang: 'zh',
      });
      expect(add).toMatchObject({ code: 403, msg: expect.stringContaining('不能授予自己没有的权限') });
    });

    it('still lists the accounts it may not manage, read-only', async () => {
      const manager = await t.buildUser(team, [Fn.userManage], Admin);
      const chief = await t.buildUser(team, ALL_FUNCTION_IDS, Admin);
      const r = await t.call<{ rows: { UserID: number }[] }>('POST', 'User/GetUserList', {
        token: manager.token,
        body: { PageIndex: 1, PageSize: 100 },
      });
      expect(r.data.rows.map((u) => u.UserID)).toContain(chief.id);
    });
  });

  describe.each([Admin, User, Installer])('account type %i editing itself', (type) => {
    it('may not change its own service end, account type or organisation', async () => {
      const self = await t.buildUser(unit, [Fn.userManage, Fn.dashboard], type);
      await t.database.pool.query(`UPDATE users SET service_end_date = '2030-01-31' WHERE id = $1`, [self.id]);
      const attempts = [
        { ServiceEndDate: '2099-12-31' },
        { ServiceEndDate: '' },
        { AccountType: type === Installer ? User : Installer },
        { HoldID: team.id },
      ];
      for (const change of attempts) {
        const r = await t.call('POST', 'User/ModifyUser', {
          token: self.token,
          body: { UserID: self.id, ...change },
          lang: 'en',
        });
        expect({ change, code: r.code, msg: r.msg }).toEqual({
          change,
          code: 403,
          msg: 'You cannot change your own account type, organisation, service end date or log-in hours',
        });
      }
      expect(await info(self.token)).toMatchObject({
        AccountType: type,
        HoldID: unit.id,
        ServiceEndDate: '2030-01-31',
      });
    });

    it('may still change its own name and phone (the form resends the unchanged terms) and password', async () => {
      const self = await t.buildUser(unit, [Fn.userManage, Fn.dashboard], type);
      const phone = newPhone();
      const r = await t.call('POST', 'User/ModifyUser', {
        token: self.token,
        body: {
          UserID: self.id,
          UserName: 'me again',
          Phone: phone,
          AccountType: type,
          HoldID: unit.id,
          ServiceEndDate: '',
        },
      });
      expect(r.code).toBe(200);
      const saved = await t.call('POST', 'User/SaveSettings', { token: self.token, body: { UserName: 'me at last' } });
      expect(saved.code).toBe(200);
      const changed = await t.call('POST', 'User/ChangePassword', {
        token: self.token,
        body: { OldPass: self.password, NewPass: 'mine1234', ConfirmPass: 'mine1234' },
      });
      expect(changed.code).toBe(200);
      expect(await info(await t.login(phone, 'mine1234'))).toMatchObject({ UserName: 'me at last', AccountType: type });
    });
  });
});
