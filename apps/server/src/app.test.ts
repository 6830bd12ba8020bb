import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test/harness.ts';

afterAll(stopTestServers);

describe('the server as a whole', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'lodestar-dist-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root">console</div>');
    t = await startTestApp(dbTargets()[0]!, { WEB_DIST: dist });
  });
  afterAll(() => t.close());

  it('answers /healthz once the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves the console with history fallback for deep links', async () => {
    for (const url of ['/', '/login', '/manage/sim', '/user/info']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('console');
    }
  });

  it('answers an unknown API call with the reply contract, not the console', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/API/api/Nothing/Here?format=json&appid=lodestar' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404 });
  });

  it('matches controller and action case-insensitively', async () => {
    for (const p of ['account/config', 'Account/Config', 'ACCOUNT/config']) {
      expect((await t.call('GET', p)).code, p).toBe(200);
    }
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/API/docs/json' })).json() as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      'account/login',
      'account/retrievepassword',
      'Hold/GetLeftHold',
      'Hold/GetHoldSelect',
      'User/AddUser',
    ]) {
      expect(Object.keys(doc.paths), p).toContain(`/API/api/${p}`);
    }
    const page = await t.app.inject({ method: 'GET', url: '/API/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});
