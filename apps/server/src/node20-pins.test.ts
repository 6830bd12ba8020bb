import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';

// package.json overrides cookie (light-my-request's) and content-disposition (@fastify/static's) to their
// last Node 20 releases, older majors than those parents ask for: these are the calls the parents make.
describe('the Node 20 pins still serve their parents', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pins-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('light-my-request sends the cookies an inject gives (cookie 1.x stringifySetCookie)', async () => {
    const app = Fastify();
    app.get('/', (req) => ({ cookie: req.headers.cookie }));
    const res = await app.inject({ url: '/', cookies: { session: 'a b', lang: 'fr' } });
    expect(res.json()).toEqual({ cookie: 'session=a%20b; lang=fr' });
    await app.close();
  });

  it('@fastify/static names a download (content-disposition 2.x create)', async () => {
    writeFileSync(path.join(dir, 'bill.csv'), 'a,b\n');
    const app = Fastify();
    await app.register(fastifyStatic, { root: dir, serve: false });
    app.get('/plain', (_req, reply) => reply.download('bill.csv'));
    app.get('/named', (_req, reply) => reply.download('bill.csv', '账单 März.csv'));
    const plain = await app.inject({ url: '/plain' });
    expect(plain.headers['content-disposition']).toBe('attachment; filename=bill.csv');
    expect(plain.body).toBe('a,b\n');
    const named = await app.inject({ url: '/named' });
    expect(named.headers['content-disposition']).toBe(
      `attachment; filename="?? M?rz.csv"; filename*=UTF-8''%E8%B4%A6%E5%8D%95%20M%C3%A4rz.csv`,
    );
    await app.close();
  });
});
