import gcoord from 'gcoord';
import { encodePng, type Rgb } from './png.ts';

/**
 * Synthetic Baidu tiles whose every pixel says where it lies in Baidu's grid, and the check that a
 * screenshot of the map shows each of them where its BD-09 point is. Written from Baidu's documented
 * numbering (level z: 2^(18 − z) BD09MC units a pixel, 256-pixel tiles from the origin, y to the north),
 * with gcoord's BD09 → BD09MC conversion, independently of the console's own code.
 *
 * Colours: red = the pixel's column in its tile (west to east), green = its row counted from the tile's
 * SOUTH edge, blue = tile x mod 8 (3 bits), tile y mod 8 (3 bits), level mod 4 (2 bits).
 */
export function syntheticBaiduTile(level: number, x: number, y: number): Buffer {
  const data = new Uint8Array(256 * 256 * 3);
  const blue = ((x & 7) << 5) | ((y & 7) << 2) | (level & 3);
  for (let row = 0; row < 256; row++)
    for (let col = 0; col < 256; col++) data.set([col, 255 - row, blue], (row * 256 + col) * 3);
  return encodePng({ width: 256, height: 256, data });
}

/** The map's view as MapView's container reports it (`data-center`, `data-zoom`), with its size in CSS pixels. */
export interface View {
  lng: number;
  lat: number;
  zoom: number;
  width: number;
  height: number;
}

/** The displayed (BD-09) point under the centre of screen pixel (px, py), by Web Mercator with 512-pixel tiles. */
export function screenToLngLat(view: View, px: number, py: number): [number, number] {
  const world = 512 * 2 ** view.zoom;
  const cx = ((view.lng + 180) / 360) * world;
  const rad = (view.lat * Math.PI) / 180;
  const cy = ((1 - Math.log(Math.tan(Math.PI / 4 + rad / 2)) / Math.PI) / 2) * world;
  const wx = cx + px + 0.5 - view.width / 2;
  const wy = cy + py + 0.5 - view.height / 2;
  const lng = (wx / world) * 360 - 180;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * wy) / world))) * 180) / Math.PI;
  return [lng, lat];
}

/** Baidu's global pixel of a BD-09 point at `level` (x east, y north of the origin). */
export function baiduPixel(lng: number, lat: number, level: number): [number, number] {
  const [mx, my] = gcoord.transform([lng, lat], gcoord.BD09, gcoord.BD09MC) as [number, number];
  const scale = 2 ** (18 - level);
  return [mx / scale, my / scale];
}

export interface PlacementResult {
  /** Samples showing a synthetic tile's inside (not an overlay, a tile edge or the offline base). */
  clean: number;
  /** Of those, the ones within `tolerance` screen pixels of where their BD-09 point is. */
  placed: number;
  /** Median distance in screen pixels between where a sample's pixel is and where it should be. */
  medianError: number;
  /** Mean signed error on each axis of the placed samples, screen pixels (east, south). */
  meanError: [number, number];
  levels: number[];
}

/** A rectangle of the map in CSS pixels from its top left corner. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CheckOptions {
  /** Screen pixels a sample may be off on each axis. */
  tolerance?: number;
  /** Spacing of the sampled screen pixels. */
  step?: number;
  /** Moves the assumed view by these screen pixels, to show the check notices a small misplacement. */
  shift?: [number, number];
  /** Parts of the map covered by the page (panels, controls): not sampled. */
  exclude?: Rect[];
}

/**
 * Reads the synthetic tiles' colours at a grid of screen pixels and checks each one shows the Baidu
 * pixel of the BD-09 point under it (the map displays BD-09 for Baidu). Errors are measured in screen
 * pixels on each axis.
 */
export function checkPlacement(
  shot: Rgb,
  view: View,
  { tolerance = 2, step = 17, shift = [0, 0], exclude = [] }: CheckOptions = {},
): PlacementResult {
  const metresPerScreenPixel = (2 * Math.PI * 6378137) / (512 * 2 ** view.zoom);
  const tileZoom = Math.round(view.zoom + 1); // 256-pixel raster tiles, MapLibre rounds the zoom
  const expectedLevel = Math.min(18, Math.ceil(tileZoom + Math.log2((2 ** 18 * 256) / (2 * Math.PI * 6378137))));
  let clean = 0;
  let placed = 0;
  const errors: number[] = [];
  let sumX = 0;
  let sumY = 0;
  const levels = new Set<number>();
  for (let py = 8; py < Math.min(view.height, shot.height) - 8; py += step) {
    for (let px = 8; px < Math.min(view.width, shot.width) - 8; px += step) {
      if (exclude.some((r) => px >= r.x && px < r.x + r.width && py >= r.y && py < r.y + r.height)) continue;
      const at = (py * shot.width + px) * 3;
      const [r = 0, g = 0, b = 0] = shot.data.subarray(at, at + 3);
      // Within 3 pixels of a tile edge the colours blend with the next tile's.
      if (r < 3 || r > 252 || g < 3 || g > 252) continue;
      const [lng, lat] = screenToLngLat(view, px + shift[0], py + shift[1]);
      if (Math.abs(lat) > 73) continue;
      // The level the pixel came from (a parent tile may stand in while a child loads): nearest the expected one.
      let level = expectedLevel;
      while ((level & 3) !== (b & 3)) level--;
      if (expectedLevel - level > 2) level += 4;
      const [ex, ey] = baiduPixel(lng, lat, level);
      const tileX = (b >> 5) & 7;
      const tileY = (b >> 2) & 7;
      // The global pixel the colours name, taking the tile number mod 8 nearest the expected one.
      const local = (tile: number, value: number, expected: number) => {
        const base = tile * 256 + value + 0.5;
        return base + Math.round((expected - base) / 2048) * 2048;
      };
      const perPixel = 2 ** (18 - level) / metresPerScreenPixel; // screen pixels per Baidu pixel
      const dx = (local(tileX, r, ex) - ex) * perPixel;
      const dy = (local(tileY, g, ey) - ey) * perPixel;
      clean++;
      levels.add(level);
      errors.push(Math.hypot(dx, dy));
      if (Math.abs(dx) > tolerance || Math.abs(dy) > tolerance) continue;
      placed++;
      sumX += dx;
      sumY -= dy; // Baidu's y goes north, the screen's south
    }
  }
  errors.sort((a, b) => a - b);
  return {
    clean,
    placed,
    medianError: errors[Math.floor(errors.length / 2)] ?? Number.NaN,
    meanError: [sumX / placed, sumY / placed],
    levels: [...levels],
  };
}
