import type { TaskDevice } from '@lodestar/contract/install';
import { Marker } from 'maplibre-gl';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toDisplay } from '../../../map/coords.ts';
import { MapView } from '../../../map/MapView.tsx';
import { useMapHandle } from '../../../map/map-context.ts';
import { useMapSettings } from '../../../map/map-store.ts';

/** A pin per device's last fix (WGS-84 converted for display), the map fitted around them. */
function FixPins({ devices }: { devices: TaskDevice[] }) {
  const { map, crs } = useMapHandle();
  useEffect(() => {
    const observer = new ResizeObserver(() => map.resize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  useEffect(() => {
    const fixed = devices.filter((d) => d.LastFix);
    const markers = fixed.map((d) =>
      new Marker({ color: d.Online ? '#52c41a' : '#8c8c8c' })
        .setLngLat(toDisplay([d.LastFix!.Lng, d.LastFix!.Lat], crs))
        .addTo(map),
    );
    const first = fixed[0]?.LastFix;
    if (first) map.jumpTo({ center: toDisplay([first.Lng, first.Lat], crs), zoom: 13 });
    return () => {
      for (const m of markers) m.remove();
    };
  }, [map, crs, devices]);
  return null;
}

/** The task's devices' last fixes on a small map (the user's provider). */
export function FixesMap({ devices }: { devices: TaskDevice[] }) {
  const { t } = useTranslation('vehicles');
  const provider = useMapSettings((s) => s.provider);
  return (
    <div className="install-map" data-testid="task-fixes-map">
      <MapView provider={provider} offlineNotice={t('map.offline')}>
        <FixPins devices={devices} />
      </MapView>
    </div>
  );
}
