import type { Feature, FeatureCollection } from 'geojson';
import type { GeoJSONSource } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { type Crs, type LngLat, toDisplay } from '../coords.ts';
import { useMapHandle } from '../map-context.ts';

export type TrailMode = 'line' | 'point';

/** One device's live track: WGS-84 points, oldest first, drawn in its own colour. */
export interface Trail {
  id: string;
  points: readonly LngLat[];
  color: string;
  /**
   * A colour per point (live track's speed colours), instead of `color`: a point is drawn in its
   * own, and the stretch of line reaching it too.
   */
  colors?: readonly string[];
}

const SOURCE = 'live-trail';
const LAYERS = ['live-trail-points', 'live-trail-line'] as const;
/**
 * The trails reach the map at most once a second: each setData repaints the WebGL map (150–240 ms
 * without a GPU, README), and twenty followed devices reporting on their own clocks would otherwise
 * repaint it many times a second.
 */
const MIN_UPDATE_MS = 1000;

/**
 * The live (real-time) tracks of several devices, drawn as lines or as points. The container's
 * `data-trails` says what was drawn (`id:points` joined by `;`, for tests), `data-trail-points` the
 * points of them all and `data-trail-mode` how.
 */
export function TrailLayer({ trails, mode }: { trails: readonly Trail[]; mode: TrailMode }) {
  const { map, crs } = useMapHandle();
  // What the next send draws: the newest trails, in the map's coordinate system.
  const latest = useRef({ trails, crs });
  latest.current = { trails, crs };
  // Each trail is converted again only when its own points change.
  const shown = useRef<{ crs: Crs; lines: WeakMap<readonly LngLat[], LngLat[]> }>({ crs, lines: new WeakMap() });
  // Built only when it is sent (at most once a second), not for every live frame in between.
  const build = (): FeatureCollection => {
    const { trails, crs } = latest.current;
    if (shown.current.crs !== crs) shown.current = { crs, lines: new WeakMap() };
    const cache = shown.current.lines;
    const features: Feature[] = [];
    for (const trail of trails) {
      let coords = cache.get(trail.points);
      if (!coords) {
        coords = trail.points.map((p) => toDisplay(p, crs));
        cache.set(trail.points, coords);
      }
      if (trail.colors) {
        features.push(...colouredRuns(trail.id, coords, trail.colors));
        continue;
      }
      const properties = { id: trail.id, color: trail.color };
      if (coords.length > 1)
        features.push({ type: 'Feature', properties, geometry: { type: 'LineString', coordinates: coords } });
      features.push({ type: 'Feature', properties, geometry: { type: 'MultiPoint', coordinates: coords } });
    }
    return { type: 'FeatureCollection', features };
  };
  const buildRef = useRef(build);
  buildRef.current = build;
  const lastSent = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    map.addSource(SOURCE, { type: 'geojson', data: buildRef.current() });
    map.addLayer({
      id: 'live-trail-line',
      type: 'line',
      source: SOURCE,
      filter: ['==', ['geometry-type'], 'LineString'],
      layout: { 'line-join': 'round', 'line-cap': 'round' },
      paint: { 'line-color': ['get', 'color'], 'line-width': 4, 'line-opacity': 0.85 },
    });
    map.addLayer({
      id: 'live-trail-points',
      type: 'circle',
      source: SOURCE,
      // MapLibre names a MultiPoint 'Point' in this expression, newer style specs 'MultiPoint'.
      filter: ['match', ['geometry-type'], ['Point', 'MultiPoint'], true, false],
      paint: {
        'circle-radius': 4,
        'circle-color': '#ffffff',
        'circle-stroke-color': ['get', 'color'],
        'circle-stroke-width': 2,
      },
    });
    return () => {
      clearTimeout(timer.current);
      const el = map.getContainer();
      delete el.dataset.trails;
      delete el.dataset.trailPoints;
      delete el.dataset.trailMode;
      if (!map.style) return;
      for (const l of LAYERS) if (map.getLayer(l)) map.removeLayer(l);
      if (map.getSource(SOURCE)) map.removeSource(SOURCE);
    };
  }, [map]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for every new trails or system; the send, now or pending, reads the newest from `latest`
  useEffect(() => {
    const send = () => {
      timer.current = undefined;
      lastSent.current = Date.now();
      (map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(buildRef.current());
      const el = map.getContainer();
      const drawn = latest.current.trails;
      el.dataset.trails = drawn.map((t) => `${t.id}:${t.points.length}`).join(';');
      el.dataset.trailPoints = String(drawn.reduce((n, t) => n + t.points.length, 0));
    };
    if (timer.current !== undefined) return;
    const wait = lastSent.current + MIN_UPDATE_MS - Date.now();
    if (wait <= 0) send();
    else timer.current = setTimeout(send, wait);
  }, [map, trails, crs]);

  useEffect(() => {
    map.getContainer().dataset.trailMode = mode;
    map.setLayoutProperty('live-trail-line', 'visibility', mode === 'line' ? 'visible' : 'none');
    map.setLayoutProperty('live-trail-points', 'visibility', mode === 'point' ? 'visible' : 'none');
  }, [map, mode]);

  return null;
}

/**
 * A trail coloured point by point as runs of one colour: a feature per run rather than per point, so
 * a long trail stays a few features. A run's line starts at the previous run's last point, so the
 * line has no gaps; its points do not repeat that one.
 */
export function colouredRuns(id: string, coords: readonly LngLat[], colors: readonly string[]): Feature[] {
  const out: Feature[] = [];
  let start = 0;
  for (let i = 1; i <= coords.length; i++) {
    if (i < coords.length && colors[i] === colors[start]) continue;
    const color = colors[start] ?? '#1677ff';
    const properties = { id, color };
    const line = coords.slice(Math.max(0, start - 1), i);
    if (line.length > 1) out.push({ type: 'Feature', properties, geometry: { type: 'LineString', coordinates: line } });
    out.push({ type: 'Feature', properties, geometry: { type: 'MultiPoint', coordinates: coords.slice(start, i) } });
    start = i;
  }
  return out;
}
