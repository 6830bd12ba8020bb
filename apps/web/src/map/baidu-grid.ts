import gcoord from 'gcoord';

/**
 * Baidu's tile grid, and how one Web Mercator tile is cut out of it (pure math, no I/O).
 *
 * Baidu projects BD-09 longitude/latitude to its own Mercator, BD09MC (a polynomial fit, one set of
 * factors per 15° latitude band; gcoord converts it). Level z has 2^(18 − z) MC units per pixel and
 * 256-pixel tiles numbered from the origin (0, 0): tile x = floor(mcX / 2^(18 − z) / 256) to the east,
 * tile y = floor(mcY / 2^(18 − z) / 256) to the NORTH; a tile image has north at its top.
 *
 * The map shows BD-09 coordinates for Baidu as if they were WGS-84 (`coords.ts`), so a pixel of a
 * Web Mercator tile at (lng, lat) shows Baidu's pixel at bd09ToMc(lng, lat). Within one row of that
 * tile the latitude is constant, hence one MC y and one band, and MC x is linear in longitude: each
 * output row is one horizontal strip of Baidu's pixels, scaled (`RowStrip`).
 */

export const BAIDU_TILE_SIZE = 256;
export const BAIDU_MAX_LEVEL = 18;
/** Baidu's smallest level (the Web Mercator zoom 2 tiles use it). */
export const BAIDU_MIN_LEVEL = 3;
/** Baidu's map stops here (its own API clamps latitudes to ±74°); rows beyond are left empty. */
export const BAIDU_MAX_LAT = 74;

/** Metres around the equator in Web Mercator (EPSG:3857). */
const WEB_MERCATOR_WORLD = 2 * Math.PI * 6378137;
/** Baidu level − Web Mercator zoom at equal resolution: log2(2^18 · 256 / 40075016.69) ≈ 0.744. */
export const LEVEL_OFFSET = Math.log2((2 ** BAIDU_MAX_LEVEL * BAIDU_TILE_SIZE) / WEB_MERCATOR_WORLD);

/** The Baidu level to cut a Web Mercator tile of zoom `z` from: the next sharper one, at most 18. */
export function baiduLevel(z: number): number {
  return Math.max(BAIDU_MIN_LEVEL, Math.min(BAIDU_MAX_LEVEL, Math.ceil(z + LEVEL_OFFSET - 1e-9)));
}

/** BD-09 longitude/latitude → BD09MC, by gcoord. */
export function bd09ToMc(lng: number, lat: number): [number, number] {
  const [mc] = bd09ToMcMany([[lng, lat]]);
  return mc ?? [Number.NaN, Number.NaN];
}

/** Many points at once (one gcoord call: a map tile converts 512). */
export function bd09ToMcMany(points: readonly (readonly [number, number])[]): [number, number][] {
  // gcoord finds no latitude band for exactly 0° (NaN); the equator's MC y is 0 either way.
  const coordinates = points.map(([lng, lat]): [number, number] => [lng, lat === 0 ? 1e-12 : lat]);
  gcoord.transform({ type: 'MultiPoint', coordinates }, gcoord.BD09, gcoord.BD09MC); // in place
  return coordinates;
}

/** BD09MC units → Baidu pixels of `level`, from the origin (x east, y north). */
export const mcToPixel = (mc: number, level: number): number => mc / 2 ** (BAIDU_MAX_LEVEL - level);

/** The Baidu tile holding a pixel coordinate (x east or y north). */
export const pixelToTile = (pixel: number): number => Math.floor(pixel / BAIDU_TILE_SIZE);

/** West edge longitude of Web Mercator tile column `x` (fractional allowed) at zoom `z`. */
export const tileLng = (x: number, z: number): number => (x / 2 ** z) * 360 - 180;

/** North edge latitude of Web Mercator tile row `y` (fractional allowed) at zoom `z`. */
export const tileLat = (y: number, z: number): number =>
  (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** z))) * 180) / Math.PI;

/**
 * One output row: draw the mosaic's pixels [sx, sx + sw) of row sy (one pixel high) over the whole
 * width of output row `row`. sx and sw are fractional (the scale is exact); sy is the source row that
 * holds the output row's centre line.
 */
export interface RowStrip {
  row: number;
  sx: number;
  sy: number;
  sw: number;
}

/** How to cut one Web Mercator tile out of Baidu's tiles. */
export interface BaiduTilePlan {
  level: number;
  /** Baidu tiles to fetch, inclusive ranges (x east, y north). */
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
  /**
   * Rows inside Baidu's map, in the coordinates of the mosaic: the tiles above laid side by side,
   * tile (minX, maxY) at its top left, 256 pixels each.
   */
  strips: RowStrip[];
}

/**
 * The Baidu tiles under Web Mercator tile z/x/y (XYZ numbering, `size` pixels) and, for each of its
 * rows, the strip of them it shows. Null when the tile lies wholly beyond Baidu's latitudes.
 */
export function planTile(z: number, x: number, y: number, size = 256): BaiduTilePlan | null {
  const level = baiduLevel(z);
  const west = tileLng(x, z);
  const east = tileLng(x + 1, z);
  const lats: { row: number; lat: number }[] = [];
  for (let row = 0; row < size; row++) {
    const lat = tileLat(y + (row + 0.5) / size, z);
    if (Math.abs(lat) <= BAIDU_MAX_LAT) lats.push({ row, lat });
  }
  // Both ends of a row fall in the row's latitude band, so x is linear in longitude between them.
  const mc = bd09ToMcMany(lats.flatMap(({ lat }) => [[west, lat] as const, [east, lat] as const]));
  const rows = lats.map(({ row }, i) => ({
    row,
    x0: mcToPixel(mc[2 * i]?.[0] ?? Number.NaN, level),
    x1: mcToPixel(mc[2 * i + 1]?.[0] ?? Number.NaN, level),
    py: mcToPixel(mc[2 * i]?.[1] ?? Number.NaN, level),
  }));
  if (rows.length === 0) return null;
  const minX = pixelToTile(Math.min(...rows.map((r) => r.x0)));
  const maxX = Math.ceil(Math.max(...rows.map((r) => r.x1)) / BAIDU_TILE_SIZE) - 1;
  const minY = pixelToTile(Math.min(...rows.map((r) => r.py)));
  const maxY = pixelToTile(Math.max(...rows.map((r) => r.py)));
  const left = minX * BAIDU_TILE_SIZE;
  const top = (maxY + 1) * BAIDU_TILE_SIZE;
  const strips = rows.map((r) => ({
    row: r.row,
    sx: r.x0 - left,
    // Mosaic row k holds Baidu pixels [top − k − 1, top − k) going north: the one containing py.
    sy: Math.ceil(top - r.py) - 1,
    sw: r.x1 - r.x0,
  }));
  return { level, minX, maxX, minY, maxY, strips };
}
