import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { DEFAULT_APP_ID, ErrCode, Fn, ReplyCode } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';

afterAll(stopTestServers);

/**
 * Requests as a console built on the spec sends them (issue 13, part 4): '' for an unset optional
 * field, the JSON content type with no body for a call without payload, numbers as strings.
 */
describe.each(dbTargets())("the spec's clients accepted on $name PostgreSQL", (target) => {
  let t: TestApp;
  let token: string;
  let carrier: number;
  const post = <T = unknown>(path: string, body: unknown, lang = 'en') =>
    t.call<T>('POST', path, { token, body, lang });
  /** A POST exactly as a browser sends `fetch(url, { method: 'POST', headers: json })`: no body at all. */
  const emptyJsonPost = async (path: string, contentType = 'application/json') => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/API/api/${path}`,
      query: { format: 'json', appid: DEFAULT_APP_ID },
      headers: { authorization: token, 'content-type': contentType, 'accept-language': 'en' },
    });
    return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: unknown }) };
  };

  beforeAll(async () => {
    t = await startTestApp(target);
    const hold = await t.buildHold('Provider');
    token = (await t.buildUser(hold, [Fn.simCarriers, Fn.simSuppliers, Fn.userManage, Fn.simBusiness, Fn.audit])).token;
    carrier = (await post<{ OperatorID: number }>('operator/addoperator', { OperatorName: 'Mobile' })).data.OperatorID;
    await post('supplier/addsupplier', { SupplierName: 'Shenzhen IoT', OperatorID: carrier, Remark: 'main' });
    await post('supplier/addsupplier', { SupplierName: 'Beijing Cards', OperatorID: carrier });
  });
  afterAll(() => t.close());

  it("reads '' in an optional enum or integer field as not given", async () => {
    const r = await post<{ rows: { SupplierName: string }[]; total: number }>('supplier/getsupplierlist', {
      PageIndex: 1,
      PageSize: 10,
      SortColumn: '',
      SortType: '',
      OperatorID: '',
      SupplierName: '',
    });
    expect(r.code, r.msg).toBe(ReplyCode.Ok);
    expect(r.data.total).toBe(2);
    expect(r.data.rows.map((s) => s.SupplierName).sort()).toEqual(['Beijing Cards', 'Shenzhen IoT']);

    const users = await post<{ rows: unknown[]; total: number }>('User/GetUserList', {
      PageIndex: 1,
      PageSize: 10,
      HoldID: '',
      SortColumn: '',
    });
    expect(users.code, users.msg).toBe(ReplyCode.Ok);
    expect(users.data.total).toBeGreaterThan(0);
  });

  it("asks for a field's default with '' (a required field that has one)", async () => {
    const r = await post<{ rows: unknown[] }>('supplier/getsupplierlist', { PageIndex: '', PageSize: '' });
    expect(r.code, r.msg).toBe(ReplyCode.Ok);
    expect(r.data.rows).toHaveLength(2);
  });

  it("reads '' in a query string the same way", async () => {
    const r = await t.call<{ CardTypeName: string }[]>('GET', 'cardtype/getcardtypeselect', {
      token,
      query: { CardTypeName: '', OperatorID: '' },
    });
    expect(r.code, r.msg).toBe(ReplyCode.Ok);
    expect(Array.isArray(r.data)).toBe(true);
  });

  it("keeps '' where the field accepts it: a remark is cleared, not left alone", async () => {
    const list = await post<{ rows: { SupplierID: number; Remark: string }[] }>('supplier/getsupplierlist', {
      SupplierName: 'Shenzhen',
    });
    const id = list.data.rows[0]!.SupplierID;
    expect(list.data.rows[0]!.Remark).toBe('main');
    expect((await post('supplier/modifysupplier', { SupplierID: id, Remark: '' })).code).toBe(ReplyCode.Ok);
    const after = await t.call<{ Remark: string }>('GET', 'supplier/getsupplierbyid', {
      token,
      query: { SupplierID: String(id) },
    });
    expect(after.data.Remark).toBe('');
  });

  it("drops '' inside the items of an array body (CheckWorkFlow's ReHoldID)", async () => {
    // An order that does not exist: the body passed validation when the answer is about the order.
    const r = await post('WorkFlow/CheckWorkFlow', [
      { WorkID: 999999, WorkType: 1, TargetID: '89860000000000000001', CheckStatus: 2, ReHoldID: '', LockType: '' },
    ]);
    expect(r.errCode).not.toBe(ErrCode.Validation);
    const bad = await post('WorkFlow/CheckWorkFlow', [{ WorkID: '', WorkType: 1, TargetID: 'x', CheckStatus: 2 }]);
    expect(bad.code).toBe(ReplyCode.BadRequest);
    expect(bad.msg).toMatch(/WorkID/);
  });

  it('reads a POST with the JSON content type and no body as an empty payload', async () => {
    const count = await emptyJsonPost('WorkFlow/GetWorkCount');
    expect(count.status).toBe(200);
    expect(count.code, count.msg).toBe(ReplyCode.Ok);
    expect(typeof count.data).toBe('number');
    const list = await emptyJsonPost('supplier/getsupplierlist', 'application/json; charset=utf-8');
    expect(list.code, list.msg).toBe(ReplyCode.Ok);
    expect((list.data as { rows: unknown[] }).rows).toHaveLength(2);
    // A required field is still required: the empty payload is refused naming it.
    const add = await emptyJsonPost('supplier/addsupplier');
    expect(add.code).toBe(ReplyCode.BadRequest);
    expect(add.msg).toMatch(/SupplierName is required/);
  });

  it('keeps numbers sent as strings', async () => {
    const r = await post<{ rows: unknown[] }>('supplier/getsupplierlist', {
      PageIndex: '1',
      PageSize: '1',
      OperatorID: String(carrier),
    });
    expect(r.code, r.msg).toBe(ReplyCode.Ok);
    expect(r.data.rows).toHaveLength(1);
  });

  it('still refuses malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/API/api/supplier/getsupplierlist',
      query: { format: 'json', appid: DEFAULT_APP_ID },
      headers: { authorization: token, 'content-type': 'application/json' },
      payload: '{"PageIndex": ',
    });
    expect(res.json().code).toBe(ReplyCode.BadRequest);
  });

  describe.each([
    ['zh', '字段无效'],
    ['en', 'Invalid field'],
    ['fr', 'Champ invalide'],
  ])('in %s, a field that does not fit is a 400 naming it', (lang, invalid) => {
    it("a required field given ''", async () => {
      const r = await post('supplier/addsupplier', { SupplierName: '', OperatorID: carrier }, lang);
      expect(r.code).toBe(ReplyCode.BadRequest);
      expect(r.errCode).toBe(ErrCode.Validation);
      expect(r.msg).toContain(invalid);
      expect(r.msg).toContain('SupplierName');
    });
    it('an ill-typed optional field', async () => {
      const r = await post('supplier/getsupplierlist', { SortColumn: 'Colour', OperatorID: 'abc' }, lang);
      expect(r.code).toBe(ReplyCode.BadRequest);
      expect(r.msg).toContain(invalid);
      expect(r.msg).toMatch(/SortColumn|OperatorID/);
      const typed = await post('User/GetUserList', { HoldID: 'first' }, lang);
      expect(typed.code).toBe(ReplyCode.BadRequest);
      expect(typed.msg).toContain('HoldID');
    });
  });
});
