import type { ModelRow } from '@lodestar/contract/zones';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { Fn } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { DEV, FULL_MODEL, zoneWorld } from './test-fixtures.ts';

afterAll(stopTestServers);

/** DeviceModel/… : which models are full-function; set only by the platform's administrators. */
describe.each(dbTargets())('device models on $name PostgreSQL', (target) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof zoneWorld>>;
  let root: string;

  const call = <T = unknown>(path: string, body: object, as = w.token) =>
    t.call<T>('POST', path, { token: as, body, lang: 'en' });

  beforeAll(async () => {
    t = await startTestApp(target);
    w = await zoneWorld(t);
    root = (await t.buildUser(t.rootHold, [Fn.deviceManage])).token;
  });
  afterAll(() => t.close());

  it('lists the subtree’s models with their devices and flag, and the marked ones', async () => {
    const r = await call<{ rows: ModelRow[]; total: number }>('DeviceModel/GetModelList', { PageSize: 50 });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.rows).toEqual([
      { Model: FULL_MODEL, FullFunction: true, DeviceCount: 1 },
      { Model: 'cheap', FullFunction: false, DeviceCount: 1 },
    ]);
    const theirs = await call<{ rows: ModelRow[] }>('DeviceModel/GetModelList', { Keyword: 'chea' }, w.theirs);
    expect(theirs.data.rows).toEqual([{ Model: 'cheap', FullFunction: false, DeviceCount: 0 }]);
  });

  it('lets a root administrator set a model full-function, and refuses anyone else', async () => {
    const refused = await call('DeviceModel/SetFullFunction', { Model: 'cheap', FullFunction: true });
    expect([refused.code, refused.msg]).toEqual([
      403,
      'Only platform administrators set which models are full-function',
    ]);
    const ok = await call('DeviceModel/SetFullFunction', { Model: 'cheap', FullFunction: true }, root);
    expect(ok.code, ok.msg).toBe(200);
    const fence = await call<{ FenceID: number }>('Fence/AddFence', {
      HoldID: w.child.id,
      FenceName: 'F',
      Geometry: { type: 'Circle', Center: [120.1, 30.2], Radius: 100 },
      RecordType: 'both',
      TriggerAlarm: false,
    });
    const bound = await call<{ NotFullFunction: string[] }>('Fence/BindDevices', {
      FenceID: fence.data.FenceID,
      DeviceIDs: [DEV.plain],
    });
    expect(bound.data.NotFullFunction).toEqual([]);
    const none = (await t.buildUser(t.rootHold, [Fn.geofence])).token;
    expect((await call('DeviceModel/SetFullFunction', { Model: 'x', FullFunction: true }, none)).code).toBe(403);
    expect((await call('DeviceModel/GetModelList', {}, none)).code).toBe(200);
  });
});
