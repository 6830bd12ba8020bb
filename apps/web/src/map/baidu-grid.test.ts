import gcoord from 'gcoord';
import { describe, expect, it } from 'vitest';
import {
  BAIDU_TILE_SIZE,
  type BaiduTilePlan,
  baiduLevel,
  bd09ToMc,
  LEVEL_OFFSET,
  mcToPixel,
  pixelToTile,
  planTile,
} from './baidu-grid.ts';

// Tian'anmen in BD-09, as Baidu's JS API projects it (BMap.MercatorProjection, quoted by leaflet-baidu's
// README): point (12958175, 4825923.77), level 4 pixel (790, 294) in tile (3, 1), level 18 tile (50617, 18851).
const TIANANMEN: [number, number] = [116.404, 39.915];

/** The Web Mercator tile of zoom z holding a point, and the point's position in it (0..1), by the usual XYZ formulas. */
function webMercatorTile(lng: number, lat: number, z: number) {
  const n = 2 ** z;
  const fx = ((lng + 180) / 360) * n;
  const rad = (lat * Math.PI) / 180;
  const fy = ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n;
  return { x: Math.floor(fx), y: Math.floor(fy), u: fx - Math.floor(fx), v: fy - Math.floor(fy) };
}

/** Inverse of the above: the BD-09 point shown at output pixel centre (col, row) of tile z/x/y. */
function pixelCentre(z: number, x: number, y: number, col: number, row: number): [number, number] {
  const n = 2 ** z;
  const lng = ((x + (col + 0.5) / 256) / n) * 360 - 180;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * (y + (row + 0.5) / 256)) / n))) * 180) / Math.PI;
  return [lng, lat];
}

/**
 * Checks a plan pixel by pixel against gcoord's own BD09 → BD09MC conversion: the strip of each row
 * puts every output pixel centre on the Baidu pixel of its BD-09 point (x to 1e-6 pixel, y in the
 * source row holding it).
 */
function checkPlan(z: number, x: number, y: number, plan: BaiduTilePlan) {
  const left = plan.minX * BAIDU_TILE_SIZE;
  const top = (plan.maxY + 1) * BAIDU_TILE_SIZE;
  const scale = 2 ** (18 - plan.level);
  for (const strip of plan.strips) {
    for (const col of [0, 1, 77, 128, 200, 255]) {
      const [lng, lat] = pixelCentre(z, x, y, col, strip.row);
      const [mcX, mcY] = gcoord.transform([lng, lat], gcoord.BD09, gcoord.BD09MC) as [number, number];
      const planned = left + strip.sx + ((col + 0.5) / 256) * strip.sw;
      expect(Math.abs(planned - mcX / scale)).toBeLessThan(1e-6);
      expect(top - strip.sy - 1).toBeLessThanOrEqual(mcY / scale);
      expect(mcY / scale).toBeLessThan(top - strip.sy);
    }
    // Inside the mosaic.
    expect(strip.sx).toBeGreaterThanOrEqual(0);
    expect(strip.sx + strip.sw).toBeLessThanOrEqual((plan.maxX - plan.minX + 1) * BAIDU_TILE_SIZE + 1e-9);
    expect(strip.sy).toBeGreaterThanOrEqual(0);
    expect(strip.sy).toBeLessThan((plan.maxY - plan.minY + 1) * BAIDU_TILE_SIZE);
  }
}

describe('Baidu tile grid', () => {
  it('projects a known point as Baidu does', () => {
    const [x, y] = bd09ToMc(...TIANANMEN);
    expect(x).toBeCloseTo(12958175, 1);
    expect(y).toBeCloseTo(4825923.77, 1);
    expect([Math.floor(mcToPixel(x, 4)), Math.floor(mcToPixel(y, 4))]).toEqual([790, 294]);
    expect([pixelToTile(mcToPixel(x, 4)), pixelToTile(mcToPixel(y, 4))]).toEqual([3, 1]);
    expect([pixelToTile(mcToPixel(x, 18)), pixelToTile(mcToPixel(y, 18))]).toEqual([50617, 18851]);
    // South and west of the origin the numbers go negative (floor, not truncation).
    expect(pixelToTile(mcToPixel(bd09ToMc(-0.001, -0.001)[0], 10))).toBe(-1);
    // gcoord has no band for latitude 0 exactly; the equator is y = 0.
    const [ex, ey] = bd09ToMc(100, 0);
    expect(Number.isFinite(ex)).toBe(true);
    expect(Math.abs(ey)).toBeLessThan(0.01); // a centimetre: the lowest band's constant term
  });

  it('picks the next sharper Baidu level, 3 to 18', () => {
    expect(LEVEL_OFFSET).toBeCloseTo(0.7438, 4);
    for (let z = 2; z <= 17; z++) {
      const level = baiduLevel(z);
      expect(level).toBe(z + 1);
      // Baidu's pixels at that level are smaller than the tile's, one level less they would be larger.
      const webMercatorMetresPerPixel = (2 * Math.PI * 6378137) / 256 / 2 ** z;
      expect(2 ** (18 - level)).toBeLessThanOrEqual(webMercatorMetresPerPixel);
      expect(2 ** (18 - (level - 1))).toBeGreaterThan(webMercatorMetresPerPixel);
    }
    expect(baiduLevel(18)).toBe(18);
    expect(baiduLevel(22)).toBe(18);
    expect(baiduLevel(0)).toBe(3);
  });

  it("cuts a tile around Tian'anmen exactly, and puts the point on its Baidu pixel", () => {
    for (const z of [4, 9, 12, 15, 17, 18]) {
      const t = webMercatorTile(...TIANANMEN, z);
      const plan = planTile(z, t.x, t.y);
      if (!plan) throw new Error('no plan');
      expect(plan.strips).toHaveLength(256);
      checkPlan(z, t.x, t.y, plan);
      // The row holding the point draws Baidu's pixel of the point at the point's column.
      const row = plan.strips[Math.floor(t.v * 256)];
      if (!row) throw new Error('no row');
      const baiduX = plan.minX * 256 + row.sx + t.u * row.sw;
      const [mcX] = bd09ToMc(...TIANANMEN);
      expect(Math.abs(baiduX - mcToPixel(mcX, plan.level))).toBeLessThan(0.5);
      if (z === 4) {
        expect(plan.level).toBe(5);
        expect(Math.floor(baiduX / 2)).toBe(790); // level 4's pixel, from level 5
      }
    }
  });

  it('follows the latitude bands inside one tile', () => {
    // Zoom 6 tile rows around 30°N and 45°N straddle the band limits, where Baidu's factors change.
    for (const lat of [30, 45, 15]) {
      const t = webMercatorTile(110, lat, 6);
      const plan = planTile(6, t.x, t.y);
      if (!plan) throw new Error('no plan');
      checkPlan(6, t.x, t.y, plan);
    }
  });

  it('needs at most 3 × 3 source tiles, usually 2 × 2, for tiles over China', () => {
    let most = 0;
    let total = 0;
    let count = 0;
    for (const z of [3, 5, 8, 11, 14, 17]) {
      for (let lng = 74; lng <= 135; lng += 7.3) {
        for (let lat = 18; lat <= 53; lat += 5.9) {
          const t = webMercatorTile(lng, lat, z);
          const plan = planTile(z, t.x, t.y);
          if (!plan) throw new Error('no plan');
          const tiles = (plan.maxX - plan.minX + 1) * (plan.maxY - plan.minY + 1);
          most = Math.max(most, tiles);
          total += tiles;
          count++;
        }
      }
    }
    expect(most).toBeLessThanOrEqual(9);
    expect(total / count).toBeLessThan(6);
  });

  it("leaves out rows beyond Baidu's latitudes", () => {
    expect(planTile(4, 8, 0)).toBeNull(); // 82.7°N to 85.05°N
    const plan = planTile(3, 6, 1); // 79.2°N to 66.5°N
    if (!plan) throw new Error('no plan');
    expect(plan.strips.length).toBeGreaterThan(0);
    expect(plan.strips.length).toBeLessThan(256);
    expect(plan.strips[0]?.row).toBeGreaterThan(0);
    checkPlan(3, 6, 1, plan);
  });
});
