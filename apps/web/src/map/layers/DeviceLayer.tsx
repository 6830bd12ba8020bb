import { useEffect, useMemo, useRef } from 'react';
import { type LngLat, toDisplay } from '../coords.ts';
import { type Cluster, clusterAt, expansionZoom } from '../device-overlay/cluster.ts';
import { drawDevices, type Hit, hitAt, type OverlayDevice } from '../device-overlay/draw.ts';
import { useMapHandle } from '../map-context.ts';

export interface DeviceMarker {
  id: string;
  /** The label text (name, plate, ID, speed as the view settings choose); empty for none. */
  name: string;
  lng: number;
  lat: number;
  status: string;
  course: number;
  followed: boolean;
}

interface Props {
  devices: readonly DeviceMarker[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** When this changes the map fits every device again (a new unit or filter). */
  fitKey: string;
  /** Width in pixels of a panel covering the map's right side; a selected device is centred in what remains. */
  coveredRight?: number;
}

/** Clustered in world pixels of 512-pixel tiles, up to this zoom, as the GeoJSON source was. */
const CLUSTER_RADIUS = 44;
const CLUSTER_MAX_ZOOM = 10;

/**
 * The devices, drawn on a 2D canvas laid over the map rather than as MapLibre layers: a live
 * update redraws only this canvas (a few ms for 500 devices), where a GeoJSON `setData` re-tiled
 * the source and repainted the whole WebGL map, a 150–240 ms frame without a GPU. The overlay is
 * redrawn with every map frame while the map moves, so the two never drift apart.
 */
export function DeviceLayer({ devices, selectedId, onSelect, fitKey, coveredRight = 0 }: Props) {
  const { map, crs } = useMapHandle();
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;

  // A live update moves a few devices of those listed: only theirs are converted to the map's
  // coordinate system again (gcoord's conversion was most of an update's script time).
  const displayed = useRef<{ crs: string; at: Map<string, { lng: number; lat: number; at: LngLat }> }>({
    crs,
    at: new Map(),
  });
  const points = useMemo<OverlayDevice[]>(() => {
    if (displayed.current.crs !== crs) displayed.current = { crs, at: new Map() };
    const cache = displayed.current.at;
    const next = new Map<string, { lng: number; lat: number; at: LngLat }>();
    const out = devices.map((d) => {
      let hit = cache.get(d.id);
      if (!hit || hit.lng !== d.lng || hit.lat !== d.lat)
        hit = { lng: d.lng, lat: d.lat, at: toDisplay([d.lng, d.lat], crs) };
      next.set(d.id, hit);
      return {
        id: d.id,
        name: d.name,
        status: d.status,
        course: d.course,
        selected: d.id === selectedId,
        followed: d.followed,
        at: hit.at,
      };
    });
    displayed.current.at = next;
    return out;
  }, [devices, selectedId, crs]);
  const pointsRef = useRef(points);
  pointsRef.current = points;
  const redrawRef = useRef<() => void>(() => {});

  useEffect(() => {
    const canvas = document.createElement('canvas');
    canvas.className = 'device-overlay';
    map.getCanvasContainer().appendChild(canvas);
    const ctx = canvas.getContext('2d');
    const box = map.getContainer().dataset;
    let hits: Hit[] = [];
    let pending = 0;
    let clustered: { points: OverlayDevice[] | null; zoom: number; items: Cluster<OverlayDevice>[] } = {
      points: null,
      zoom: -1,
      items: [],
    };

    const items = () => {
      const all = pointsRef.current;
      const zoom = Math.floor(map.getZoom());
      if (clustered.points === all && clustered.zoom === zoom) return clustered.items;
      const list =
        zoom > CLUSTER_MAX_ZOOM
          ? all.map((p) => ({ at: [p.at[0], p.at[1]] as [number, number], members: [p] }))
          : clusterAt(all, zoom, CLUSTER_RADIUS);
      clustered = { points: all, zoom, items: list };
      return list;
    };
    const draw = () => {
      cancelAnimationFrame(pending);
      pending = 0;
      if (!ctx) return;
      const { clientWidth: width, clientHeight: height } = map.getContainer();
      const pixelRatio = window.devicePixelRatio || 1;
      if (canvas.width !== Math.round(width * pixelRatio) || canvas.height !== Math.round(height * pixelRatio)) {
        canvas.width = Math.round(width * pixelRatio);
        canvas.height = Math.round(height * pixelRatio);
        canvas.style.width = `${width}px`;
        canvas.style.height = `${height}px`;
      }
      const drawn = drawDevices(ctx, items(), {
        width,
        height,
        pixelRatio,
        bearing: map.getBearing(),
        project: (at) => map.project(at as LngLat),
      });
      hits = drawn.hits;
      // What the tests and bench:web read: how many devices are on screen, where the selected one is.
      box.renderedDevices = String(drawn.devices);
      if (drawn.selectedX === null) delete box.selectedX;
      else box.selectedX = String(drawn.selectedX);
      if (drawn.selectedLabel === null) delete box.selectedLabel;
      else box.selectedLabel = drawn.selectedLabel;
    };
    redrawRef.current = () => {
      pending ||= requestAnimationFrame(draw);
    };

    const click = (e: { point: { x: number; y: number } }) => {
      const hit = hitAt(hits, e.point.x, e.point.y);
      if (hit?.kind === 'device') onSelectRef.current(hit.id);
      else if (hit?.kind === 'cluster')
        map.easeTo({
          center: hit.cluster.at,
          zoom: expansionZoom(hit.cluster.members, map.getZoom(), CLUSTER_RADIUS, CLUSTER_MAX_ZOOM),
        });
    };
    const hover = (e: { point: { x: number; y: number } }) => {
      map.getCanvas().style.cursor = hitAt(hits, e.point.x, e.point.y) ? 'pointer' : '';
    };
    map.on('render', draw);
    map.on('click', click);
    map.on('mousemove', hover);
    draw();
    return () => {
      cancelAnimationFrame(pending);
      redrawRef.current = () => {};
      map.off('render', draw);
      map.off('click', click);
      map.off('mousemove', hover);
      canvas.remove();
      delete box.renderedDevices;
      delete box.selectedX;
      delete box.selectedLabel;
    };
  }, [map]);

  useEffect(() => {
    void points;
    redrawRef.current();
  }, [points]);

  // Fit every device when the unit or the filter changes, and again as more devices get a
  // position, until the person moves the map.
  const fitted = useRef({ key: '', count: 0 });
  const userMoved = useRef(false);
  useEffect(() => {
    const moved = (e: { originalEvent?: unknown }) => {
      if (e.originalEvent) userMoved.current = true;
    };
    map.on('movestart', moved);
    return () => {
      map.off('movestart', moved);
    };
  }, [map]);
  useEffect(() => {
    const count = points.length;
    const last = fitted.current;
    if (!count) return;
    if (last.key === fitKey && (count <= last.count || userMoved.current)) return;
    if (last.key !== fitKey) userMoved.current = false;
    fitted.current = { key: fitKey, count };
    const pts = points.map((p) => p.at);
    const lngs = pts.map((p) => p[0]);
    const lats = pts.map((p) => p[1]);
    map.fitBounds(
      [
        [Math.min(...lngs), Math.min(...lats)],
        [Math.max(...lngs), Math.max(...lats)],
      ],
      { padding: 60, maxZoom: 14, duration: 0 },
    );
  }, [map, points, fitKey]);

  // Keep the selected device in the uncovered part of the map as it moves.
  useEffect(() => {
    if (!selectedId) return;
    const p = points.find((x) => x.id === selectedId);
    if (!p || map.isMoving()) return;
    const at = map.project(p.at as LngLat);
    const { clientWidth: w, clientHeight: h } = map.getContainer();
    const margin = 40;
    const right = w - coveredRight > 120 ? w - coveredRight : w;
    if (at.x < margin || at.y < margin || at.x > right - margin || at.y > h - margin) {
      const shift = right < w ? coveredRight / 2 : 0;
      map.easeTo({ center: p.at as LngLat, offset: [-shift, 0] });
    }
  }, [map, points, selectedId, coveredRight]);

  // Bring a newly selected device into view. Choosing a device counts as moving the map: more
  // devices getting a position must not fit the fleet again and throw the person's device away.
  // A device chosen before its first position arrived is brought into view when it arrives.
  const broughtIntoView = useRef<string | null>(null);
  useEffect(() => {
    if (!selectedId) {
      broughtIntoView.current = null;
      return;
    }
    userMoved.current = true;
    if (broughtIntoView.current === selectedId) return;
    const p = points.find((x) => x.id === selectedId);
    if (!p) return;
    broughtIntoView.current = selectedId;
    const shift = map.getContainer().clientWidth - coveredRight >= 120 ? coveredRight / 2 : 0;
    map.easeTo({ center: p.at as LngLat, zoom: Math.max(map.getZoom(), 15), offset: [-shift, 0] });
  }, [map, selectedId, coveredRight, points]);

  return null;
}
