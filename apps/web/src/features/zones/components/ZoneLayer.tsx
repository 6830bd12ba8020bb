import type { Feature, FeatureCollection } from 'geojson';
import { type GeoJSONSource, type MapLayerMouseEvent, Marker } from 'maplibre-gl';
import { useEffect, useMemo, useRef } from 'react';
import { useMapHandle } from '../../../map/map-context.ts';
import { boundsOf, circleRing, labelPoint, outlineOf, toDisplayGeometry, type ZoneGeometry } from '../geometry.ts';
import { CORRIDOR_WIDTH, corridorPixelsAtZoom0, ZONE_COLOURS } from '../zone-style.ts';

export interface MapZone {
  id: number;
  name: string;
  /** WGS-84, as the server answers it. */
  geometry: ZoneGeometry;
  /** A road's corridor width, metres. */
  width?: number;
}

interface Props {
  zones: readonly MapZone[];
  selectedId: number | null;
  /** The zone being edited: the draw layer draws it instead. */
  hiddenId?: number | null;
  onSelect: (id: number) => void;
  /** Clicks select zones only when true (not while a tool draws). */
  selectable: boolean;
  /** When this changes, the map fits the zones (a new unit). */
  fitKey: string;
  /** Fit the selected zone when it changes. */
  focusSelected?: boolean;
}

const SOURCE = 'zones';
const LAYERS = ['zones-band', 'zones-fill', 'zones-line'] as const;

/**
 * The stored fences or roads, in the map's coordinate system: fences filled, roads as their corridor
 * band and centre line, each named by an HTML label (the offline style has no glyphs for Latin text).
 * The container's `data-zones` counts what was drawn and `data-zone-labels` names them, for tests.
 */
export function ZoneLayer({ zones, selectedId, hiddenId, onSelect, selectable, fitKey, focusSelected }: Props) {
  const { map, crs } = useMapHandle();
  const shown = useMemo(() => zones.filter((z) => z.id !== hiddenId), [zones, hiddenId]);
  const display = useMemo(
    () => shown.map((z) => ({ ...z, geometry: toDisplayGeometry(z.geometry, crs) })),
    [shown, crs],
  );
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const selectableRef = useRef(selectable);
  selectableRef.current = selectable;

  useEffect(() => {
    map.addSource(SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    const colour = ['case', ['get', 'selected'], ZONE_COLOURS.selected, ['get', 'colour']] as const;
    map.addLayer({
      id: 'zones-band',
      type: 'line',
      source: SOURCE,
      filter: ['==', ['geometry-type'], 'LineString'],
      layout: { 'line-join': 'round', 'line-cap': 'round' },
      paint: { 'line-color': colour as never, 'line-opacity': 0.22, 'line-width': CORRIDOR_WIDTH },
    });
    map.addLayer({
      id: 'zones-fill',
      type: 'fill',
      source: SOURCE,
      filter: ['==', ['geometry-type'], 'Polygon'],
      paint: { 'fill-color': colour as never, 'fill-opacity': ['case', ['get', 'selected'], 0.25, 0.12] },
    });
    map.addLayer({
      id: 'zones-line',
      type: 'line',
      source: SOURCE,
      paint: { 'line-color': colour as never, 'line-width': ['case', ['get', 'selected'], 3, 1.5] },
    });
    const click = (e: MapLayerMouseEvent) => {
      const id = e.features?.[0]?.properties?.id;
      if (selectableRef.current && typeof id === 'number') onSelectRef.current(id);
    };
    const pointer = () => {
      if (selectableRef.current) map.getCanvas().style.cursor = 'pointer';
    };
    const plain = () => {
      if (selectableRef.current) map.getCanvas().style.cursor = '';
    };
    for (const layer of ['zones-fill', 'zones-band'] as const) {
      map.on('click', layer, click);
      map.on('mouseenter', layer, pointer);
      map.on('mouseleave', layer, plain);
    }
    return () => {
      for (const layer of ['zones-fill', 'zones-band'] as const) {
        map.off('click', layer, click);
        map.off('mouseenter', layer, pointer);
        map.off('mouseleave', layer, plain);
      }
      delete map.getContainer().dataset.zones;
      if (!map.style) return;
      for (const l of LAYERS) if (map.getLayer(l)) map.removeLayer(l);
      if (map.getSource(SOURCE)) map.removeSource(SOURCE);
    };
  }, [map]);

  useEffect(() => {
    const features: Feature[] = display.map((z) => {
      const g = z.geometry;
      const geometry =
        g.type === 'Circle' ? { type: 'Polygon' as const, coordinates: [circleRing(g.Center, g.Radius)] } : g;
      const w0 = g.type === 'LineString' ? corridorPixelsAtZoom0(g, z.width ?? 0) : 0;
      const colour = g.type === 'LineString' ? ZONE_COLOURS.road : ZONE_COLOURS.fence;
      return { type: 'Feature', properties: { id: z.id, selected: z.id === selectedId, colour, w0 }, geometry };
    });
    const data: FeatureCollection = { type: 'FeatureCollection', features };
    (map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(data);
    map.getContainer().dataset.zones = String(features.length);
  }, [map, display, selectedId]);

  // Names as HTML labels over the map.
  useEffect(() => {
    const markers: Marker[] = [];
    for (const z of display) {
      const p = labelPoint(z.geometry);
      if (!p) continue;
      const el = document.createElement('div');
      el.className = `zone-label${z.id === selectedId ? ' zone-label-selected' : ''}`;
      el.textContent = z.name;
      el.dataset.zoneId = String(z.id);
      markers.push(new Marker({ element: el }).setLngLat(p).addTo(map));
    }
    map.getContainer().dataset.zoneLabels = display.map((z) => z.name).join('|');
    return () => {
      for (const m of markers) m.remove();
    };
  }, [map, display, selectedId]);

  // A new unit fits every zone; a zone chosen in the list is brought into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: fits once per fitKey, on the zones it first has
  useEffect(() => {
    const box = boundsOf(display.flatMap((z) => outlineOf(z.geometry)));
    if (box) map.fitBounds(box, { padding: 60, maxZoom: 15, duration: 0 });
  }, [map, fitKey, display.length > 0]);
  useEffect(() => {
    if (!focusSelected || selectedId === null) return;
    const z = display.find((x) => x.id === selectedId);
    const box = z ? boundsOf(outlineOf(z.geometry)) : null;
    if (box) map.fitBounds(box, { padding: 80, maxZoom: 16, duration: 300 });
  }, [map, focusSelected, selectedId, display]);

  return null;
}
