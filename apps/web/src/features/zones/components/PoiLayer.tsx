import type { PoiRow } from '@lodestar/contract/pois';
import { Marker } from 'maplibre-gl';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { toDisplay } from '../../../map/coords.ts';
import { useMapHandle } from '../../../map/map-context.ts';
import { useMapPois } from '../api/get-poi-list.ts';
import { POI_ICON_COMPONENTS, POI_KIND_COLOURS } from '../poi-icons.tsx';

/**
 * The unit's points as HTML markers: the point's icon in its kind's colour, and its name. The container's
 * `data-pois` counts them (tests).
 */
export function PoiLayer({ holdId, selectedId }: { holdId: number | undefined; selectedId?: number | null }) {
  const pois = useMapPois(holdId, true);
  return <PoiMarkers rows={pois.data?.rows ?? []} selectedId={selectedId ?? null} />;
}

function PoiMarkers({ rows, selectedId }: { rows: readonly PoiRow[]; selectedId: number | null }) {
  const { map, crs } = useMapHandle();
  useEffect(() => {
    const made: { marker: Marker; unmount: () => void }[] = [];
    for (const p of rows) {
      const el = document.createElement('div');
      el.className = `zone-poi${p.PoiID === selectedId ? ' zone-poi-selected' : ''}`;
      el.dataset.poiId = String(p.PoiID);
      el.style.setProperty('--poi-colour', POI_KIND_COLOURS[p.Kind]);
      const root = createRoot(el);
      const Icon = POI_ICON_COMPONENTS[p.Icon];
      root.render(
        <>
          <span className="zone-poi-icon">
            <Icon />
          </span>
          <span className="zone-poi-name">{p.PoiName}</span>
        </>,
      );
      const marker = new Marker({ element: el, anchor: 'left', offset: [-11, 0] })
        .setLngLat(toDisplay([p.Lng, p.Lat], crs))
        .addTo(map);
      made.push({ marker, unmount: () => root.unmount() });
    }
    map.getContainer().dataset.pois = String(rows.length);
    return () => {
      for (const m of made) {
        m.marker.remove();
        // Unmounting a root while React renders warns; the marker's element is gone already.
        queueMicrotask(m.unmount);
      }
    };
  }, [map, crs, rows, selectedId]);
  return null;
}
