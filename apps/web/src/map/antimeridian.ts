import type { Feature, FeatureCollection, Position } from 'geojson';

/**
 * world-atlas rings are made for spherical rendering: Russia and Fiji jump from +180° to −180° and
 * back, Antarctica's ring goes once around the pole. On a flat map those jumps draw lines across
 * the world. This makes a ring continuous (longitudes may pass ±180°, which MapLibre wraps) and
 * closes a ring that circles a pole along that pole.
 */
export function unwrapRing(ring: readonly Position[]): Position[] {
  const out: Position[] = [];
  let shift = 0;
  let latSum = 0;
  ring.forEach((p, i) => {
    const lng = p[0] ?? 0;
    const lat = p[1] ?? 0;
    const prev = ring[i - 1]?.[0];
    if (prev !== undefined) {
      if (lng - prev > 180) shift -= 360;
      else if (lng - prev < -180) shift += 360;
    }
    latSum += lat;
    out.push([lng + shift, lat]);
  });
  const first = out[0];
  const last = out[out.length - 1];
  if (first && last && Math.abs((last[0] ?? 0) - (first[0] ?? 0)) > 180) {
    const pole = latSum < 0 ? -90 : 90;
    out.push([last[0] ?? 0, pole], [first[0] ?? 0, pole], [first[0] ?? 0, first[1] ?? 0]);
  }
  return out;
}

/** Unwraps every polygon ring of a feature collection; other geometries pass through. */
export function unwrapFeatures(fc: FeatureCollection): FeatureCollection {
  return {
    ...fc,
    features: fc.features.map((f): Feature => {
      const g = f.geometry;
      if (g.type === 'Polygon') return { ...f, geometry: { ...g, coordinates: g.coordinates.map(unwrapRing) } };
      if (g.type === 'MultiPolygon')
        return { ...f, geometry: { ...g, coordinates: g.coordinates.map((poly) => poly.map(unwrapRing)) } };
      return f;
    }),
  };
}
