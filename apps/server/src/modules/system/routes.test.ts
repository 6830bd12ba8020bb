import type { SystemInfo } from '@lodestar/contract/system';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { AccountType, ErrCode, Fn } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

afterAll(stopTestServers);

/** System/GetInfo: function 33 and a super administrator. */
describe.each(dbTargets())('system info on $name PostgreSQL', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  it('describes the version, database, gateway, ingest and storage to a super administrator', async () => {
    const token = await t.login('13800000000', 'admin123');
    await t.database.pool.query(
      "INSERT INTO devices (device_id, protocol, hold_id) VALUES ('869111111111111', 'jt808', $1)",
      [t.rootHold.id],
    );
    const r = await t.call<SystemInfo>('POST', 'System/GetInfo', { token, lang: 'en' });
    expect(r.code, r.msg).toBe(200);
    const info = r.data;
    expect(info.Version).toMatch(/^\d+\.\d+\.\d+/);
    expect(info.UptimeSeconds).toBeGreaterThanOrEqual(0);
    // The tests' databases are servers the test set-up started or found, so 'external' to the app.
    expect(['embedded', 'external']).toContain(info.Database.Engine);
    expect(info.Database.Version).toMatch(/^1[5-9]/);
    expect(info.Database.SizeBytes).toBeGreaterThan(1_000_000);
    expect(info.Database.Devices).toBe(1);
    expect(info.Gateway.Running).toBe(false);
    expect(info.Gateway.Protocols).toEqual([{ Protocol: 'jt808', Port: 0, UdpPort: 0, Connected: 0, Devices: 1 }]);
    expect(info.Ingest.Backlog).toBe(0);
    expect(info.Storage.DataDir).toBe(t.dataDir);
  });

  it('refuses an administrator holding 33 who is not a super administrator, and a caller without 33', async () => {
    const hold = await t.buildHold('Fleet');
    const admin = await t.buildUser(hold, [Fn.systemInfo], AccountType.Admin);
    const r = await t.call('POST', 'System/GetInfo', { token: admin.token });
    expect({ code: r.code, errCode: r.errCode }).toEqual({ code: 403, errCode: ErrCode.NoFunction });
    const user = await t.buildUser(hold, [Fn.systemInfo], AccountType.User);
    expect((await t.call('POST', 'System/GetInfo', { token: user.token })).code).toBe(403);
    const none = await t.buildUser(hold, [Fn.dashboard], AccountType.Admin);
    expect((await t.call('POST', 'System/GetInfo', { token: none.token })).code).toBe(403);
  });
});
