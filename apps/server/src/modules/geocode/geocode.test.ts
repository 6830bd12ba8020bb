import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { Fn } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { chinaProvinces } from './china.ts';
import { provinceNamesKnown } from './names.ts';
import { CachedGeocoder, type Geocoder, OfflineGeocoder } from './provider.ts';

afterAll(stopTestServers);

describe('offline reverse geocoding', () => {
  const g = new OfflineGeocoder();
  it('names the province inside China and the country everywhere, in zh, en and fr', async () => {
    expect(await g.reverse(31.2304, 121.4737, 'zh')).toMatchObject({
      Country: '中国',
      Province: '上海',
      Source: 'offline',
    });
    expect(await g.reverse(39.9042, 116.4074, 'en')).toMatchObject({ Province: 'Beijing', Address: 'Beijing, China' });
    expect(await g.reverse(23.1291, 113.2644, 'fr')).toMatchObject({ Province: 'Guangdong', Country: 'Chine' });
    expect(await g.reverse(30.5728, 104.0668, 'zh')).toMatchObject({ Province: '四川' });
    expect(await g.reverse(48.8566, 2.3522, 'fr')).toMatchObject({
      Country: 'France',
      Province: '',
      Address: 'France',
    });
    expect(await g.reverse(-50, -100, 'en')).toMatchObject({ Country: '', Address: '' });
  });

  it('has English and French names for every province in the boundary data', () => {
    const known = new Set(provinceNamesKnown());
    expect(
      chinaProvinces()
        .map((p) => p.name)
        .filter((n) => !known.has(n)),
    ).toEqual([]);
  });

  it('falls back to offline when the network provider fails, and caches answers', async () => {
    let calls = 0;
    const failing: Geocoder = {
      name: 'amap',
      reverse: async () => {
        calls++;
        throw new Error('unreachable');
      },
    };
    const cached = new CachedGeocoder(failing);
    expect(await cached.reverse(31.2304, 121.4737, 'en')).toMatchObject({ Province: 'Shanghai', Source: 'offline' });
    await cached.reverse(31.23041, 121.47372, 'en');
    expect(calls).toBe(1);
  });
});

describe.each(dbTargets())('Geocode/Reverse on $name PostgreSQL', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  it('answers a batch of points in the caller language', async () => {
    const token = (await t.buildUser(await t.buildHold('H'), [Fn.onlineMonitor])).token;
    const r = await t.call<{ Province: string }[]>('POST', 'Geocode/Reverse', {
      token,
      lang: 'en',
      body: {
        Points: [
          { Lat: 31.2304, Lng: 121.4737 },
          { Lat: 22.5431, Lng: 114.0579 },
        ],
      },
    });
    expect(r.data.map((p) => p.Province)).toEqual(['Shanghai', 'Guangdong']);
    const tooMany = await t.call('POST', 'Geocode/Reverse', {
      token,
      body: { Points: Array.from({ length: 101 }, () => ({ Lat: 1, Lng: 1 })) },
    });
    expect(tooMany.code).toBe(400);
  });
});
