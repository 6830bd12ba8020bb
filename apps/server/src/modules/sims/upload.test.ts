import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { AccountType, ErrCode, Fn, ReplyCode } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { buildCatalogue, type Catalogue, iccid, upload } from './test-fixtures.ts';

afterAll(stopTestServers);

const csv = (n: number) => Buffer.from(`ICCID\n${iccid(n)}\n`);

/** FileManage/UploadFile: only for the calls that read uploads, and within a quota (issue 14, item 8). */
describe.each(dbTargets())('uploads on $name PostgreSQL', (target) => {
  let t: TestApp;
  let hold: { id: number; path: string };
  let cat: Catalogue;
  beforeAll(async () => {
    t = await startTestApp(target, { UPLOAD_MAX_PENDING_FILES: '2' });
    hold = await t.buildHold('Provider');
    cat = await buildCatalogue(t, hold);
  });
  afterAll(() => t.close());

  it('refuses a user with no function that reads an upload', async () => {
    const nobody = await t.buildUser(hold, [], AccountType.User);
    const monitorOnly = await t.buildUser(hold, [Fn.onlineMonitor, Fn.simOutbound]);
    for (const user of [nobody, monitorOnly]) {
      const r = await upload(t, user.token, 'a.csv', csv(1));
      expect(r.code, r.msg).toBe(ReplyCode.Forbidden);
      expect(r.errCode).toBe(ErrCode.NoFunction);
    }
    for (const fn of [Fn.simInbound, Fn.simSupplierReconciliation, Fn.vehicleManage, Fn.deviceManage, Fn.workOrders]) {
      const r = await upload(t, (await t.buildUser(hold, [fn])).token, 'a.csv', csv(1));
      expect(r.code, r.msg).toBe(ReplyCode.Ok);
    }
  });

  it('refuses uploads past the quota until an import uses one', async () => {
    const { token } = await t.buildUser(hold, [Fn.simInbound]);
    const first = await upload(t, token, 'a.csv', csv(11));
    expect((await upload(t, token, 'b.csv', csv(12))).code).toBe(ReplyCode.Ok);
    const third = await upload(t, token, 'c.csv', csv(13));
    expect(third.code).toBe(ReplyCode.BadRequest);
    expect(third.msg).toContain('2 files');
    const imported = await t.call<{ Imported: number }>('POST', 'Sim/ImportSims', {
      token,
      body: { SupplierID: cat.supplier.id, FileID: first.data.FileID },
    });
    expect(imported.data.Imported, imported.msg).toBe(1);
    expect((await upload(t, token, 'c.csv', csv(13))).code).toBe(ReplyCode.Ok);
  });
});
