import type { Map as MapLibreMap } from 'maplibre-gl';
import type { Affine } from './draw.ts';
import { latOf, lngOf, mercX, mercY } from './geometry.ts';

/** A 2D canvas laid over the map (as the monitor's device overlay), sized to it on every draw. */
export function overlayCanvas(map: MapLibreMap, className: string) {
  const canvas = document.createElement('canvas');
  canvas.className = className;
  map.getCanvasContainer().appendChild(canvas);
  const ctx = canvas.getContext('2d');
  /** Clears the canvas (resizing it to the map) and returns its context in CSS pixels, or null. */
  const begin = () => {
    if (!ctx) return null;
    const { clientWidth: width, clientHeight: height } = map.getContainer();
    const pixelRatio = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(width * pixelRatio) || canvas.height !== Math.round(height * pixelRatio)) {
      canvas.width = Math.round(width * pixelRatio);
      canvas.height = Math.round(height * pixelRatio);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
    }
    ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
    ctx.clearRect(0, 0, width, height);
    return { ctx, width, height, pixelRatio };
  };
  return { canvas, begin, remove: () => canvas.remove() };
}

/**
 * The map's world → screen transform as an affine map, taken from three projected points: with no
 * pitch (the history map allows none) Web Mercator world coordinates map linearly to the screen, so
 * a frame projects its points with two multiply-adds each instead of a MapLibre project() call.
 */
export function worldToScreen(map: MapLibreMap): Affine {
  const c = map.getCenter();
  const cx = mercX(c.lng);
  const cy = mercY(c.lat);
  const d = 100 / (512 * 2 ** map.getZoom());
  const p0 = map.project([c.lng, c.lat]);
  const px = map.project([lngOf(cx + d), c.lat]);
  const py = map.project([c.lng, latOf(cy + d)]);
  const a = (px.x - p0.x) / d;
  const dd = (px.y - p0.y) / d;
  const b = (py.x - p0.x) / d;
  const e = (py.y - p0.y) / d;
  return { a, b, c: p0.x - a * cx - b * cy, d: dd, e, f: p0.y - dd * cx - e * cy };
}
