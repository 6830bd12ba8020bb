import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import type { MapSettings } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, mapSettings } from '../../config.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

afterAll(stopTestServers);

const AMAP = 'https://tiles.example.cn/amap/{z}/{x}/{y}.png?key={key}';

describe('map settings (MAP_*)', () => {
  it('defaults to Amap and the console’s built-in tiles', () => {
    expect(mapSettings({})).toEqual({ defaultProvider: 'amap', tiles: {} });
    expect(loadConfig({}).map).toEqual({ defaultProvider: 'amap', tiles: {} });
  });

  it('takes templates per provider, several separated by spaces, and fills {key} from <NAME>_KEY', () => {
    const map = mapSettings({
      MAP_DEFAULT_PROVIDER: 'osm',
      MAP_TILES_AMAP: AMAP,
      MAP_TILES_AMAP_KEY: 'k 1&2',
      MAP_TILES_AMAP_SATELLITE: '  https://s{s}.example.cn/{z}/{x}/{y}.jpg\n  https://b.example.cn/{z}/{x}/{y}.jpg ',
      MAP_TILES_OSM: '/tiles/osm/{z}/{x}/{y}.png',
      MAP_TILES_GOOGLE: '',
    });
    expect(map).toEqual({
      defaultProvider: 'osm',
      tiles: {
        amap: ['https://tiles.example.cn/amap/{z}/{x}/{y}.png?key=k%201%262'],
        amapSatellite: ['https://s{s}.example.cn/{z}/{x}/{y}.jpg', 'https://b.example.cn/{z}/{x}/{y}.jpg'],
        osm: ['/tiles/osm/{z}/{x}/{y}.png'],
      },
    });
  });

  it('refuses what would leave the map blank, naming the setting', () => {
    expect(() => mapSettings({ MAP_DEFAULT_PROVIDER: 'bing' })).toThrow(/MAP_DEFAULT_PROVIDER.*amap, amapSatellite/);
    expect(() => mapSettings({ MAP_TILES_AMAP: AMAP })).toThrow(/MAP_TILES_AMAP has a \{key\}.*MAP_TILES_AMAP_KEY/);
    expect(() => mapSettings({ MAP_TILES_TENCENT_KEY: 'k' })).toThrow(/MAP_TILES_TENCENT_KEY is given but no/);
    expect(() => mapSettings({ MAP_TILES_BAIDU: 'https://b.example.cn/{z}/{x}.png' })).toThrow(
      /MAP_TILES_BAIDU: .* lacks \{y\}/,
    );
    expect(() => mapSettings({ MAP_TILES_OSM: 'tile.example.org/{z}/{x}/{y}.png' })).toThrow(/MAP_TILES_OSM: .*http/);
    expect(() => mapSettings({ MAP_TILES_OSM: '//tile.example.org/{z}/{x}/{y}.png' })).toThrow(/MAP_TILES_OSM/);
  });
});

describe('account/config gives the console its map settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    const [target] = dbTargets();
    t = await startTestApp(target!, {
      MAP_DEFAULT_PROVIDER: 'baidu',
      MAP_TILES_BAIDU: 'https://bd{s}.example.cn/tile/?x={x}&y={y}&z={z}&ak={key}',
      MAP_TILES_BAIDU_KEY: 'ak-1234',
      MAP_TILES_OSM: 'https://osm.example.org/{z}/{x}/{y}.png',
    });
  });
  afterAll(() => t?.close());

  it('before anyone logs in, with the key filled in and only the configured providers', async () => {
    const r = await t.call<{ map: MapSettings; appTitle: string }>('GET', 'account/config');
    expect(r.code).toBe(200);
    expect(r.data.appTitle).toBe('Lodestar');
    expect(r.data.map).toEqual({
      defaultProvider: 'baidu',
      tiles: {
        baidu: ['https://bd{s}.example.cn/tile/?x={x}&y={y}&z={z}&ak=ak-1234'],
        osm: ['https://osm.example.org/{z}/{x}/{y}.png'],
      },
    });
  });
});
