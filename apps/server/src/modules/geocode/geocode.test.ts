import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { Fn } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { chinaProvinces } from './china.ts';
import { chinaCities } from './cities.ts';
import { cityNamesKnown, provinceNamesKnown } from './names.ts';
import { AmapGeocoder, CachedGeocoder, type Geocoder, NominatimGeocoder, OfflineGeocoder } from './provider.ts';

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

  it('names the prefecture-level city in zh, en and fr, and writes it into the address', async () => {
    // Tianhe, Guangzhou
    expect(await g.reverse(23.135, 113.327, 'zh')).toMatchObject({
      Province: '广东',
      City: '广州市',
      Address: '中国广东省广州市',
    });
    expect(await g.reverse(23.135, 113.327, 'en')).toMatchObject({
      City: 'Guangzhou',
      Address: 'Guangzhou, Guangdong, China',
    });
    expect(await g.reverse(23.135, 113.327, 'fr')).toMatchObject({
      City: 'Canton',
      Address: 'Canton, Guangdong, Chine',
    });
    expect(await g.reverse(22.543, 114.058, 'en')).toMatchObject({ City: 'Shenzhen', Province: 'Guangdong' });
    expect(await g.reverse(30.573, 104.067, 'zh')).toMatchObject({ City: '成都市', Address: '中国四川省成都市' });
    expect(await g.reverse(30.573, 104.067, 'fr')).toMatchObject({
      City: 'Chengdu',
      Address: 'Chengdu, Sichuan, Chine',
    });
    expect(await g.reverse(43.825, 87.617, 'zh')).toMatchObject({
      City: '乌鲁木齐市',
      Address: '中国新疆维吾尔自治区乌鲁木齐市',
    });
    expect(await g.reverse(43.825, 87.617, 'en')).toMatchObject({ City: 'Urumqi', Address: 'Urumqi, Xinjiang, China' });
    expect(await g.reverse(29.652, 91.172, 'en')).toMatchObject({ City: 'Lhasa', Province: 'Tibet' });
    expect(await g.reverse(29.652, 91.172, 'fr')).toMatchObject({ City: 'Lhassa' });
    expect(await g.reverse(45.803, 126.535, 'zh')).toMatchObject({ City: '哈尔滨市', Address: '中国黑龙江省哈尔滨市' });
    expect(await g.reverse(45.803, 126.535, 'en')).toMatchObject({ City: 'Harbin' });
    // An autonomous prefecture keeps its full name in Chinese and its short place name elsewhere.
    expect(await g.reverse(42.9, 129.5, 'zh')).toMatchObject({ City: '延边朝鲜族自治州' });
    expect(await g.reverse(42.9, 129.5, 'en')).toMatchObject({ City: 'Yanbian', Address: 'Yanbian, Jilin, China' });
  });

  it('takes a municipality or a special administrative region as its own city, named once', async () => {
    expect(await g.reverse(39.904, 116.407, 'zh')).toMatchObject({
      Province: '北京',
      City: '北京市',
      Address: '中国北京市',
    });
    expect(await g.reverse(39.904, 116.407, 'fr')).toMatchObject({ City: 'Pékin', Address: 'Pékin, Chine' });
    expect(await g.reverse(29.563, 106.551, 'en')).toMatchObject({ City: 'Chongqing', Address: 'Chongqing, China' });
    // Central, Hong Kong, and Macao: country-coder's borders decide, the province outlines are too coarse.
    expect(await g.reverse(22.28, 114.16, 'zh')).toMatchObject({
      Province: '香港',
      City: '香港特别行政区',
      Address: '中国香港特别行政区',
    });
    expect(await g.reverse(22.28, 114.16, 'en')).toMatchObject({ City: 'Hong Kong', Address: 'Hong Kong, China' });
    expect(await g.reverse(22.19, 113.54, 'en')).toMatchObject({ Province: 'Macao', City: 'Macao' });
    // Taiwan: country-coder's country, and no city in the data.
    expect(await g.reverse(25.03, 121.56, 'en')).toMatchObject({ City: '', Address: 'Taiwan' });
  });

  it('gives no city at sea or outside China', async () => {
    expect(await g.reverse(30, 125, 'en')).toMatchObject({ City: '', Province: '', Address: '' });
    expect(await g.reverse(48.8566, 2.3522, 'zh')).toMatchObject({ City: '', Address: '法国' });
  });

  it('uses current names where the boundary data is older than a change', async () => {
    expect(await g.reverse(32.01, 112.12, 'zh')).toMatchObject({ City: '襄阳市' }); // was 襄樊市
    expect(await g.reverse(29.65, 94.36, 'en')).toMatchObject({ City: 'Nyingchi' }); // was 林芝地区
    expect(await g.reverse(36.21, 117.67, 'zh')).toMatchObject({ City: '济南市' }); // Laiwu, merged in 2019
    // The former 巢湖市 prefecture, divided in 2011: Chaohu itself to Hefei, Wuwei to Wuhu, He County to Ma'anshan.
    expect(await g.reverse(31.6, 117.87, 'zh')).toMatchObject({ City: '合肥市' });
    expect(await g.reverse(31.3, 117.9, 'zh')).toMatchObject({ City: '芜湖市' });
    expect(await g.reverse(31.72, 118.36, 'zh')).toMatchObject({ City: '马鞍山市' });
  });

  it('has English and French names for every city in the boundary data, and none for cities it lacks', () => {
    const known = cityNamesKnown();
    const inData = new Set(
      [...chinaCities().values()]
        .flat()
        .map((c) => c.name)
        .filter((n) => n !== '巢湖市'),
    );
    expect([...inData].filter((n) => !known.includes(n))).toEqual([]);
    expect(known.filter((n) => !inData.has(n))).toEqual([]);
    // Every province outside the municipalities, the SARs and Taiwan has its cities.
    expect(
      provinceNamesKnown().filter(
        (p) => !['北京', '天津', '上海', '重庆', '香港', '澳门', '台湾'].includes(p) && !chinaCities().get(p)?.length,
      ),
    ).toEqual([]);
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
    expect(await cached.reverse(31.2304, 121.4737, 'en')).toMatchObject({
      Province: 'Shanghai',
      City: 'Shanghai',
      Source: 'offline',
    });
    expect(await cached.reverse(31.23041, 121.47372, 'en')).toMatchObject({ City: 'Shanghai' });
    expect(calls).toBe(1);
  });
});

describe('network providers fill the city', () => {
  let server: Server;
  let url: string;
  let answer: unknown;
  beforeAll(async () => {
    server = createServer((_req, res) => res.setHeader('content-type', 'application/json').end(JSON.stringify(answer)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('Amap: addressComponent.city, or the municipality when Amap leaves the city empty', async () => {
    const amap = new AmapGeocoder('key', url);
    answer = {
      status: '1',
      regeocode: {
        formatted_address: '广东省广州市天河区',
        addressComponent: { country: '中国', province: '广东省', city: '广州市' },
      },
    };
    expect(await amap.reverse(23.135, 113.327)).toMatchObject({ Province: '广东省', City: '广州市', Source: 'amap' });
    answer = {
      status: '1',
      regeocode: {
        formatted_address: '北京市东城区',
        addressComponent: { country: '中国', province: '北京市', city: [] },
      },
    };
    expect(await amap.reverse(39.904, 116.407)).toMatchObject({ Province: '北京市', City: '北京市' });
  });

  it('Nominatim: address.city, else address.town', async () => {
    const nominatim = new NominatimGeocoder(url);
    answer = {
      display_name: 'Lyon, France',
      address: { country: 'France', state: 'Auvergne-Rhône-Alpes', city: 'Lyon' },
    };
    expect(await nominatim.reverse(45.76, 4.84, 'fr')).toMatchObject({ City: 'Lyon', Source: 'nominatim' });
    answer = { display_name: 'Cluny, France', address: { country: 'France', town: 'Cluny' } };
    expect(await nominatim.reverse(46.43, 4.66, 'fr')).toMatchObject({ City: 'Cluny', Province: '' });
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
    const r = await t.call<{ Province: string; City: string }[]>('POST', 'Geocode/Reverse', {
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
    expect(r.data.map((p) => p.City)).toEqual(['Shanghai', 'Shenzhen']);
    const tooMany = await t.call('POST', 'Geocode/Reverse', {
      token,
      body: { Points: Array.from({ length: 101 }, () => ({ Lat: 1, Lng: 1 })) },
    });
    expect(tooMany.code).toBe(400);
  });
});
