import type { FeatureCollection, Point } from 'geojson';
import type { GeoJSONSource, MapLayerMouseEvent } from 'maplibre-gl';
import { useEffect, useMemo, useRef } from 'react';
import { type LngLat, toDisplay } from '../coords.ts';
import { statusStyle } from '../device-status.ts';
import { addStatusIcons } from '../icons.ts';
import { useMapHandle } from '../map-context.ts';

/** How often, at most, the drawn devices are counted while frames are drawn (data-rendered-devices). */
const COUNT_EVERY_MS = 250;

export interface DeviceMarker {
  id: string;
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

const SOURCE = 'devices';
const MIN_DATA_INTERVAL_MS = 2000;
const LAYERS = ['devices-clusters', 'devices-cluster-count', 'devices-halo', 'devices-icons'];

/** All devices in one clustered GeoJSON source: status icons rotated by course, names, highlighted selection. */
export function DeviceLayer({ devices, selectedId, onSelect, fitKey, coveredRight = 0 }: Props) {
  const { map, crs } = useMapHandle();
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;

  const data = useMemo<FeatureCollection<Point>>(
    () => ({
      type: 'FeatureCollection',
      features: devices.map((d) => ({
        type: 'Feature',
        properties: {
          id: d.id,
          name: d.name,
          icon: statusStyle(d.status).icon,
          course: d.course,
          selected: d.id === selectedId,
          followed: d.followed,
        },
        geometry: { type: 'Point', coordinates: toDisplay([d.lng, d.lat], crs) },
      })),
    }),
    [devices, selectedId, crs],
  );
  const dataRef = useRef(data);
  dataRef.current = data;

  useEffect(() => {
    addStatusIcons(map);
    map.addSource(SOURCE, {
      type: 'geojson',
      data: dataRef.current,
      cluster: true,
      clusterMaxZoom: 10,
      clusterRadius: 44,
    });
    map.addLayer({
      id: 'devices-clusters',
      type: 'circle',
      source: SOURCE,
      filter: ['has', 'point_count'],
      paint: {
        'circle-color': ['step', ['get', 'point_count'], '#4c8df6', 10, '#2563eb', 100, '#1e3a8a'],
        'circle-radius': ['step', ['get', 'point_count'], 14, 10, 18, 100, 24],
        'circle-stroke-width': 3,
        'circle-stroke-color': 'rgba(255,255,255,0.8)',
      },
    });
    map.addLayer({
      id: 'devices-cluster-count',
      type: 'symbol',
      source: SOURCE,
      filter: ['has', 'point_count'],
      layout: { 'text-field': ['get', 'point_count_abbreviated'], 'text-size': 12, 'text-allow-overlap': true },
      paint: { 'text-color': '#ffffff' },
    });
    map.addLayer({
      id: 'devices-halo',
      type: 'circle',
      source: SOURCE,
      filter: ['all', ['!', ['has', 'point_count']], ['any', ['get', 'selected'], ['get', 'followed']]],
      paint: {
        'circle-radius': 17,
        'circle-color': ['case', ['get', 'selected'], 'rgba(22,119,255,0.18)', 'rgba(250,173,20,0.18)'],
        'circle-stroke-width': 2,
        'circle-stroke-color': ['case', ['get', 'selected'], '#1677ff', '#faad14'],
      },
    });
    map.addLayer({
      id: 'devices-icons',
      type: 'symbol',
      source: SOURCE,
      filter: ['!', ['has', 'point_count']],
      layout: {
        'icon-image': ['get', 'icon'],
        'icon-rotate': ['get', 'course'],
        'icon-rotation-alignment': 'map',
        'icon-allow-overlap': true,
        'text-field': ['get', 'name'],
        'text-size': 11,
        'text-offset': [0, 1.3],
        'text-anchor': 'top',
        'text-optional': true,
      },
      paint: { 'text-color': '#1f2937', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
    });

    const select = (e: MapLayerMouseEvent) => {
      const id = e.features?.[0]?.properties?.id;
      if (typeof id === 'string') onSelectRef.current(id);
    };
    const expand = async (e: MapLayerMouseEvent) => {
      const f = e.features?.[0];
      const clusterId = f?.properties?.cluster_id;
      if (!f || typeof clusterId !== 'number' || f.geometry.type !== 'Point') return;
      const zoom = await (map.getSource(SOURCE) as GeoJSONSource).getClusterExpansionZoom(clusterId);
      map.easeTo({ center: f.geometry.coordinates as LngLat, zoom });
    };
    const pointer = () => {
      map.getCanvas().style.cursor = 'pointer';
    };
    const plain = () => {
      map.getCanvas().style.cursor = '';
    };
    const count = () => {
      const layers = ['devices-icons', 'devices-clusters'].filter((l) => map.getLayer(l));
      const rendered = map.queryRenderedFeatures({ layers });
      const total = rendered.reduce((n, f) => n + (Number(f.properties?.point_count) || 1), 0);
      const box = map.getContainer().dataset;
      box.renderedDevices = String(total);
      // Where the selected device is on screen (tests check it is not under the details panel).
      const chosen = dataRef.current.features.find((f) => f.properties?.selected);
      if (chosen) box.selectedX = String(Math.round(map.project(chosen.geometry.coordinates as LngLat).x));
      else delete box.selectedX;
    };
    map.on('click', 'devices-icons', select);
    map.on('click', 'devices-clusters', expand);
    for (const l of ['devices-icons', 'devices-clusters'] as const) {
      map.on('mouseenter', l, pointer);
      map.on('mouseleave', l, plain);
    }
    // Counted when the map settles and, at most every COUNT_EVERY_MS, after frames drawn meanwhile:
    // 'idle' alone waits for every base tile, which says nothing about when the devices showed.
    let lastCount = 0;
    const countAfterFrame = () => {
      const now = performance.now();
      if (now - lastCount < COUNT_EVERY_MS) return;
      lastCount = now;
      count();
    };
    map.on('idle', count);
    map.on('render', countAfterFrame);
    return () => {
      map.off('click', 'devices-icons', select);
      map.off('click', 'devices-clusters', expand);
      for (const l of ['devices-icons', 'devices-clusters'] as const) {
        map.off('mouseenter', l, pointer);
        map.off('mouseleave', l, plain);
      }
      map.off('idle', count);
      map.off('render', countAfterFrame);
      if (!map.style) return; // the map itself was removed
      for (const l of LAYERS.toReversed()) if (map.getLayer(l)) map.removeLayer(l);
      if (map.getSource(SOURCE)) map.removeSource(SOURCE);
    };
  }, [map]);

  // Each setData re-tiles the source and repaints the map once per tile; without a GPU a frame
  // costs ~150 ms of main thread, so live changes reach the map at most every MIN_DATA_INTERVAL_MS.
  // A change of selection, follow state or map system goes out at once, and so does a different set
  // of devices (the first list, another unit or filter): only moves of the same devices wait.
  const lastSent = useRef({ at: 0, selectedId, crs, count: -1, timer: undefined as number | undefined });
  useEffect(() => {
    const sent = lastSent.current;
    const send = () => {
      sent.timer = undefined;
      sent.at = performance.now();
      (map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(dataRef.current);
    };
    const count = data.features.length;
    const urgent = sent.selectedId !== selectedId || sent.crs !== crs || sent.count !== count;
    sent.selectedId = selectedId;
    sent.crs = crs;
    sent.count = count;
    const wait = MIN_DATA_INTERVAL_MS - (performance.now() - sent.at);
    if (urgent || wait <= 0) {
      window.clearTimeout(sent.timer);
      send();
    } else sent.timer ??= window.setTimeout(send, wait);
  }, [map, data, selectedId, crs]);
  useEffect(() => () => window.clearTimeout(lastSent.current.timer), []);

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
    const count = data.features.length;
    const last = fitted.current;
    if (!count) return;
    if (last.key === fitKey && (count <= last.count || userMoved.current)) return;
    if (last.key !== fitKey) userMoved.current = false;
    fitted.current = { key: fitKey, count };
    const pts = data.features.map((f) => f.geometry.coordinates as LngLat);
    const lngs = pts.map((p) => p[0]);
    const lats = pts.map((p) => p[1]);
    map.fitBounds(
      [
        [Math.min(...lngs), Math.min(...lats)],
        [Math.max(...lngs), Math.max(...lats)],
      ],
      { padding: 60, maxZoom: 14, duration: 0 },
    );
  }, [map, data, fitKey]);

  // Keep the selected device in the uncovered part of the map as it moves.
  useEffect(() => {
    if (!selectedId) return;
    const f = data.features.find((x) => x.properties?.id === selectedId);
    if (!f || map.isMoving()) return;
    const at = map.project(f.geometry.coordinates as LngLat);
    const { clientWidth: w, clientHeight: h } = map.getContainer();
    const margin = 40;
    const right = w - coveredRight > 120 ? w - coveredRight : w;
    if (at.x < margin || at.y < margin || at.x > right - margin || at.y > h - margin) {
      const shift = right < w ? coveredRight / 2 : 0;
      map.easeTo({ center: f.geometry.coordinates as LngLat, offset: [-shift, 0] });
    }
  }, [map, data, selectedId, coveredRight]);

  // Bring a newly selected device into view.
  useEffect(() => {
    if (!selectedId) return;
    const f = dataRef.current.features.find((x) => x.properties?.id === selectedId);
    const shift = map.getContainer().clientWidth - coveredRight >= 120 ? coveredRight / 2 : 0;
    if (f)
      map.easeTo({ center: f.geometry.coordinates as LngLat, zoom: Math.max(map.getZoom(), 15), offset: [-shift, 0] });
  }, [map, selectedId, coveredRight]);

  return null;
}
