import { sims, smsBalances, smsMessages } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn, SimState } from '@lodestar/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import type { ImportResult } from './import-service.ts';
import { buildCatalogue, type Catalogue, iccid, insertSims } from './test-fixtures.ts';

afterAll(stopTestServers);

/**
 * Issue #14 item 9: a number (MSISDN) is one live card's, so a unit cannot import another unit's number and
 * text its tracker commands (`RELAY,1#`); SMS goes only to the sender's own live cards.
 */
describe.each(dbTargets())('one live card per MSISDN on $name PostgreSQL', (target) => {
  let t: TestApp;
  let mine: { token: string; holdId: number; cat: Catalogue };
  let theirs: { holdId: number; number: string };
  let serial = 500;

  const importRows = (rows: object[], AllowPartial = false) =>
    t.call<ImportResult>('POST', 'Sim/ImportSims', {
      token: mine.token,
      lang: 'en',
      body: { SupplierID: mine.cat.supplier.id, Rows: rows, AllowPartial },
    });
  const send = (MSISDNs: string[]) =>
    t.call('POST', 'Sms/SendSms', { token: mine.token, lang: 'en', body: { MSISDNs, Content: 'RELAY,1#' } });

  beforeAll(async () => {
    t = await startTestApp(target);
    const a = await t.buildHold('Unit A');
    const b = await t.buildHold('Unit B');
    const user = await t.buildUser(a, [Fn.simInbound, Fn.simSmsRecord]);
    mine = { token: user.token, holdId: a.id, cat: await buildCatalogue(t, a, ' A') };
    const [card] = await insertSims(t, await buildCatalogue(t, b, ' B'), b.id, [
      { msisdn: '14400990001', state: SimState.Active },
    ]);
    theirs = { holdId: b.id, number: card!.msisdn };
    await t.database.db.insert(smsBalances).values({ holdId: a.id, balance: 100 });
  });
  afterAll(() => t.close());

  it('refuses importing another unit’s number, however it is typed, and a number twice in one file', async () => {
    for (const typed of [theirs.number, `+86 ${theirs.number.slice(0, 3)}-${theirs.number.slice(3)}`]) {
      const r = await importRows([{ ICCID: iccid(serial++), MSISDN: typed }]);
      expect(r.code, r.msg).toBe(200);
      expect(r.data).toMatchObject({ BatchID: null, Imported: 0, Failed: 1 });
      expect(r.data.Errors).toEqual([
        expect.objectContaining({ Field: 'MSISDN', Reason: 'This MSISDN already belongs to another card in use' }),
      ]);
    }
    const twice = await importRows([
      { ICCID: iccid(serial++), MSISDN: '14400990002' },
      { ICCID: iccid(serial++), MSISDN: '+8614400990002' },
    ]);
    expect(twice.data.Errors).toEqual([expect.objectContaining({ Row: 2, Field: 'MSISDN' })]);
    const owned = await t.database.db.select().from(sims).where(eq(sims.holdId, mine.holdId));
    expect(owned).toEqual([]);
    // So the other unit's tracker cannot be texted from here.
    expect((await send([theirs.number])).errCode).toBe(ErrCode.OutsideHold);
  });

  it('imports cards without a number many times, and a number a cancelled card gave back', async () => {
    await insertSims(t, mine.cat, mine.holdId, [{ msisdn: '14400990003', state: SimState.Cancelled }]);
    const r = await importRows([
      { ICCID: iccid(serial++), MSISDN: '' },
      { ICCID: iccid(serial++) },
      { ICCID: iccid(serial++), MSISDN: '+86 14400990003' },
    ]);
    expect(r.data, r.msg).toMatchObject({ Imported: 3, Failed: 0 });
    const numbers = (await t.database.db.select().from(sims).where(eq(sims.holdId, mine.holdId))).map((s) => s.msisdn);
    expect(numbers.sort()).toEqual(['', '', '14400990003', '14400990003']);
    // The live card takes the texts; the cancelled one could not have been chosen.
    expect((await send(['+8614400990003'])).code).toBe(200);
  });

  it('the database refuses a second live card with a number even past the import check', async () => {
    await expect(
      insertSims(t, mine.cat, mine.holdId, [{ msisdn: theirs.number, state: SimState.InStock }]),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
  });

  it('does not text a number whose only card in the sender’s unit is cancelled', async () => {
    await t.database.db.delete(smsMessages);
    await insertSims(t, mine.cat, mine.holdId, [{ msisdn: '14400990009', state: SimState.Cancelled }]);
    await insertSims(t, (await buildCatalogue(t, { id: theirs.holdId }, ' B2')) as Catalogue, theirs.holdId, [
      { msisdn: '14400990009', state: SimState.Active },
    ]);
    expect((await send(['14400990009'])).errCode).toBe(ErrCode.OutsideHold);
    expect(await t.database.db.select().from(smsMessages)).toEqual([]);
  });
});
