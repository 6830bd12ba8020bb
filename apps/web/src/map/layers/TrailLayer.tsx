import type { FeatureCollection } from 'geojson';
import type { GeoJSONSource } from 'maplibre-gl';
import { useEffect, useMemo, useRef } from 'react';
import { type LngLat, toDisplay } from '../coords.ts';
import { useMapHandle } from '../map-context.ts';

export type TrailMode = 'line' | 'point';

const SOURCE = 'live-trail';

/** The live (real-time) track of one device, drawn as a line or as points. Positions are WGS-84. */
export function TrailLayer({ points, mode }: { points: readonly LngLat[]; mode: TrailMode }) {
  const { map, crs } = useMapHandle();
  const data = useMemo<FeatureCollection>(() => {
    const shown = points.map((p) => toDisplay(p, crs));
    return {
      type: 'FeatureCollection',
      features: [
        ...(shown.length > 1
          ? [
              {
                type: 'Feature' as const,
                properties: {},
                geometry: { type: 'LineString' as const, coordinates: shown },
              },
            ]
          : []),
        ...shown.map((c) => ({
          type: 'Feature' as const,
          properties: {},
          geometry: { type: 'Point' as const, coordinates: c },
        })),
      ],
    };
  }, [points, crs]);
  const dataRef = useRef(data);
  dataRef.current = data;

  useEffect(() => {
    map.addSource(SOURCE, { type: 'geojson', data: dataRef.current });
    map.addLayer({
      id: 'live-trail-line',
      type: 'line',
      source: SOURCE,
      filter: ['==', ['geometry-type'], 'LineString'],
      layout: { 'line-join': 'round', 'line-cap': 'round' },
      paint: { 'line-color': '#1677ff', 'line-width': 4, 'line-opacity': 0.85 },
    });
    map.addLayer({
      id: 'live-trail-points',
      type: 'circle',
      source: SOURCE,
      filter: ['==', ['geometry-type'], 'Point'],
      paint: {
        'circle-radius': 4,
        'circle-color': '#ffffff',
        'circle-stroke-color': '#1677ff',
        'circle-stroke-width': 2,
      },
    });
    return () => {
      delete map.getContainer().dataset.trailPoints;
      if (!map.style) return;
      for (const l of ['live-trail-points', 'live-trail-line']) if (map.getLayer(l)) map.removeLayer(l);
      if (map.getSource(SOURCE)) map.removeSource(SOURCE);
    };
  }, [map]);

  useEffect(() => {
    (map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(data);
    map.getContainer().dataset.trailPoints = String(points.length);
  }, [map, data, points.length]);

  useEffect(() => {
    map.setLayoutProperty('live-trail-line', 'visibility', mode === 'line' ? 'visible' : 'none');
    map.setLayoutProperty('live-trail-points', 'visibility', mode === 'point' ? 'visible' : 'none');
  }, [map, mode]);

  return null;
}
