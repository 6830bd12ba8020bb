import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { bulletinState } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HoldScope } from '../../lib/hold-scope.ts';
import { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { HoldRepository } from '../holds/repository.ts';
import { BulletinRepository } from './repository.ts';
import { BulletinService } from './service.ts';

afterAll(stopTestServers);

describe('bulletinState', () => {
  const now = new Date('2026-05-01T00:00:00Z');
  const at = (iso: string) => new Date(iso);
  it('is current from the begin time, scheduled before, old when edited over, deleted when removed', () => {
    expect(bulletinState({ beginAt: at('2026-04-30T23:59:59Z'), newest: true, removedAt: null }, now)).toBe('current');
    expect(bulletinState({ beginAt: now, newest: true, removedAt: null }, now)).toBe('current');
    expect(bulletinState({ beginAt: at('2026-05-01T00:00:01Z'), newest: true, removedAt: null }, now)).toBe(
      'scheduled',
    );
    expect(bulletinState({ beginAt: at('2020-01-01T00:00:00Z'), newest: false, removedAt: null }, now)).toBe('old');
    expect(bulletinState({ beginAt: at('2020-01-01T00:00:00Z'), newest: false, removedAt: now }, now)).toBe('old');
    expect(bulletinState({ beginAt: at('2099-01-01T00:00:00Z'), newest: true, removedAt: now }, now)).toBe('deleted');
  });
});

/** The service over a fake clock: a scheduled notice becomes current when the clock passes its begin time. */
describe.each(dbTargets())('notice states over a fake clock on $name PostgreSQL', (target) => {
  let t: TestApp;
  let clock = new Date('2026-05-01T08:00:00Z');
  let svc: BulletinService;
  let auth: AuthContext;

  beforeAll(async () => {
    t = await startTestApp(target);
    const hold = await t.buildHold('Clocked');
    const user = await t.buildUser(hold, []);
    const db = t.database.db;
    svc = new BulletinService(
      new BulletinRepository(db),
      new HoldScope(new HoldRepository(db)),
      new OperationLogRepository(db),
      () => clock,
    );
    auth = {
      userId: user.id,
      userName: user.userName,
      holdId: hold.id,
      holdPath: hold.path,
      accountType: user.accountType,
      funs: new Set(),
      sessionId: 0,
      timeZone: 'Asia/Shanghai',
      ip: '127.0.0.1',
    } as AuthContext;
  });
  afterAll(() => t.close());

  const states = async () =>
    (await svc.list(auth, { PageIndex: 1, PageSize: 50 })).rows.map((r) => [r.Title, r.Version, r.State]);

  it('moves scheduled → current → old / deleted as the clock and the edits go', async () => {
    // 16:30 in Shanghai is 08:30 UTC: half an hour after the clock.
    const n = await svc.add(auth, { Title: 'Soon', Body: 'b', ShowLevel: 'popup', BeginTime: '2026-05-01 16:30:00' });
    expect(await states()).toEqual([['Soon', 1, 'scheduled']]);
    expect(await svc.current(auth)).toEqual([]);
    await expect(svc.markRead(auth, [n.VersionID])).rejects.toMatchObject({ key: 'outsideHold' });

    clock = new Date('2026-05-01T08:30:00Z');
    expect(await states()).toEqual([['Soon', 1, 'current']]);
    expect((await svc.current(auth)).map((c) => [c.Title, c.BeginTime, c.Read])).toEqual([
      ['Soon', '2026-05-01 16:30:00', false],
    ]);
    await svc.markRead(auth, [n.VersionID]);
    expect((await svc.current(auth))[0]!.Read).toBe(true);

    // An edit with no begin time begins now; the replaced version is old at once.
    clock = new Date('2026-05-02T00:00:00Z');
    await svc.modify(auth, { BulletinID: n.BulletinID, Title: 'Later', Body: 'b2', ShowLevel: 'banner' });
    expect(await states()).toEqual([
      ['Later', 2, 'current'],
      ['Soon', 1, 'old'],
    ]);
    expect((await svc.current(auth)).map((c) => [c.Title, c.Read])).toEqual([['Later', false]]);

    // An edit that begins later leaves nothing current until then.
    await svc.modify(auth, {
      BulletinID: n.BulletinID,
      Title: 'Next week',
      Body: 'b3',
      ShowLevel: 'list',
      BeginTime: '2026-05-09 08:00:00',
    });
    expect((await states())[0]).toEqual(['Next week', 3, 'scheduled']);
    expect(await svc.current(auth)).toEqual([]);

    await svc.remove(auth, [n.BulletinID]);
    expect(await states()).toEqual([
      ['Next week', 3, 'deleted'],
      ['Later', 2, 'old'],
      ['Soon', 1, 'old'],
    ]);
    clock = new Date('2026-06-01T00:00:00Z');
    expect(await svc.current(auth)).toEqual([]);
  });
});
