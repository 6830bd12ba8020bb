import { Writable } from 'node:stream';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { AccountType, Fn, ReplyCode } from '@lodestar/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { errSerializer } from './log-errors.ts';

afterAll(stopTestServers);

describe('errSerializer', () => {
  it("keeps a failed query's text and code, and drops its values wherever they are", () => {
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint "users_phone_key"'), {
      code: '23505',
      constraint: 'users_phone_key',
      detail: 'Key (phone)=(13912345678) already exists.',
    });
    const query = 'insert into "users" ("phone", "password_hash") values ($1, $2)';
    const err = Object.assign(new Error(`Failed query: ${query}\nparams: 13912345678,scrypt$secret-hash`), {
      query,
      params: ['13912345678', 'scrypt$secret-hash'],
      cause: pgError,
    });
    const out = errSerializer(err) as Record<string, unknown>;
    const text = JSON.stringify(out);
    expect(text).not.toContain('13912345678');
    expect(text).not.toContain('secret-hash');
    expect(out.query).toBe(query);
    expect(out.message).toBe(`Failed query: ${query}`);
    expect(out.cause).toMatchObject({ code: '23505', constraint: 'users_phone_key' });
  });
});

describe.each(dbTargets())('the server log on $name PostgreSQL', (target) => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await startTestApp(target, {}, { logger: { level: 'info', stream } });
    // Makes the insert fail in the database itself, past every check the service makes, as a full
    // disk or a concurrent change would.
    await t.database.db.execute(sql`ALTER TABLE users ADD CONSTRAINT test_refuse CHECK (remark <> 'refuse me')`);
  });
  afterAll(() => t.close());

  it('writes a failed insert without its parameters (the password hash, the phone)', async () => {
    const admin = await t.buildUser(t.rootHold, [Fn.userManage]);
    const r = await t.call('POST', 'User/AddUser', {
      token: admin.token,
      body: {
        HoldID: t.rootHold.id,
        Phone: '13698765432',
        UserPassword: 'abc12345',
        UserName: 'Refused',
        AccountType: AccountType.User,
        Funs: [],
        Remark: 'refuse me',
      },
    });
    expect(r.code, r.msg).toBe(ReplyCode.ServerError);
    const log = lines.join('');
    expect(log).toContain('request failed');
    expect(log).toContain('insert into \\"users\\"');
    expect(log).toContain('test_refuse');
    expect(log).not.toContain('13698765432');
    expect(log).not.toContain('scrypt$');
  });
});
