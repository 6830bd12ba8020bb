import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SmsRow } from '@lodestar/contract/sms';
import { smsMessages } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { Fn, SmsState } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columns, exportAndRead, listAll } from '../../test/exports.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { simFactories } from '../work-orders/test-fixtures.ts';

afterAll(stopTestServers);

type ListReply = { rows: SmsRow[]; total: number; Totals: { Count: number; Segments: number } };
const ALL = { State: -1 };

describe.each(dbTargets())('SMS records on $name PostgreSQL', (target) => {
  let t: TestApp;
  let dataDir: string;
  let viewer: { token: string };
  let child: { id: number };
  let childIccid: string;

  const list = (body: object, lang = 'en') =>
    t.call<ListReply>('POST', 'Sms/GetSmsList', {
      token: viewer.token,
      body: { PageIndex: 1, PageSize: 500, ...body },
      lang,
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lodestar-sms-list-'));
    t = await startTestApp(target, { DATA_DIR: dataDir });
    const f = simFactories(t.database.db);
    const hold = await t.buildHold('Provider');
    const c = await t.buildHold('Customer', hold);
    child = c;
    const sibling = await t.buildHold('Sibling');
    viewer = await t.buildUser(hold, [Fn.simSmsRecord, Fn.export]);
    const cat = await f.catalogue(hold);
    const mine = await f.sim(hold, cat);
    const theirs = await f.sim(c, cat);
    childIccid = theirs.iccid;
    const far = await f.sim(sibling, await f.catalogue(sibling));
    const rows: (typeof smsMessages.$inferInsert)[] = [];
    for (let n = 0; n < 24; n++) {
      const sim = n % 3 === 0 ? theirs : mine;
      rows.push({
        holdId: sim.holdId,
        simId: sim.id,
        msisdn: sim.msisdn,
        content: `message ${n}`,
        segments: (n % 4) + 1,
        state: [SmsState.Queued, SmsState.Sent, SmsState.Delivered, SmsState.Failed][n % 4],
        provider: 'local',
        // Times out of id order, as seeded or imported rows may be.
        createdAt: new Date(Date.UTC(2026, 5, 1, (n * 7) % 24)),
      });
    }
    rows.push({
      holdId: far.holdId,
      simId: far.id,
      msisdn: far.msisdn,
      content: 'sibling',
      segments: 9,
      provider: 'local',
    });
    await t.database.db.insert(smsMessages).values(rows);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists the subtree’s messages newest first with Totals equal to the sum of the rows', async () => {
    const r = await list(ALL);
    expect(r.code).toBe(200);
    expect(r.data.total).toBe(24);
    expect(r.data.rows.map((m) => m.Content)).not.toContain('sibling');
    const times = r.data.rows.map((m) => m.CreateTime);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(times).size).toBe(24);
    expect(r.data.Totals.Count).toBe(r.data.rows.length);
    expect(r.data.Totals.Segments).toBe(r.data.rows.reduce((s, m) => s + m.Segments, 0));
    // Totals cover every page, not only the one shown.
    const page = await list({ ...ALL, PageSize: 5, PageIndex: 2 });
    expect(page.data.rows).toHaveLength(5);
    expect(page.data.Totals).toEqual(r.data.Totals);
  });

  it('filters by state, number, ICCID, unit and time, each with Totals = Σ rows', async () => {
    const cases: [object, (m: SmsRow) => boolean][] = [
      [{ State: SmsState.Failed }, (m) => m.State === SmsState.Failed],
      [{ ICCID: childIccid.slice(-6) }, (m) => m.ICCID === childIccid],
      [{ HoldID: child.id }, (m) => m.HoldName === 'Customer'],
      [
        { StartTime: '2026-06-01 13:00:00', EndTime: '2026-06-01 16:00:00' },
        (m) => m.CreateTime >= '2026-06-01 13:00:00' && m.CreateTime <= '2026-06-01 16:00:00',
      ],
    ];
    const all = (await list(ALL)).data.rows;
    const byIccid = all.find((m) => m.ICCID === childIccid)!;
    cases.push([{ MSISDN: byIccid.MSISDN.slice(-5) }, (m) => m.MSISDN === byIccid.MSISDN]);
    for (const [filter, keep] of cases) {
      const r = await list({ ...ALL, ...filter });
      expect({ filter, code: r.code }).toEqual({ filter, code: 200 });
      const expected = all.filter(keep);
      expect(expected.length).toBeGreaterThan(0);
      expect(r.data.rows.map((m) => m.MessageID).sort()).toEqual(expected.map((m) => m.MessageID).sort());
      expect(r.data.Totals).toEqual({ Count: expected.length, Segments: expected.reduce((s, m) => s + m.Segments, 0) });
    }
    const bad = await list({ ...ALL, StartTime: '2026-06-02 00:00:00', EndTime: '2026-06-01 00:00:00' });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('StartTime');
  });

  it('sorts by number and state, and writes state texts in the caller’s language', async () => {
    const byState = await list({ ...ALL, SortColumn: 'State', SortType: 'asc' });
    const states = byState.data.rows.map((m) => m.State);
    expect(states).toEqual([...states].sort((a, b) => a - b));
    const zh = await list({ ...ALL, State: SmsState.Delivered }, 'zh');
    expect(new Set(zh.data.rows.map((m) => m.StateText))).toEqual(new Set(['已送达']));
    const fr = await list({ ...ALL, State: SmsState.Delivered }, 'fr');
    expect(new Set(fr.data.rows.map((m) => m.StateText))).toEqual(new Set(['Remis']));
  });

  it('exports the list’s rows in its order; export needs function 44', async () => {
    const body = { ...ALL, State: SmsState.Sent };
    const rows = await listAll<SmsRow>(t, viewer.token, 'Sms/GetSmsList', body);
    // listAll asks without a language: the server's default, Chinese, as the sheet here.
    const sheet = await exportAndRead(t, viewer.token, 'Sms/ExportSmsList', body, 'zh');
    expect(rows.length).toBeGreaterThan(0);
    expect(columns(sheet, ['编号', 'MSISDN', '条数', '状态'])).toEqual(
      rows.map((m) => [m.MessageID, m.MSISDN, m.Segments, m.StateText]),
    );
    const noExport = await t.buildUser(child, [Fn.simSmsRecord]);
    const r = await t.call('POST', 'Sms/ExportSmsList', { token: noExport.token, body });
    expect(r.code).toBe(403);
  });

  it('refuses delivery reports when no gateway token is configured', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/API/api/Sms/DeliveryReport?format=json&appid=lodestar',
      headers: { authorization: 'Bearer ' },
      payload: { MessageID: 1, State: 'delivered' },
    });
    expect(res.json().code).toBe(401);
  });
});
