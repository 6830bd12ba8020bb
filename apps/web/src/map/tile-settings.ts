import { MAP_BUILTIN_TILES, type MapProviderId, type MapSettings } from '@lodestar/domain';
import type { Crs } from './coords.ts';

/** Tile URL templates the server's settings give for some providers (MAP_TILES_*, account/config `map.tiles`). */
export type ConfiguredTiles = MapSettings['tiles'];

export interface TileProvider {
  id: MapProviderId;
  crs: Crs;
  /** Tile URLs with {x} {y} {z}; several for the provider's sub-domains or several configured templates. */
  tiles: string[];
  scheme: 'xyz' | 'tms';
  /** Where the provider's tile numbers come from: Web Mercator's grid, or Baidu's own (BD09MC, `baidu-grid.ts`). */
  grid: 'webMercator' | 'baidu';
  minzoom: number;
  maxzoom: number;
  attribution: string;
}

/** Expands `{s}` over the given sub-domains: `a{s}.x` with ['1','2'] → ['a1.x', 'a2.x']. */
export const expand = (template: string, subdomains: readonly string[]): string[] =>
  template.includes('{s}') ? subdomains.map((s) => template.replace('{s}', s)) : [template];

const DEFAULTS: Record<MapProviderId, Omit<TileProvider, 'id' | 'tiles'> & { url: string; subdomains: string[] }> = {
  amap: {
    crs: 'GCJ02',
    url: MAP_BUILTIN_TILES.amap,
    subdomains: ['1', '2', '3', '4'],
    scheme: 'xyz',
    grid: 'webMercator',
    minzoom: 0,
    maxzoom: 18,
    attribution: '© AutoNavi',
  },
  amapSatellite: {
    crs: 'GCJ02',
    url: MAP_BUILTIN_TILES.amapSatellite,
    subdomains: ['1', '2', '3', '4'],
    scheme: 'xyz',
    grid: 'webMercator',
    minzoom: 0,
    maxzoom: 18,
    attribution: '© AutoNavi',
  },
  tencent: {
    crs: 'GCJ02',
    url: MAP_BUILTIN_TILES.tencent,
    subdomains: ['0', '1', '2', '3'],
    scheme: 'tms',
    grid: 'webMercator',
    minzoom: 0,
    maxzoom: 18,
    attribution: '© Tencent',
  },
  baidu: {
    // Baidu numbers its tiles in its own grid (BD09MC from the origin, y to the north): the browser
    // re-tiles them onto Web Mercator (baidu-tiles.ts). MAP_TILES_BAIDU templates use Baidu's numbering
    // too. Zoom 2 tiles are cut from Baidu's smallest level, 3.
    crs: 'BD09',
    url: MAP_BUILTIN_TILES.baidu,
    subdomains: ['0', '1', '2', '3'],
    scheme: 'xyz',
    grid: 'baidu',
    minzoom: 2,
    maxzoom: 18,
    attribution: '© Baidu',
  },
  osm: {
    crs: 'WGS84',
    url: MAP_BUILTIN_TILES.osm,
    // Only for configured templates with {s}: the a/b/c hosts of OpenStreetMap-style tile servers.
    subdomains: ['a', 'b', 'c'],
    scheme: 'xyz',
    grid: 'webMercator',
    minzoom: 0,
    maxzoom: 19,
    attribution: '© OpenStreetMap contributors',
  },
  google: {
    crs: 'WGS84',
    url: MAP_BUILTIN_TILES.google,
    subdomains: ['0', '1', '2', '3'],
    scheme: 'xyz',
    grid: 'webMercator',
    minzoom: 0,
    maxzoom: 20,
    attribution: '© Google',
  },
};

/**
 * The tile settings of a provider: its built-in ones, with the server's templates for it when the
 * settings give some (`configured`, one or more; `{s}` expands over the provider's sub-domains, and a
 * template that is a path on the console's own server is made absolute for MapLibre with `origin`).
 */
export function tileProvider(
  id: MapProviderId,
  configured: ConfiguredTiles = {},
  origin: string = globalThis.location?.origin ?? '',
): TileProvider {
  const { url, subdomains, ...rest } = DEFAULTS[id];
  const given = configured[id];
  const templates = given?.length ? given : [url];
  const absolute = templates.map((t) => (t.startsWith('/') && !t.startsWith('//') ? `${origin}${t}` : t));
  return { id, ...rest, tiles: absolute.flatMap((t) => expand(t, subdomains)) };
}
