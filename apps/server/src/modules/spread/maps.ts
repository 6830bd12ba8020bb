import type { SpreadMap } from '@lodestar/contract/spread';
import type { Language } from '@lodestar/domain';
import { chinaProvinces } from '../geocode/china.ts';
import { chinaCities } from '../geocode/cities.ts';
import {
  cityName,
  isCityProvince,
  provinceCodeOf,
  provinceFullName,
  provinceName,
  provinceOfCode,
} from '../geocode/names.ts';

type Ring = [number, number][];
type Feature = SpreadMap['features'][number];

/**
 * Coordinates rounded (0.01° ≈ 1 km for the whole country, 0.001° inside a province) with repeated points dropped:
 * the country's outlines shrink from megabytes to a few hundred kilobytes, finer than the map draws them.
 */
function simplify(ring: Ring, digits: number): Ring {
  const k = 10 ** digits;
  const out: Ring = [];
  for (const [x, y] of ring) {
    const p: [number, number] = [Math.round(x * k) / k, Math.round(y * k) / k];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out;
}

const feature = (name: string, label: string, polygons: Ring[][], digits: number): Feature => ({
  type: 'Feature',
  properties: { name, label },
  geometry: {
    type: 'MultiPolygon',
    coordinates: polygons
      .map((poly) => poly.map((r) => simplify(r, digits)).filter((r) => r.length >= 4))
      .filter((poly) => poly.length > 0),
  },
});

// The province data stores islands as further rings of one polygon, each an outer ring: each its own polygon.
const provinceFeature = (zh: string, name: string, label: string, digits: number): Feature | undefined => {
  const p = chinaProvinces().find((x) => x.name === zh);
  return (
    p &&
    feature(
      name,
      label,
      p.polygons.flatMap((poly) => poly.map((r) => [r])),
      digits,
    )
  );
};

const cache = new Map<string, SpreadMap>();

/** The outlines a level of the business map draws, named by the codes GetDistribution's rows carry. */
export function spreadMap(level: 'country' | 'province' | 'city', code: string, lang: Language): SpreadMap | undefined {
  const key = `${level}:${code}:${lang}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let features: Feature[] = [];
  if (level === 'country') {
    features = chinaProvinces().flatMap((p) => {
      const c = provinceCodeOf(p.name);
      const f = c && provinceFeature(p.name, c, provinceName(p.name, lang), 2);
      return f ? [f] : [];
    });
  } else {
    const zh = level === 'province' ? provinceOfCode(code) : provinceOfCity(code);
    if (!zh) return undefined;
    if (isCityProvince(zh)) {
      const f = provinceFeature(zh, provinceFullName(zh), provinceName(zh, lang), 3);
      features = f ? [f] : [];
    } else {
      features = (chinaCities().get(zh) ?? [])
        .filter((c) => level === 'province' || c.name === code)
        .map((c) => feature(c.name, cityName(c.name, lang), c.polygons, 3));
    }
  }
  if (!features.length) return undefined;
  const map: SpreadMap = { type: 'FeatureCollection', features };
  cache.set(key, map);
  return map;
}

/** The short name of the province a city (by its Chinese name, or a municipality's full name) is in. */
export function provinceOfCity(city: string): string | undefined {
  for (const [zh, cities] of chinaCities()) if (cities.some((c) => c.name === city)) return zh;
  return chinaProvinces().find((p) => isCityProvince(p.name) && provinceFullName(p.name) === city)?.name;
}
