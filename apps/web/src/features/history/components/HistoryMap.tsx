import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromDisplay, toDisplay } from '../../../map/coords.ts';
import { MapView } from '../../../map/MapView.tsx';
import { useMapHandle } from '../../../map/map-context.ts';
import { useMapSettings } from '../../../map/map-store.ts';
import { MapPoints, PointsToggle } from '../../events/components/MapPoints.tsx';
import { usePlayer } from '../player-store.ts';
import type { TrackArrays } from '../track-arrays.ts';
import { type Affine, type DrawnTrack, drawAlarms, drawStops, drawTracks } from '../track-overlay/draw.ts';
import {
  DisplayPoints,
  mercX,
  mercY,
  OffsetGrid,
  segmentsAt,
  type TrackGeometry,
  trackGeometry,
} from '../track-overlay/geometry.ts';
import { overlayCanvas, worldToScreen } from '../track-overlay/overlay.ts';
import { vehicleMarkers } from '../track-overlay/vehicle-markers.ts';
import { vehiclesAt } from '../track-overlay/vehicles.ts';

export interface MapTrack {
  track: TrackArrays;
  color: string;
}

export interface MapStop {
  deviceId: string;
  lat: number;
  lng: number;
  /** The number shown on the marker. */
  n: number;
}

/** Where the page wants the map: WGS-84 bounds [west, south, east, north] or a point (with a zoom). */
export type MapFocus = { bounds: [number, number, number, number] } | { point: [number, number]; zoom?: number };

export interface HistoryMapProps {
  tracks: readonly MapTrack[];
  mode: 'line' | 'point';
  colourBy: 'speed' | 'device';
  stops?: readonly MapStop[];
  focus?: MapFocus | null;
  onPointClick?: (deviceId: string, index: number) => void;
}

/** The history map: the tracks, stops and alarms, the vehicles at the player's time, and the points layer. */
export function HistoryMap(props: HistoryMapProps) {
  const { t } = useTranslation('history');
  const provider = useMapSettings((s) => s.provider);
  return (
    <div className="history-map">
      <MapView provider={provider} offlineNotice={t('map.offline')}>
        <MapPoints />
        <HistoryLayer {...props} />
      </MapView>
      <div className="history-map-points">
        <PointsToggle />
      </div>
    </div>
  );
}

/** The zoom a track is simplified for: the next whole one, so a fractional zoom gets at least pixel detail. */
const simplifyZoom = (zoom: number) => Math.min(22, Math.max(0, Math.ceil(zoom)));

interface Prepared {
  track: TrackArrays;
  color: string;
  geo: TrackGeometry;
  segments: Map<number, ReturnType<typeof segmentsAt>>;
}

/**
 * Draws on two 2D canvases over the map, never as MapLibre layers: the tracks (redrawn with the map's
 * own frames, simplified for the zoom) and the vehicles (redrawn on every player frame). Playing
 * repaints only the small vehicle canvas; the WebGL map, 150–240 ms a frame without a GPU, repaints
 * only when the map moves ("follow" moves it when the vehicle nears the edge, at most once a second).
 */
function HistoryLayer({ tracks, mode, colourBy, stops, focus, onPointClick }: HistoryMapProps) {
  const { map, crs } = useMapHandle();
  const prepared = useMemo<Prepared[]>(
    () => tracks.map(({ track, color }) => ({ track, color, geo: trackGeometry(track), segments: new Map() })),
    [tracks],
  );
  const drawn = useMemo<(Prepared & { display: DisplayPoints })[]>(() => {
    const grid = new OffsetGrid(crs);
    return prepared.map((p) => ({ ...p, display: new DisplayPoints(p.track, p.geo, grid) }));
  }, [prepared, crs]);
  const stopsShown = useMemo(
    () => (stops ?? []).map((s) => ({ n: s.n, at: toDisplay([s.lng, s.lat], crs) })),
    [stops, crs],
  );
  const state = useRef({ drawn, mode, colourBy, stopsShown });
  state.current = { drawn, mode, colourBy, stopsShown };
  const clickRef = useRef(onPointClick);
  clickRef.current = onPointClick;
  const redraw = useRef({ track: () => {}, vehicles: () => {} });
  const trackKey = tracks.map((x) => `${x.track.deviceId}:${x.track.n}`).join(';');

  useEffect(() => {
    const box = map.getContainer().dataset;
    // Screen transforms assume no pitch; the history map keeps it flat.
    const maxPitch = map.getMaxPitch();
    map.setMaxPitch(0);
    const trackLayer = overlayCanvas(map, 'history-track-overlay');
    const vehicleLayer = vehicleMarkers(map);
    const container = map.getContainer();
    // The map's size, read on resize rather than every frame (a read there forces a layout).
    let size = { width: container.clientWidth, height: container.clientHeight };
    // The world → screen transform of the view drawn last (playback frames reuse it).
    let view = worldToScreen(map);
    let pending = 0;
    let lastRecentre = 0;

    // What the track canvas shows: MapLibre renders frames for tiles arriving too, with the view
    // unchanged, and a 30-day track costs tens of milliseconds to draw.
    let shown: unknown[] = [];
    const drawTrack = () => {
      cancelAnimationFrame(pending);
      pending = 0;
      const s = state.current;
      const m = worldToScreen(map);
      view = m;
      const key = [s.drawn, s.mode, s.colourBy, s.stopsShown, size.width, size.height, m.a, m.b, m.c, m.d, m.e, m.f];
      if (key.length === shown.length && key.every((v, i) => v === shown[i])) return;
      shown = key;
      const frame = trackLayer.begin();
      if (!frame) return;
      const { ctx, width, height } = frame;
      const z = simplifyZoom(map.getZoom());
      const list: DrawnTrack[] = s.drawn.map((d) => {
        let segments = d.segments.get(z);
        if (!segments) {
          segments = segmentsAt(d.track, d.geo, z);
          d.segments.set(z, segments);
        }
        return { track: d.track, geo: d.geo, display: d.display, segments, color: d.color };
      });
      const points = drawTracks(ctx, list, m, width, height, { mode: s.mode, colourBy: s.colourBy });
      const screen = (x: number, y: number) => ({ x: m.a * x + m.b * y + m.c, y: m.d * x + m.e * y + m.f });
      const alarmsAt: { x: number; y: number }[] = [];
      for (const d of s.drawn)
        for (const i of d.track.alarms.keys()) {
          d.display.at(i);
          const p = screen(d.display.x[i] as number, d.display.y[i] as number);
          if (p.x > -10 && p.y > -10 && p.x < width + 10 && p.y < height + 10) alarmsAt.push(p);
        }
      drawAlarms(ctx, alarmsAt);
      drawStops(
        ctx,
        s.stopsShown.map((st) => ({ n: st.n, ...screen(mercX(st.at[0]), mercY(st.at[1])) })),
      );
      box.trackPoints = String(points);
      box.trackMode = s.mode;
      if (s.drawn.length && box.trackReady === undefined) box.trackReady = String(Date.now());
      drawVehicles_();
    };

    const drawVehicles_ = () => {
      const { time, follow } = usePlayer.getState();
      const s = state.current;
      const vehicles = vehiclesAt(s.drawn, time, crs, view);
      vehicleLayer.update(vehicles, map.getBearing());
      box.playerTime = String(Math.round(time));
      const first = vehicles[0];
      box.playerIndex = first ? String(first.index) : '-1';
      box.vehicles = String(vehicles.length);
      if (first) {
        box.vehicleX = first.x.toFixed(1);
        box.vehicleY = first.y.toFixed(1);
      }
      // Follow: re-centre when the first vehicle nears the edge, at most once a second, in one jump
      // (an animated pan would be several 150–240 ms WebGL frames).
      if (follow && first && !map.isMoving()) {
        const { width, height } = size;
        const mx = width * 0.15;
        const my = height * 0.15;
        const out = first.x < mx || first.y < my || first.x > width - mx || first.y > height - my;
        const now = performance.now();
        if (out && now - lastRecentre > 1000) {
          lastRecentre = now;
          map.jumpTo({ center: first.display });
        }
      }
    };

    redraw.current = {
      track: () => {
        pending ||= requestAnimationFrame(drawTrack);
      },
      vehicles: drawVehicles_,
    };
    const unsubscribe = usePlayer.subscribe((now, before) => {
      if (now.time !== before.time || now.follow !== before.follow) drawVehicles_();
    });

    const click = (e: { point: { x: number; y: number } }) => {
      const cb = clickRef.current;
      if (!cb) return;
      const at = map.unproject([e.point.x, e.point.y]);
      const wgs = fromDisplay([at.lng, at.lat], crs);
      const shift = { x: mercX(at.lng) - mercX(wgs[0]), y: mercY(at.lat) - mercY(wgs[1]) };
      const hit = nearestPoint(state.current.drawn, worldToScreen(map), shift, e.point.x, e.point.y, 12);
      if (hit) cb(hit.deviceId, hit.index);
    };
    const resized = () => {
      size = { width: container.clientWidth, height: container.clientHeight };
    };
    map.on('resize', resized);
    map.on('render', drawTrack);
    map.on('click', click);
    drawTrack();
    return () => {
      cancelAnimationFrame(pending);
      unsubscribe();
      redraw.current = { track: () => {}, vehicles: () => {} };
      map.off('resize', resized);
      map.off('render', drawTrack);
      map.off('click', click);
      trackLayer.remove();
      vehicleLayer.remove();
      map.setMaxPitch(maxPitch);
      for (const k of [
        'trackPoints',
        'trackMode',
        'trackReady',
        'playerTime',
        'playerIndex',
        'vehicles',
        'vehicleX',
        'vehicleY',
      ])
        delete box[k];
    };
  }, [map, crs]);

  // New tracks: fit them, and say "ready" again once they are drawn. In the commit itself (a layout effect):
  // a passive one runs after the browser's next frame, where the map drew the new tracks for the old view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the tracks' identity
  useLayoutEffect(() => {
    const box = map.getContainer().dataset;
    delete box.trackReady;
    let w = Infinity;
    let s = Infinity;
    let e = -Infinity;
    let n = -Infinity;
    for (const d of drawn) {
      const b = d.geo.bounds;
      if (!b) continue;
      for (const corner of [toDisplay([b[0], b[1]], crs), toDisplay([b[2], b[3]], crs)]) {
        w = Math.min(w, corner[0]);
        e = Math.max(e, corner[0]);
        s = Math.min(s, corner[1]);
        n = Math.max(n, corner[1]);
      }
    }
    if (w <= e)
      map.fitBounds(
        [
          [w, s],
          [e, n],
        ],
        { padding: 48, maxZoom: 16, duration: 0 },
      );
    redraw.current.track();
  }, [map, trackKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: any of these changes what the track canvas shows
  useEffect(() => {
    redraw.current.track();
  }, [drawn, mode, colourBy, stopsShown]);

  useEffect(() => {
    if (!focus) return;
    if ('bounds' in focus) {
      const [w, s, e, n] = focus.bounds;
      const sw = toDisplay([w, s], crs);
      const ne = toDisplay([e, n], crs);
      map.fitBounds([sw, ne], { padding: 64, maxZoom: 17, duration: 0 });
    } else map.jumpTo({ center: toDisplay(focus.point, crs), zoom: focus.zoom ?? Math.max(map.getZoom(), 15) });
  }, [map, crs, focus]);

  return null;
}

/**
 * The valid point nearest a screen position within `radius` pixels, as (device, index): any point,
 * not only those drawn at this zoom. Candidates are found in WGS-84 world coordinates shifted by the
 * display system's offset at the click (GCJ-02's varies slowly over a few kilometres), so a click
 * converts a handful of points rather than the whole track.
 */
function nearestPoint(
  drawn: readonly { track: TrackArrays; geo: TrackGeometry; display: DisplayPoints }[],
  m: Affine,
  shift: { x: number; y: number },
  x: number,
  y: number,
  radius: number,
): { deviceId: string; index: number } | null {
  let best: { deviceId: string; index: number } | null = null;
  let bestD = radius * radius;
  const loose = (radius + 4) ** 2;
  for (const d of drawn) {
    const { track, display, geo } = d;
    for (let i = 0; i < track.n; i++) {
      if (track.invalid[i]) continue;
      const gx = (geo.wx[i] as number) + shift.x;
      const gy = (geo.wy[i] as number) + shift.y;
      const ax = m.a * gx + m.b * gy + m.c;
      const ay = m.d * gx + m.e * gy + m.f;
      if ((ax - x) ** 2 + (ay - y) ** 2 > loose) continue;
      display.at(i);
      const px = m.a * (display.x[i] as number) + m.b * (display.y[i] as number) + m.c;
      const py = m.d * (display.x[i] as number) + m.e * (display.y[i] as number) + m.f;
      const dd = (px - x) ** 2 + (py - y) ** 2;
      if (dd <= bestD) {
        bestD = dd;
        best = { deviceId: track.deviceId, index: i };
      }
    }
  }
  return best;
}
