import { POI_ICONS, POI_KINDS, type PoiIcon, type PoiKind } from '@lodestar/domain';
import type { FeatureCollection } from 'geojson';
import type { GeoJSONSource } from 'maplibre-gl';
import { useEffect, useMemo } from 'react';
import { toDisplay } from '../coords.ts';
import { useMapHandle } from '../map-context.ts';
import { drawPoiIcon, POI_KIND_COLOURS, poiImageName } from '../poi/poi-icons.ts';

/** A point to draw: WGS-84, as Poi/GetPoiList answers it. */
export interface PoiMarker {
  id: number;
  name: string;
  kind: PoiKind;
  icon: PoiIcon;
  lat: number;
  lng: number;
}

const SOURCE = 'poi-points';
const LAYER = 'poi-points';
/** Names show from this zoom on (a city's streets); below, a thousand labels would only hide each other. */
export const POI_LABEL_MIN_ZOOM = 13;

/**
 * Points of interest, favourite places and risk points as a MapLibre symbol layer: an icon per point (drawn
 * at runtime, poi-icons.ts) and its name from POI_LABEL_MIN_ZOOM on. Unlike the devices these change only
 * when the list is loaded again, so one GeoJSON source costs nothing per live update. The container's
 * `data-pois` says how many were drawn.
 */
export function PoiLayer({ points }: { points: readonly PoiMarker[] }) {
  const { map, crs } = useMapHandle();
  const data = useMemo<FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: points.map((p) => ({
        type: 'Feature',
        properties: { id: p.id, name: p.name, image: poiImageName(p.icon, p.kind), risk: p.kind === 'risk' },
        geometry: { type: 'Point', coordinates: toDisplay([p.lng, p.lat], crs) },
      })),
    }),
    [points, crs],
  );

  useEffect(() => {
    for (const kind of POI_KINDS)
      for (const icon of POI_ICONS) {
        const name = poiImageName(icon, kind);
        if (map.hasImage(name)) continue;
        const pixels = drawPoiIcon(icon, kind);
        if (pixels) map.addImage(name, pixels, { pixelRatio: 2 });
      }
    map.addSource(SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    map.addLayer({
      id: LAYER,
      type: 'symbol',
      source: SOURCE,
      layout: {
        'icon-image': ['get', 'image'],
        'icon-allow-overlap': true,
        // Risk points above the others where they overlap.
        'symbol-sort-key': ['case', ['get', 'risk'], 1, 0],
        'text-field': ['step', ['zoom'], '', POI_LABEL_MIN_ZOOM, ['get', 'name']],
        'text-size': 12,
        'text-offset': [0, 1.3],
        'text-anchor': 'top',
        'text-optional': true,
        'text-max-width': 10,
      },
      paint: {
        'text-color': ['case', ['get', 'risk'], POI_KIND_COLOURS.risk, '#333333'],
        'text-halo-color': '#ffffff',
        'text-halo-width': 1.2,
      },
    });
    return () => {
      delete map.getContainer().dataset.pois;
      if (!map.style) return;
      if (map.getLayer(LAYER)) map.removeLayer(LAYER);
      if (map.getSource(SOURCE)) map.removeSource(SOURCE);
    };
  }, [map]);

  useEffect(() => {
    (map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(data);
    map.getContainer().dataset.pois = String(data.features.length);
  }, [map, data]);

  return null;
}
