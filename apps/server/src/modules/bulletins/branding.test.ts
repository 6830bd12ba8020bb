import type { Branding } from '@lodestar/contract/bulletins';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { BRANDING_CONFIRM_WORD, Fn } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { expectRefusedLikeMissing } from '../../test/refused.ts';
import { testPng } from './test-png.ts';

afterAll(stopTestServers);

type Hold = { id: number; path: string };

/** User/GetBranding (every user) and User/SetBranding (68, 69 or 15): own values, else the nearest ancestor's. */
describe.each(dbTargets())('branding on $name PostgreSQL', (target) => {
  let t: TestApp;
  let admin: string;
  let provider: Hold;
  let customer: Hold;
  let fleet: Hold;
  let rival: Hold;
  let fleetUser: string;
  const logo = testPng(40, 40);

  const call = <T = unknown>(path: string, body: object, as = admin) =>
    t.call<T>('POST', path, { token: as, body, lang: 'en' });
  const get = async (as: string, body: object = {}) => (await call<Branding>('User/GetBranding', body, as)).data;
  const set = async (body: object) => {
    const r = await call<Branding>('User/SetBranding', body);
    expect(r.code, r.msg).toBe(200);
    return r.data;
  };

  beforeAll(async () => {
    t = await startTestApp(target);
    provider = await t.buildHold('Provider');
    customer = await t.buildHold('Customer', provider);
    fleet = await t.buildHold('Fleet', customer);
    rival = await t.buildHold('Rival');
    admin = (await t.buildUser(provider, [Fn.userManage])).token;
    fleetUser = (await t.buildUser(fleet, [Fn.dashboard])).token;
  });
  afterAll(() => t.close());

  it('shows the nearest title and logo of the lineage, and the platform setting', async () => {
    expect((await get(fleetUser)).Effective).toEqual({ Title: null, Logo: null, Platform: 1, ExternalLink: null });
    await set({ Title: '北斗星GPS', Logo: logo, Platform: 2, ExternalLink: 'https://erp.example.com/' });
    expect(await get(fleetUser)).toEqual({
      HoldID: fleet.id,
      Effective: { Title: '北斗星GPS', Logo: logo, Platform: 2, ExternalLink: 'https://erp.example.com/' },
      Own: { Title: null, Logo: null, Platform: null, ExternalLink: null },
    });
    await set({ HoldID: customer.id, Title: 'Customer1' });
    expect((await get(fleetUser)).Effective).toMatchObject({ Title: 'Customer1', Logo: logo, Platform: 2 });
    // null clears the own value: inherited again.
    await set({ HoldID: customer.id, Title: null });
    expect((await get(fleetUser)).Effective.Title).toBe('北斗星GPS');
    expect((await get(admin, { HoldID: customer.id })).Own.Title).toBeNull();
  });

  it('changes every subordinate only with the typed confirm word', async () => {
    await set({ HoldID: customer.id, Title: 'Own' });
    await set({ HoldID: fleet.id, Title: 'FleetOwn', Logo: testPng(40, 40) });
    const refused = await call('User/SetBranding', { Title: 'Everyone', ApplyToSubordinates: true, ConfirmWord: 'ok' });
    expect({ code: refused.code, named: refused.msg.includes('ConfirmWord') }).toEqual({ code: 400, named: true });
    expect((await get(fleetUser)).Effective.Title).toBe('FleetOwn');
    await set({ Title: 'Everyone', ApplyToSubordinates: true, ConfirmWord: BRANDING_CONFIRM_WORD });
    const fleetNow = await get(fleetUser);
    expect(fleetNow.Effective.Title).toBe('Everyone');
    // Only the title was applied: the fleet keeps its own logo.
    expect(fleetNow.Own.Logo).not.toBeNull();
    expect((await get(admin, { HoldID: customer.id })).Own.Title).toBeNull();
  });

  it('refuses bad titles, logos and links naming the field; setting needs 68, 69 or 15', async () => {
    // (A spec console's '' is "not given", lib/blank-fields.ts: Title '' leaves the title; null clears it.)
    for (const [body, field] of [
      [{ Title: 'x'.repeat(31) }, 'Title'],
      [{ Title: 'Lodestar GPS' }, 'Title'],
      [{ Title: '<b>' }, 'Title'],
      [{ Logo: testPng(41, 40) }, 'Logo'],
      [{ Logo: Buffer.from('GIF89a...............................................').toString('base64') }, 'Logo'],
      [{ Platform: 3 }, 'Platform'],
      [{ ExternalLink: 'javascript:alert(1)' }, 'ExternalLink'],
    ] as const) {
      const r = await call('User/SetBranding', body);
      expect({ field, code: r.code, named: r.msg.includes(field) }).toEqual({ field, code: 400, named: true });
    }
    expect((await call('User/SetBranding', { Title: 'Mine' }, fleetUser)).code).toBe(403);
    expect((await call('User/GetBranding', {}, fleetUser)).code).toBe(200);
  });

  it("answers another hold's units like missing ones", async () => {
    await expectRefusedLikeMissing(
      (path, body) => call(path, body),
      [
        ['User/SetBranding', { HoldID: rival.id, Title: 'x' }, { HoldID: 999_999, Title: 'x' }],
        ['User/GetBranding', { HoldID: rival.id }, { HoldID: 999_999 }],
      ],
    );
    // A subordinate cannot read its provider's own settings either.
    const r = await call('User/GetBranding', { HoldID: provider.id }, fleetUser);
    expect(r.code).toBe(403);
  });
});

/** Spec section 6's platform setting per deployment (PLATFORM), overridden per unit through User/SetBranding. */
describe.each(dbTargets())('the platform setting on $name PostgreSQL', (target) => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('is the deployment’s before log-in and for a lineage that chose none; a unit’s own choice wins below it', async () => {
    t = await startTestApp(target, { PLATFORM: '2' });
    const provider = await t.buildHold('Provider');
    const fleet = await t.buildHold('Fleet', provider);
    const admin = (await t.buildUser(provider, [Fn.userManage])).token;
    const fleetUser = (await t.buildUser(fleet, [Fn.dashboard])).token;
    const config = await t.call<{ platform: number }>('GET', 'account/config');
    expect(config.data.platform).toBe(2);
    const effective = async () =>
      (await t.call<Branding>('POST', 'User/GetBranding', { token: fleetUser, body: {} })).data.Effective.Platform;
    expect(await effective()).toBe(2);
    const set = await t.call('POST', 'User/SetBranding', { token: admin, body: { Platform: 1 } });
    expect(set.code, set.msg).toBe(200);
    expect(await effective()).toBe(1);
    await t.call('POST', 'User/SetBranding', { token: admin, body: { Platform: null } });
    expect(await effective()).toBe(2);
  });

  it('refuses a PLATFORM other than 1 or 2, and is 1 when unset', () => {
    expect(() => loadConfig({ PLATFORM: '3' })).toThrow(/PLATFORM must be 1 or 2/);
    expect(loadConfig({}).platform).toBe(1);
  });
});
