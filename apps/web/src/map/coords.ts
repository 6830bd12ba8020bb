import gcoord from 'gcoord';

/** Coordinate systems of the tile providers: WGS-84 (GPS, OpenStreetMap), GCJ-02 (Amap, Tencent), BD-09 (Baidu). */
export type Crs = 'WGS84' | 'GCJ02' | 'BD09';
export type LngLat = [number, number];

const CRS = { WGS84: gcoord.WGS84, GCJ02: gcoord.GCJ02, BD09: gcoord.BD09 } as const;
const EPS = 1e-12;

const transform = (p: LngLat, from: Crs, to: Crs): LngLat => {
  const [lng, lat] = gcoord.transform([p[0], p[1]], CRS[from], CRS[to]) as number[];
  return [lng ?? p[0], lat ?? p[1]];
};

/**
 * Inside China by gcoord's own rule: its WGS-84 → GCJ-02 conversion leaves points outside China
 * unchanged. BD-09 would shift them too, so we use this test before converting to BD-09.
 */
export function insideChina(p: LngLat): boolean {
  const g = transform(p, 'WGS84', 'GCJ02');
  return Math.abs(g[0] - p[0]) > EPS || Math.abs(g[1] - p[1]) > EPS;
}

/** A WGS-84 position from the server, as the map of `crs` draws it (for display only). */
export function toDisplay(p: LngLat, crs: Crs): LngLat {
  if (crs === 'WGS84') return [p[0], p[1]];
  // One WGS-84 → GCJ-02 conversion answers both "inside China?" (insideChina's rule) and, there, the
  // GCJ-02 position that BD-09 is derived from: the live map converts every moved device with it.
  const g = transform(p, 'WGS84', 'GCJ02');
  if (Math.abs(g[0] - p[0]) <= EPS && Math.abs(g[1] - p[1]) <= EPS) return [p[0], p[1]];
  return crs === 'GCJ02' ? g : transform(g, 'GCJ02', 'BD09');
}

/** A point clicked on a map of `crs`, back to WGS-84. */
export function fromDisplay(p: LngLat, crs: Crs): LngLat {
  if (crs === 'WGS84') return [p[0], p[1]];
  const wgs = transform(p, crs, 'WGS84');
  return insideChina(wgs) ? wgs : [p[0], p[1]];
}
