import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { AccountType, ErrCode, Fn } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columns, exportAndRead, listAll } from '../../test/exports.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

afterAll(stopTestServers);

type UserRow = {
  UserID: number;
  UserName: string;
  Phone: string;
  AccountType: number;
  HoldName: string;
  CreateTime: string;
};
const TYPE_TEXT: Record<number, string> = { 2: 'Administrator', 3: 'Ordinary user', 4: 'Installer' };

describe.each(dbTargets())('exporting accounts and the operation log on $name PostgreSQL', (target) => {
  let t: TestApp;
  let dataDir: string;
  let admin: { id: number; token: string };
  let hold: { id: number; path: string };
  let customer: { id: number; path: string };
  let sibling: { id: number; path: string };
  let siblingUser: { id: number };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lodestar-user-export-'));
    t = await startTestApp(target, { DATA_DIR: dataDir });
    hold = await t.buildHold('Provider');
    customer = await t.buildHold('Customer', hold);
    sibling = await t.buildHold('Sibling');
    admin = await t.buildUser(hold, [Fn.simAccounts, Fn.simLog, Fn.export]);
    for (let n = 0; n < 12; n++)
      await t.buildUser(
        n % 2 ? customer : hold,
        [],
        [AccountType.Admin, AccountType.User, AccountType.Installer][n % 3],
      );
    siblingUser = await t.buildUser(sibling, []);
    // Operation log lines in both subtrees: A's writes, and the sibling's own.
    for (const name of ['one', 'two', 'three']) {
      const r = await t.call('POST', 'User/ModifyUser', {
        token: admin.token,
        body: { UserID: admin.id, UserName: `admin ${name}` },
      });
      expect(r.code).toBe(200);
    }
    await t.database.pool.query(
      `INSERT INTO operation_logs (user_id, hold_id, action, detail, ip) VALUES ($1, $2, 'removeUser', 'sibling secret', '10.0.0.9')`,
      [siblingUser.id, sibling.id],
    );
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes the account list’s rows in its order, account types as text', async () => {
    const filter = { SortColumn: 'AccountType', SortType: 'desc' };
    const sheet = await exportAndRead(t, admin.token, 'User/ExportUserList', filter);
    expect(sheet.fileName).toMatch(/^Accounts-\d{8}-\d{6}\.xlsx$/);
    const list = await listAll<UserRow>(t, admin.token, 'User/GetUserList', filter);
    expect(list).toHaveLength(13);
    expect(columns(sheet, ['User name', 'Login phone', 'Account type', 'Unit', 'Created'])).toEqual(
      list.map((u) => [u.UserName, u.Phone, TYPE_TEXT[u.AccountType], u.HoldName, u.CreateTime]),
    );
    expect(list.map((u) => u.UserID)).not.toContain(siblingUser.id);

    const narrowed = { HoldID: customer.id, Keyword: '' };
    const part = await exportAndRead(t, admin.token, 'User/ExportUserList', narrowed, 'fr');
    const partList = await listAll<UserRow>(t, admin.token, 'User/GetUserList', narrowed);
    expect(partList).toHaveLength(6);
    expect(columns(part, ['Nom d’utilisateur', 'Type de compte'])).toEqual(
      partList.map((u) => [u.UserName, { 2: 'Administrateur', 3: 'Utilisateur', 4: 'Installateur' }[u.AccountType]]),
    );
  });

  it('refuses another hold’s HoldID and a caller without the export function', async () => {
    const theirs = await t.call('POST', 'User/ExportUserList', { token: admin.token, body: { HoldID: sibling.id } });
    expect({ code: theirs.code, errCode: theirs.errCode }).toEqual({ code: 403, errCode: ErrCode.OutsideHold });
    const noExport = await t.buildUser(hold, [Fn.simAccounts, Fn.simLog]);
    for (const p of ['User/ExportUserList', 'Log/ExportOperationLog']) {
      const r = await t.call('POST', p, { token: noExport.token, body: {} });
      expect({ p, code: r.code, errCode: r.errCode }).toEqual({ p, code: 403, errCode: ErrCode.NoFunction });
    }
  });

  it('writes the operation log as the log page shows it, actions named in the caller’s language', async () => {
    const sheet = await exportAndRead(t, admin.token, 'Log/ExportOperationLog', { Keyword: '' }, 'zh');
    const list = await listAll<{ UserName: string; Action: string; Detail: string; CreateTime: string }>(
      t,
      admin.token,
      'Log/GetOperationLog',
      { Keyword: '' },
    );
    expect(list.filter((l) => l.Action === 'modifyUser')).toHaveLength(3);
    expect(columns(sheet, ['时间', '操作人', '操作', '详情'])).toEqual(
      list.map((l) => [l.CreateTime, l.UserName, l.Action === 'modifyUser' ? '修改账号' : l.Action, l.Detail]),
    );
    expect(sheet.rows.flat()).not.toContain('sibling secret');
  });
});
