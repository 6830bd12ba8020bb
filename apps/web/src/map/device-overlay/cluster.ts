/**
 * Clustering of device points for the device overlay, in the map's own world pixels (512-pixel
 * tiles, Web Mercator) at whole zoom levels, as MapLibre clusters a GeoJSON source: clusters
 * change only when the zoom crosses a whole level, never while the map pans.
 */

export const TILE_SIZE = 512;
const MAX_LAT = 85.051129;

export interface ClusterPoint {
  /** Display coordinates (the tiles' system), [lng, lat]. */
  at: readonly [number, number];
}

export interface Cluster<P extends ClusterPoint> {
  /** Display coordinates of the members' centre. */
  at: [number, number];
  members: P[];
}

/** World pixel coordinates of a point at a zoom level. */
export function worldPixel([lng, lat]: readonly [number, number], zoom: number): [number, number] {
  const size = TILE_SIZE * 2 ** zoom;
  const phi = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  const x = ((lng + 180) / 360) * size;
  const y = (0.5 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI)) * size;
  return [x, y];
}

export function fromWorldPixel([x, y]: readonly [number, number], zoom: number): [number, number] {
  const size = TILE_SIZE * 2 ** zoom;
  const lng = (x / size) * 360 - 180;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / size))) * 180) / Math.PI;
  return [lng, lat];
}

/**
 * Greedy clustering at one whole zoom level: each point not yet taken, in the given order, takes
 * every free point within `radius` world pixels of it; the cluster sits at their mean. A grid of
 * radius-sized cells keeps it linear in the number of points.
 */
export function clusterAt<P extends ClusterPoint>(points: readonly P[], zoom: number, radius: number): Cluster<P>[] {
  const px = points.map((p) => worldPixel(p.at, zoom));
  const grid = new Map<number, number[]>();
  const cellOf = (v: number) => Math.floor(v / radius);
  // Cells per axis stay under 2^22 up to zoom 12 with any radius ≥ 1, so the key is exact.
  const key = (cx: number, cy: number) => cx * 4_194_304 + cy;
  for (const [i, [x, y]] of px.entries()) {
    const k = key(cellOf(x), cellOf(y));
    const cell = grid.get(k);
    if (cell) cell.push(i);
    else grid.set(k, [i]);
  }
  const taken = new Uint8Array(points.length);
  const clusters: Cluster<P>[] = [];
  const r2 = radius * radius;
  for (let i = 0; i < points.length; i++) {
    if (taken[i]) continue;
    taken[i] = 1;
    const [x, y] = px[i] as [number, number];
    const members = [i];
    const cx = cellOf(x);
    const cy = cellOf(y);
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (const j of grid.get(key(cx + dx, cy + dy)) ?? []) {
          if (taken[j]) continue;
          const [jx, jy] = px[j] as [number, number];
          if ((jx - x) ** 2 + (jy - y) ** 2 <= r2) {
            taken[j] = 1;
            members.push(j);
          }
        }
    if (members.length === 1) {
      clusters.push({ at: [...(points[i] as P).at], members: [points[i] as P] });
      continue;
    }
    let sx = 0;
    let sy = 0;
    for (const m of members) {
      sx += (px[m] as [number, number])[0];
      sy += (px[m] as [number, number])[1];
    }
    clusters.push({
      at: fromWorldPixel([sx / members.length, sy / members.length], zoom),
      members: members.map((m) => points[m] as P),
    });
  }
  return clusters;
}

/** The first whole zoom at which a cluster's members no longer form one cluster (at most `maxZoom + 1`). */
export function expansionZoom(members: readonly ClusterPoint[], fromZoom: number, radius: number, maxZoom: number) {
  for (let z = Math.floor(fromZoom) + 1; z <= maxZoom; z++) if (clusterAt(members, z, radius).length > 1) return z;
  return maxZoom + 1;
}

/** "1.2k" for 1,234, as MapLibre abbreviates a cluster's point count. */
export function abbreviateCount(n: number): string {
  if (n >= 10_000) return `${Math.round(n / 1000)}k`;
  if (n >= 1000) return `${Math.round(n / 100) / 10}k`;
  return String(n);
}
