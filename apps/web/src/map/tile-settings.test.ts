import { MAP_PROVIDERS } from '@lodestar/domain';
import { describe, expect, it } from 'vitest';
import { tileProvider } from './tile-settings.ts';

const ORIGIN = 'https://gps.example.com';

describe('tile providers with the server’s templates (MAP_TILES_*)', () => {
  it('uses the built-in tiles when the settings give none', () => {
    expect(tileProvider('amap', {}, ORIGIN).tiles).toEqual(
      [1, 2, 3, 4].map((s) => expect.stringContaining(`webrd0${s}`)),
    );
    expect(tileProvider('osm', {}, ORIGIN).tiles).toEqual(['https://tile.openstreetmap.org/{z}/{x}/{y}.png']);
    expect(tileProvider('osm', { osm: [] }, ORIGIN).tiles).toEqual(['https://tile.openstreetmap.org/{z}/{x}/{y}.png']);
  });

  it('puts a configured template in place of the built-in one, keeping the provider’s system and grid', () => {
    const baidu = tileProvider('baidu', { baidu: ['https://bd.example.cn/t?x={x}&y={y}&z={z}&ak=k1'] }, ORIGIN);
    expect(baidu).toMatchObject({
      id: 'baidu',
      crs: 'BD09',
      grid: 'baidu',
      minzoom: 2,
      tiles: ['https://bd.example.cn/t?x={x}&y={y}&z={z}&ak=k1'],
    });
    expect(tileProvider('tencent', { tencent: ['https://t.example.cn/{z}/{x}/{y}'] }, ORIGIN)).toMatchObject({
      crs: 'GCJ02',
      scheme: 'tms',
    });
  });

  it('expands {s} over the provider’s sub-domains and keeps several templates', () => {
    expect(
      tileProvider('amapSatellite', { amapSatellite: ['https://s{s}.example.cn/{z}/{x}/{y}'] }, ORIGIN).tiles,
    ).toEqual(['1', '2', '3', '4'].map((s) => `https://s${s}.example.cn/{z}/{x}/{y}`));
    expect(tileProvider('osm', { osm: ['https://{s}.tile.example.org/{z}/{x}/{y}.png'] }, ORIGIN).tiles).toEqual([
      'https://a.tile.example.org/{z}/{x}/{y}.png',
      'https://b.tile.example.org/{z}/{x}/{y}.png',
      'https://c.tile.example.org/{z}/{x}/{y}.png',
    ]);
    expect(
      tileProvider(
        'google',
        { google: ['https://g1.example.com/{z}/{x}/{y}', 'https://g2.example.com/{z}/{x}/{y}'] },
        ORIGIN,
      ).tiles,
    ).toEqual(['https://g1.example.com/{z}/{x}/{y}', 'https://g2.example.com/{z}/{x}/{y}']);
  });

  it('makes a path on the console’s own server absolute, since MapLibre loads tiles off the page', () => {
    expect(tileProvider('osm', { osm: ['/tiles/{z}/{x}/{y}.png'] }, ORIGIN).tiles).toEqual([
      'https://gps.example.com/tiles/{z}/{x}/{y}.png',
    ]);
  });

  it('changes only the providers the settings name', () => {
    const configured = { osm: ['https://osm.example.org/{z}/{x}/{y}.png'] };
    for (const id of MAP_PROVIDERS.filter((p) => p !== 'osm'))
      expect(tileProvider(id, configured, ORIGIN)).toEqual(tileProvider(id, {}, ORIGIN));
  });
});
