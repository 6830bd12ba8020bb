import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test/harness.ts';

afterAll(stopTestServers);

const APP_CSS = `.ant-btn{color:red}\n`.repeat(200);

describe('the server as a whole', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'lodestar-dist-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root">console</div>');
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'assets', 'app-abc123.css'), APP_CSS);
    await writeFile(path.join(dist, 'assets', 'app-abc123.css.gz'), gzipSync(APP_CSS));
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

  it('sends a built asset compressed when the browser accepts it, to be kept for good; the page itself is revalidated', async () => {
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.css',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(APP_CSS.length / 10);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.css' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_CSS);
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(page.headers['cache-control']).not.toContain('immutable');
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

describe('the API port under a flood of idle connections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dbTargets()[0]!, { API_MAX_CONNECTIONS: '3' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('drops connections past API_MAX_CONNECTIONS and answers again once one closes', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const open = () =>
      new Promise<Socket>((resolve, reject) => {
        const s = connect(port, '127.0.0.1', () => resolve(s)).on('error', reject);
      });
    const closed = (s: Socket) =>
      new Promise<boolean>((resolve) => {
        if (s.destroyed) resolve(true);
        s.once('close', () => resolve(true));
        setTimeout(() => resolve(false), 1000).unref();
      });
    const idle = [await open(), await open(), await open()];
    const extra = await open();
    expect(await closed(extra)).toBe(true);
    expect(idle.some((s) => s.destroyed)).toBe(false);
    idle[0]!.destroy();
    await new Promise((r) => setTimeout(r, 50));
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(200);
    for (const s of idle) s.destroy();
  });
});
