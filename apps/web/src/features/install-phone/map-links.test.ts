import { describe, expect, it } from 'vitest';
import { mapLinks } from './map-links.ts';

describe('map links', () => {
  it('searches the address in each map app, encoded', () => {
    const links = Object.fromEntries(mapLinks(' 上海市浦东新区 世纪大道 100 号 ').map((l) => [l.key, l.href]));
    const q = encodeURIComponent('上海市浦东新区 世纪大道 100 号');
    expect(links.geo).toBe(`geo:0,0?q=${q}`);
    expect(links.amap).toBe(`https://uri.amap.com/search?keyword=${q}&callnative=1`);
    expect(links.baidu).toContain(`address=${q}`);
    expect(links.apple).toBe(`https://maps.apple.com/?q=${q}`);
  });

  it('points at coordinates when the task has them, telling Amap and Baidu they are WGS-84', () => {
    const links = Object.fromEntries(mapLinks('Depot', { lat: 31.2, lon: 121.5 }).map((l) => [l.key, l.href]));
    expect(links.geo).toBe('geo:31.2,121.5?q=31.2,121.5(Depot)');
    expect(links.amap).toContain('position=121.5,31.2');
    expect(links.amap).toContain('coordinate=wgs84');
    expect(links.baidu).toContain('location=31.2,121.5');
    expect(links.baidu).toContain('coord_type=wgs84');
  });

  it('offers nothing without an address or a point', () => {
    expect(mapLinks('  ')).toEqual([]);
  });
});
