import { type Crs, toDisplay } from '../../../map/coords.ts';
import { speedClass } from '../speed-colours.ts';
import { GAP_SECONDS, type TrackArrays } from '../track-arrays.ts';

/** Web Mercator world coordinates, 0..1 (MapLibre's, north at 0). */
export const mercX = (lng: number) => (lng + 180) / 360;
export const mercY = (lat: number) =>
  (180 - (180 / Math.PI) * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))) / 360;
export const lngOf = (x: number) => x * 360 - 180;
export const latOf = (y: number) => (360 / Math.PI) * Math.atan(Math.exp(((180 - y * 360) * Math.PI) / 180)) - 90;

/** A track in world coordinates (WGS-84, before any display conversion) with each point's speed class. */
export interface TrackGeometry {
  wx: Float64Array;
  wy: Float64Array;
  cls: Uint8Array;
  /** WGS-84 bounds of the valid points [west, south, east, north], or null when there are none. */
  bounds: [number, number, number, number] | null;
}

export function trackGeometry(track: TrackArrays): TrackGeometry {
  const { n } = track;
  const wx = new Float64Array(n);
  const wy = new Float64Array(n);
  const cls = new Uint8Array(n);
  let w = Infinity;
  let s = Infinity;
  let e = -Infinity;
  let no = -Infinity;
  for (let i = 0; i < n; i++) {
    const lng = track.lng[i] as number;
    const lat = track.lat[i] as number;
    wx[i] = mercX(lng);
    wy[i] = mercY(lat);
    cls[i] = speedClass(track.speed[i] as number);
    if (track.invalid[i]) continue;
    if (lng < w) w = lng;
    if (lng > e) e = lng;
    if (lat < s) s = lat;
    if (lat > no) no = lat;
  }
  return { wx, wy, cls, bounds: w <= e ? [w, s, e, no] : null };
}

/**
 * The track as drawn at one zoom level: segments between point indexes (from → to), coloured by the
 * class of `from`. Points closer than a pixel to the last one kept, at the same speed class, are left
 * out; a segment whose pixel cells (and class) were already drawn is left out too, so a vehicle that
 * drove the same road every day of 30 draws it about once. Gaps (no data for more than GAP_SECONDS)
 * are kept apart, drawn dashed. Invalid fixes are skipped.
 */
export interface Segments {
  zoom: number;
  from: Int32Array;
  to: Int32Array;
  count: number;
  gapFrom: Int32Array;
  gapTo: Int32Array;
  gapCount: number;
}

/** Pixels a kept point must be from the last one kept. */
const TOLERANCE_PX = 1;
/** Deduplicated only segments this short (in pixels); the key holds both ends' cells in a double. */
const DEDUPE_SPAN = 63;
const DEDUPE_WIDTH = 2 * DEDUPE_SPAN + 1;

export function segmentsAt(track: TrackArrays, geo: TrackGeometry, zoom: number): Segments {
  const { n } = track;
  const scale = 512 * 2 ** zoom;
  const tol2 = TOLERANCE_PX * TOLERANCE_PX;
  const from = new Int32Array(Math.max(1, n));
  const to = new Int32Array(Math.max(1, n));
  const gapFrom: number[] = [];
  const gapTo: number[] = [];
  const { wx, wy, cls } = geo;
  // Cells relative to the track's top-left, so that the key fits a double's 53 bits when the track spans
  // under 2^18 pixels (a city at zoom 18); a larger one is not deduplicated.
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = wx[i] as number;
    const y = wy[i] as number;
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
  }
  const span = Math.ceil(Math.max(maxX - minX, maxY - minY) * scale) + 1;
  const dedupe = span < 2 ** 18;
  const seen = dedupe ? new KeySet(n) : null;
  let count = 0;
  // a: the last point kept (where the next segment starts); p: the last valid point seen.
  let a = -1;
  let p = -1;
  let ax = 0;
  let ay = 0;
  for (let k = 0; k < n; k++) {
    if (track.invalid[k]) continue;
    const kx = ((wx[k] as number) - minX) * scale;
    const ky = ((wy[k] as number) - minY) * scale;
    if (a >= 0 && (track.time[k] as number) - (track.time[p] as number) > GAP_SECONDS) {
      if (p !== a) {
        from[count] = a;
        to[count++] = p;
      }
      gapFrom.push(p);
      gapTo.push(k);
      a = -1;
    }
    p = k;
    if (a < 0) {
      a = k;
      ax = kx;
      ay = ky;
      continue;
    }
    const dx = kx - ax;
    const dy = ky - ay;
    if (dx * dx + dy * dy < tol2 && cls[k] === cls[a]) continue;
    let keep = true;
    if (seen) {
      const cx = Math.floor(ax);
      const cy = Math.floor(ay);
      const ddx = Math.floor(kx) - cx;
      const ddy = Math.floor(ky) - cy;
      if (Math.abs(ddx) <= DEDUPE_SPAN && Math.abs(ddy) <= DEDUPE_SPAN) {
        const key =
          (((cx * 2 ** 18 + cy) * DEDUPE_WIDTH + ddx + DEDUPE_SPAN) * DEDUPE_WIDTH + ddy + DEDUPE_SPAN) * 4 +
          (cls[a] as number);
        keep = seen.add(key);
      }
    }
    if (keep) {
      from[count] = a;
      to[count++] = k;
    }
    a = k;
    ax = kx;
    ay = ky;
  }
  // The tail closer than a pixel to the last point kept still ends where the track ends.
  if (a >= 0 && p !== a) {
    from[count] = a;
    to[count++] = p;
  }
  return {
    zoom,
    from,
    to,
    count,
    gapFrom: Int32Array.from(gapFrom),
    gapTo: Int32Array.from(gapTo),
    gapCount: gapFrom.length,
  };
}

/**
 * A set of non-negative integer keys below 2^53 in one open-addressing table: a Set of numbers boxes each
 * key past 2^31 and hashes it slowly, and was half of segmentsAt's time for a 30-day track.
 */
class KeySet {
  private readonly keys: Float64Array;
  private readonly mask: number;

  /** Room for `capacity` keys at a load of at most a half. */
  constructor(capacity: number) {
    let size = 1024;
    while (size < 2 * capacity) size *= 2;
    this.keys = new Float64Array(size).fill(-1);
    this.mask = size - 1;
  }

  /** Adds the key; false when it was there already. */
  add(key: number): boolean {
    const lo = key % 2 ** 26;
    const hi = (key - lo) / 2 ** 26;
    let i = (Math.imul(lo ^ Math.imul(hi, 0x27d4eb2d), 0x9e3779b1) >>> 0) & this.mask;
    const keys = this.keys;
    for (;;) {
      const k = keys[i] as number;
      if (k === key) return false;
      if (k < 0) {
        keys[i] = key;
        return true;
      }
      i = (i + 1) & this.mask;
    }
  }
}

/**
 * The grid (degrees) on which the display system's offset is computed exactly, and interpolated
 * between: BD-09 adds a term of period 0.12° (its rotation by 3e-6·cos(x·π·3000/180)), so it needs
 * finer cells than GCJ-02 for the same error.
 */
const CELLS: Record<Crs, number> = { WGS84: 1, GCJ02: 0.005, BD09: 0.002 };

/**
 * The offset of a display system (GCJ-02, BD-09) from WGS-84, exact (coords.ts, as the monitor converts)
 * at the corners of small cells (CELLS) and bilinear inside them. The offset is a smooth function (GCJ-02's
 * shortest period is a third of a degree), so inside a cell the interpolation is off by at most a few
 * centimetres (geometry.test.ts), less than a pixel below zoom 21; a 30-day track then costs a few hundred exact conversions instead of
 * 259,200 (a third of a second). The cells along China's border mix the shifted and unshifted sides.
 */
export class OffsetGrid {
  private readonly corners = new Map<number, [number, number]>();
  private readonly cell: number;
  constructor(readonly crs: Crs) {
    this.cell = CELLS[crs];
  }

  private corner(ix: number, iy: number): [number, number] {
    const key = (ix + 200_000) * 400_000 + (iy + 100_000);
    let o = this.corners.get(key);
    if (!o) {
      const lng = ix * this.cell;
      const lat = iy * this.cell;
      const [x, y] = toDisplay([lng, lat], this.crs);
      o = [x - lng, y - lat];
      this.corners.set(key, o);
    }
    return o;
  }

  // The corners of the cell asked last: a track's next point is nearly always in the same cell.
  private lastX = Number.NaN;
  private lastY = Number.NaN;
  private a: [number, number] = [0, 0];
  private b: [number, number] = [0, 0];
  private c: [number, number] = [0, 0];
  private d: [number, number] = [0, 0];

  /** The display position of a WGS-84 one, into `out` as [lng, lat]. */
  shift(lng: number, lat: number, out: [number, number]): [number, number] {
    const fx = lng / this.cell;
    const fy = lat / this.cell;
    const ix = Math.floor(fx);
    const iy = Math.floor(fy);
    if (ix !== this.lastX || iy !== this.lastY) {
      this.lastX = ix;
      this.lastY = iy;
      this.a = this.corner(ix, iy);
      this.b = this.corner(ix + 1, iy);
      this.c = this.corner(ix, iy + 1);
      this.d = this.corner(ix + 1, iy + 1);
    }
    const a = this.a;
    const b = this.b;
    const c = this.c;
    const d = this.d;
    const u = fx - ix;
    const v = fy - iy;
    const w00 = (1 - u) * (1 - v);
    const w10 = u * (1 - v);
    const w01 = (1 - u) * v;
    const w11 = u * v;
    out[0] = lng + a[0] * w00 + b[0] * w10 + c[0] * w01 + d[0] * w11;
    out[1] = lat + a[1] * w00 + b[1] * w10 + c[1] * w01 + d[1] * w11;
    return out;
  }
}

/**
 * Display world coordinates of a track's points on a map of `crs`, converted when first asked (a view
 * draws the points its zoom keeps), through the offset grid shared by every track of the map.
 */
export class DisplayPoints {
  readonly x: Float64Array;
  readonly y: Float64Array;
  private readonly converted: Uint8Array | null;
  private readonly tmp: [number, number] = [0, 0];

  constructor(
    private readonly track: TrackArrays,
    geo: TrackGeometry,
    private readonly grid: OffsetGrid,
  ) {
    if (grid.crs === 'WGS84') {
      this.x = geo.wx;
      this.y = geo.wy;
      this.converted = null;
    } else {
      this.x = new Float64Array(track.n);
      this.y = new Float64Array(track.n);
      this.converted = new Uint8Array(track.n);
    }
  }

  /** Makes sure point i is converted; returns i. */
  at(i: number): number {
    const c = this.converted;
    if (c && !c[i]) {
      const [lng, lat] = this.grid.shift(this.track.lng[i] as number, this.track.lat[i] as number, this.tmp);
      this.x[i] = mercX(lng);
      this.y[i] = mercY(lat);
      c[i] = 1;
    }
    return i;
  }
}
