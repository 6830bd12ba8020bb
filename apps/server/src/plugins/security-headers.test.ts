import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { DEFAULT_APP_ID } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapSettings } from '../config.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { contentSecurityPolicy, tileSource, tileSources } from './security-headers.ts';

afterAll(stopTestServers);

/** The CSP as directive → sources. */
const directives = (csp: string) =>
  new Map(
    csp.split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name!, sources];
    }),
  );

describe('the content security policy', () => {
  it('allows a tile template by scheme and host, a placeholder label as the leftmost wildcard', () => {
    expect(tileSource('https://webrd0{s}.is.autonavi.com/appmaptile?x={x}&y={y}&z={z}')).toBe(
      'https://*.is.autonavi.com',
    );
    expect(tileSource('http://127.0.0.1:8099/tiles/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8099');
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    // A path on this server is 'self'.
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBeUndefined();
  });

  it('names the built-in tile hosts, and a configured template instead of its provider’s built-in one', () => {
    const builtIn = tileSources(mapSettings({}));
    expect(builtIn).toEqual(
      expect.arrayContaining(['https://*.is.autonavi.com', 'https://*.bdimg.com', 'https://tile.openstreetmap.org']),
    );
    const configured = tileSources(mapSettings({ MAP_TILES_OSM: 'https://{s}.tiles.example.net/{z}/{x}/{y}.png' }));
    expect(configured).toContain('https://*.tiles.example.net');
    expect(configured).not.toContain('https://tile.openstreetmap.org');
    expect(configured).toContain('https://*.is.autonavi.com');
  });

  it('allows scripts only from the console itself and no framing', () => {
    const csp = directives(contentSecurityPolicy(mapSettings({})));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toContain('https://*.is.autonavi.com');
    expect(csp.get('img-src')).toContain('https://*.is.autonavi.com');
    // The photo grid's object URLs (fetched with the token header).
    expect(csp.get('img-src')).toContain('blob:');
  });
});

describe.each(dbTargets())('security headers on $name PostgreSQL', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target, { MAP_TILES_BAIDU: 'http://127.0.0.1:8099/bd/{z}/{x}/{y}' });
  });
  afterAll(() => t.close());

  it('are on the console, the API, and what is not found', async () => {
    const replies = [
      await t.app.inject({ method: 'GET', url: '/' }),
      await t.app.inject({ method: 'GET', url: '/monitor' }),
      (await t.call('GET', 'account/config')).raw,
      (await t.call('POST', 'Device/GetDeviceList', { body: {} })).raw,
      await t.app.inject({ method: 'GET', url: `/API/api/No/Such?format=json&appid=${DEFAULT_APP_ID}` }),
    ];
    for (const r of replies) {
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      const csp = directives(String(r.headers['content-security-policy']));
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      // The configured tile host, with its port.
      expect(csp.get('connect-src')).toContain('http://127.0.0.1:8099');
    }
  });
});
