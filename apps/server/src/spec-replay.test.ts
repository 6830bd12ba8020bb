import { randomBytes } from 'node:crypto';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { CheckStatus, DEFAULT_APP_ID, ErrCode, Fn, HoldType, ReplyCode, WorkType } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simFactories } from './modules/work-orders/test-fixtures.ts';
import { startTestApp, type TestApp } from './test/harness.ts';

afterAll(stopTestServers);

interface Answer<T = unknown> {
  status: number;
  code: number;
  msg: string;
  errCode: number;
  data: T;
}

/**
 * Every call of spec section 7 (the table, the file upload and the supplier list with an empty argument),
 * sent as a console built on the spec sends it: the path as written there (`./`, `/`, its casing), the
 * query `format=json&appid=…`, the stored token in `Authorization`, the payload's fields as named there
 * with the blanks of an untouched form, and the JSON content type with no body where the payload is
 * "none". Where the spec shows no payload, a realistic one.
 */
describe.each(dbTargets())('spec section 7 replayed on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token = '';
  let customer: { id: number; path: string };
  let clerk: Awaited<ReturnType<TestApp['buildUser']>>;
  let sim: { id: number; iccid: string };
  let carrierId: number;
  const PHONE = '13912340001';

  /** The spec's base URL is './API/api/': a path of the table is resolved against it. */
  const send = async <T = unknown>(
    method: 'GET' | 'POST',
    specPath: string,
    payload?: { query?: Record<string, string>; body?: unknown },
    as = token,
  ): Promise<Answer<T>> => {
    const res = await t.app.inject({
      method,
      url: `/API/api/${specPath.replace(/^\.?\//, '')}`,
      query: { format: 'json', appid: DEFAULT_APP_ID, ...payload?.query },
      headers: { authorization: as, 'content-type': 'application/json', 'accept-language': 'en' },
      ...(payload?.body !== undefined ? { payload: JSON.stringify(payload.body) } : {}),
    });
    return { status: res.statusCode, ...(res.json() as Omit<Answer<T>, 'status'>) };
  };
  const ok = <T>(r: Answer<T>): T => {
    expect(r.status).toBe(200);
    expect(r.code, r.msg).toBe(ReplyCode.Ok);
    expect(r.errCode).toBe(ErrCode.None);
    return r.data;
  };

  beforeAll(async () => {
    t = await startTestApp(target);
    const provider = await t.buildHold('Provider', t.rootHold, HoldType.ServiceProvider);
    customer = await t.buildHold('Customer', provider);
    // simInbound: an upload is for an import (FileManage/UploadFile needs it or supplier reconciliation).
    const admin = await t.buildUser(provider, [
      Fn.simCarriers,
      Fn.simSuppliers,
      Fn.simBusiness,
      Fn.simInbound,
      Fn.audit,
    ]);
    await t.database.pool.query('UPDATE users SET phone = $1 WHERE id = $2', [PHONE, admin.id]);
    clerk = await t.buildUser(customer, [Fn.simBusiness]);
    const f = simFactories(t.database.db);
    const cat = await f.catalogue(provider);
    carrierId = cat.operator.id;
    sim = await f.sim(customer, cat);
  });
  afterAll(() => t.close());

  it('POST ./account/login: Phone, UserPassword', async () => {
    const data = ok(
      await send<{ token: string }>(
        'POST',
        './account/login',
        {
          body: { Phone: PHONE, UserPassword: 'pass1234' },
        },
        '',
      ),
    );
    expect(data.token).toMatch(/\S{16,}/);
    token = data.token;
  });

  it('POST ./account/retrievepassword: Phone, SMSCode, NewPass', async () => {
    ok(await send('POST', './account/sendsmscode', { body: { Phone: PHONE, Purpose: 'retrieve' } }, ''));
    const SMSCode = t.lastSmsCode(PHONE);
    expect(SMSCode).toMatch(/^\d{6}$/);
    ok(await send('POST', './account/retrievepassword', { body: { Phone: PHONE, SMSCode, NewPass: 'newpass2' } }, ''));
    token = ok(
      await send<{ token: string }>(
        'POST',
        './account/login',
        { body: { Phone: PHONE, UserPassword: 'newpass2' } },
        '',
      ),
    ).token;
  });

  it('GET ./Hold/GetLeftHold: query HoldName (blank, then a name)', async () => {
    type Node = { HoldID: number; HoldName: string; Children: Node[] };
    const names = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.HoldName, ...names(n.Children)]);
    const all = ok(await send<Node[]>('GET', './Hold/GetLeftHold', { query: { HoldName: '' } }));
    expect(names(all)).toEqual(expect.arrayContaining(['Provider', 'Customer']));
    const found = ok(await send<Node[]>('GET', './Hold/GetLeftHold', { query: { HoldName: 'Cust' } }));
    expect(names(found)).toContain('Customer');
  });

  it('GET ./hold/getholdselect: query HoldName', async () => {
    const rows = ok(
      await send<{ HoldID: number; HoldName: string }[]>('GET', './hold/getholdselect', {
        query: { HoldName: '' },
      }),
    );
    expect(rows.map((h) => h.HoldID)).toContain(customer.id);
  });

  let supplierId = 0;
  it('POST ./supplier/addsupplier (payload not shown: the add form)', async () => {
    const data = ok(
      await send<{ SupplierID: number }>('POST', './supplier/addsupplier', {
        body: {
          SupplierName: 'Shenzhen IoT',
          OperatorID: carrierId,
          Contact: '王经理',
          Phone: '',
          Email: '',
          Remark: '',
        },
      }),
    );
    expect(data.SupplierID).toBeGreaterThan(0);
    supplierId = data.SupplierID;
  });

  it('POST /supplier/getsupplierlist: PageIndex, PageSize, SortColumn, SortType, OperatorID, SupplierName', async () => {
    const data = ok(
      await send<{ rows: { SupplierID: number; SupplierName: string }[]; total: number }>(
        'POST',
        '/supplier/getsupplierlist',
        { body: { PageIndex: 1, PageSize: 20, SortColumn: '', SortType: '', OperatorID: '', SupplierName: '' } },
      ),
    );
    expect(data.total).toBeGreaterThanOrEqual(2); // the catalogue's supplier and the one just added
    expect(data.rows.map((s) => s.SupplierName)).toContain('Shenzhen IoT');
  });

  it('POST ./supplier/modifysupplier (payload not shown: the edit form, its blanks included)', async () => {
    ok(
      await send('POST', './supplier/modifysupplier', {
        body: {
          SupplierID: supplierId,
          SupplierName: 'Shenzhen IoT Ltd',
          OperatorID: carrierId,
          Contact: '',
          Phone: '',
          Email: '',
          Remark: '',
        },
      }),
    );
    const row = ok(
      await send<{ SupplierName: string; Contact: string }>('GET', './supplier/getsupplierbyid', {
        query: { SupplierID: String(supplierId) },
      }),
    );
    expect(row).toMatchObject({ SupplierName: 'Shenzhen IoT Ltd', Contact: '' });
  });

  it('GET ./supplier/getsupplierbyid: query SupplierID', async () => {
    const row = ok(
      await send<{ SupplierID: number; OperatorID: number }>('GET', './supplier/getsupplierbyid', {
        query: { SupplierID: String(supplierId) },
      }),
    );
    expect(row).toMatchObject({ SupplierID: supplierId, OperatorID: carrierId });
  });

  it('GET ./operator/getoperatorselect: query OperatorName', async () => {
    const rows = ok(
      await send<{ OperatorID: number }[]>('GET', './operator/getoperatorselect', {
        query: { OperatorName: '' },
      }),
    );
    expect(rows.map((o) => o.OperatorID)).toContain(carrierId);
  });

  it('GET ./supplier/getsupplierselect: query SupplierName; an empty argument answers an array', async () => {
    const all = ok(
      await send<{ SupplierID: number }[]>('GET', './supplier/getsupplierselect', {
        query: { SupplierName: '' },
      }),
    );
    expect(Array.isArray(all)).toBe(true);
    expect(all.map((s) => s.SupplierID)).toContain(supplierId);
    const none = ok(await send<unknown[]>('GET', './supplier/getsupplierselect', { query: { SupplierName: 'zzz' } }));
    expect(none).toEqual([]);
  });

  let workId = 0;
  it('POST /WorkFlow/GetWorkCount: none; data is the pending count', async () => {
    const before = ok(await send<number>('POST', '/WorkFlow/GetWorkCount'));
    expect(before).toBe(0);
    const applied = await t.call<{ WorkIDs: number[] }>('POST', 'WorkFlow/AddWorkFlow', {
      token: clerk.token,
      body: { WorkType: WorkType.Stop, TargetID: sim.iccid, WorkCont: 'lost card' },
    });
    expect(applied.code, applied.msg).toBe(ReplyCode.Ok);
    workId = applied.data.WorkIDs[0]!;
    expect(ok(await send<number>('POST', '/WorkFlow/GetWorkCount'))).toBe(1);
  });

  it('POST /WorkFlow/GetWorkFlowList: pageIndex, pageCount, CheckStatic, IDNO, StartTime, EndTime', async () => {
    type Page = { rows: { WorkID: number; TargetID: string; CheckStatus: number }[]; total: number };
    const blank = ok(
      await send<Page>('POST', '/WorkFlow/GetWorkFlowList', {
        body: { pageIndex: 1, pageCount: 10, CheckStatic: '', IDNO: '', StartTime: '', EndTime: '' },
      }),
    );
    expect(blank.total).toBe(1);
    expect(blank.rows[0]).toMatchObject({ WorkID: workId, TargetID: sim.iccid, CheckStatus: CheckStatus.UnderReview });
    const filtered = ok(
      await send<Page>('POST', '/WorkFlow/GetWorkFlowList', {
        body: {
          pageIndex: 1,
          pageCount: 10,
          CheckStatic: 1,
          IDNO: sim.iccid.slice(-6),
          StartTime: '2020-01-01 00:00:00',
          EndTime: '2099-12-31 23:59:59',
        },
      }),
    );
    expect(filtered.rows.map((r) => r.WorkID)).toEqual([workId]);
  });

  it('POST /WorkFlow/CheckWorkFlow: an array of approval items (ReHoldID or null); success when no code', async () => {
    const r = await send('POST', '/WorkFlow/CheckWorkFlow', {
      body: [
        {
          WorkID: workId,
          WorkType: WorkType.Stop,
          TargetID: sim.iccid,
          LockType: null,
          CheckStatus: CheckStatus.Agreed,
          CheckText: '',
          ReHoldID: null,
        },
      ],
    });
    expect(ok(r)).toBeNull();
    expect(ok(await send<number>('POST', '/WorkFlow/GetWorkCount'))).toBe(0);
  });

  it('POST /supplier/removesupplier: an object (fields not shown: the row id)', async () => {
    ok(await send('POST', '/supplier/removesupplier', { body: { SupplierID: supplierId } }));
    const left = ok(
      await send<{ SupplierID: number }[]>('GET', './supplier/getsupplierselect', {
        query: { SupplierName: '' },
      }),
    );
    expect(left.map((s) => s.SupplierID)).not.toContain(supplierId);
  });

  it('POST {base}/FileManage/UploadFile (payload not shown: a form with the file)', async () => {
    const boundary = `----spec${randomBytes(6).toString('hex')}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/API/api/FileManage/UploadFile',
      query: { format: 'json', appid: DEFAULT_APP_ID },
      headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cards.csv"\r\n` +
          `Content-Type: text/csv\r\n\r\nICCID\r\n${sim.iccid}\r\n--${boundary}--\r\n`,
      ),
    });
    const data = ok({ ...res.json(), status: res.statusCode } as Answer<{ FileID: number; FileName: string }>);
    expect(data).toMatchObject({ FileID: expect.any(Number), FileName: 'cards.csv' });
  });

  it('POST ./account/logout: none; the token is then refused', async () => {
    ok(await send('POST', './account/logout'));
    const after = await send('POST', '/WorkFlow/GetWorkCount');
    expect(after.code).toBe(ReplyCode.Unauthorized);
  });
});
