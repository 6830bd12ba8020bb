import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { DEFAULT_APP_ID, ErrCode, ReplyCode } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';

afterAll(stopTestServers);

/**
 * Bad input answers 400 naming the field, never 500 (issue 14, item 11): ids and page numbers past
 * what the database holds, dates outside 1970–2100, NUL characters, JSON nested absurdly deep.
 */
describe.each(dbTargets())('bad input refused on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token: string;
  const post = (path: string, body: unknown) => t.call('POST', path, { token, body, lang: 'en' });
  const refused = async (path: string, body: unknown, field: string) => {
    const r = await post(path, body);
    expect(r.status, `${path} ${r.msg}`).toBe(200);
    expect(r.code, `${path} ${r.msg}`).toBe(ReplyCode.BadRequest);
    expect(r.errCode).toBe(ErrCode.Validation);
    expect(r.msg).toContain(field);
  };

  beforeAll(async () => {
    t = await startTestApp(target);
    token = await t.login('13800000000', 'admin123');
  });
  afterAll(() => t.close());

  it('refuses ids past the integer range, in a list, a get-by-id and a nested list', async () => {
    await refused('User/GetUserList', { PageIndex: 1, PageSize: 20, HoldID: 2147483648 }, 'HoldID');
    await refused('Sim/GetSimDetail', { SimID: 2147483648 }, 'SimID');
    await refused('User/RemoveUser', { UserID: 1e308 }, 'UserID');
    // The largest integer is still an id: it names no row.
    const r = await post('Sim/GetSimDetail', { SimID: 2147483647 });
    expect(r.code).not.toBe(ReplyCode.ServerError);
    expect(r.code).not.toBe(ReplyCode.Ok);
  });

  it('refuses any integer past the database integer range, also where the schema sets no bound of its own', async () => {
    await refused('User/SetUserFuns', { UserID: 1, Funs: [68, 2147483648] }, 'Funs');
    await refused('User/SetUserFuns', { UserID: 1, Funs: [68, 1e308] }, 'Funs');
  });

  it('refuses page numbers no list reaches', async () => {
    await refused('User/GetUserList', { PageIndex: 1e308, PageSize: 20 }, 'PageIndex');
    await refused('Log/GetOperationLog', { PageIndex: 2 ** 53, PageSize: 20 }, 'PageIndex');
    const last = await post('User/GetUserList', { PageIndex: 1_000_000, PageSize: 1000 });
    expect(last.code, last.msg).toBe(ReplyCode.Ok);
  });

  it('refuses dates outside 1970–2100, and days that do not exist', async () => {
    for (const time of ['1900-01-01 00:00:00', '9999-12-31 23:59:59', '1969-12-31 23:59:59', '2101-01-01 00:00:00'])
      await refused('Log/GetOperationLog', { PageIndex: 1, PageSize: 20, StartTime: time }, 'StartTime');
    await refused('Log/GetOperationLog', { PageIndex: 1, PageSize: 20, EndTime: '2024-02-31 00:00:00' }, 'EndTime');
    await refused('Sim/GetSimList', { PageIndex: 1, PageSize: 20, ExpiresFrom: '0001-01-01' }, 'ExpiresFrom');
    await refused('Sim/GetSimList', { PageIndex: 1, PageSize: 20, ExpiresTo: '2024-02-30' }, 'ExpiresTo');
    const fine = await post('Log/GetOperationLog', {
      PageIndex: 1,
      PageSize: 20,
      StartTime: '1970-01-01 00:00:00',
      EndTime: '2100-12-31 23:59:59',
    });
    expect(fine.code, fine.msg).toBe(ReplyCode.Ok);
  });

  it('refuses NUL characters, naming the field, at any depth and in the query', async () => {
    await refused('User/GetUserList', { PageIndex: 1, PageSize: 20, Keyword: 'a\u0000b' }, 'Keyword');
    await refused('Log/GetOperationLog', { PageIndex: 1, PageSize: 20, Keyword: '\u0000' }, 'Keyword');
    await refused('Sim/ImportSims', { SupplierID: 1, Rows: [{ ICCID: '8986\u00001234567890123' }] }, 'Rows.0.ICCID');
    const q = await t.call('GET', 'User/GetUserInfo', { token, query: { extra: 'x\u0000' }, lang: 'en' });
    expect(q.code, q.msg).toBe(ReplyCode.BadRequest);
    expect(q.msg).toContain('extra');
  });

  it('refuses JSON nested deeper than any call needs, before parsing it', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    for (const payload of [deep, `{"PageIndex":1,"PageSize":20,"Keyword":${deep}}`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/API/api/User/GetUserList',
        query: { format: 'json', appid: DEFAULT_APP_ID },
        headers: { authorization: token, 'content-type': 'application/json', 'accept-language': 'en' },
        payload,
      });
      expect(res.statusCode).toBe(200);
      const r = res.json() as { code: number; msg: string };
      expect(r.code).toBe(ReplyCode.BadRequest);
      expect(r.msg).toContain('body');
    }
    // Brackets inside strings are text, not nesting.
    const text = await post('User/GetUserList', { PageIndex: 1, PageSize: 20, Keyword: '['.repeat(60) });
    expect(text.code, text.msg).toBe(ReplyCode.Ok);
  });
});
