import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type LngLat, toDisplay } from '../../../map/coords.ts';
import { DeviceLayer, type DeviceMarker } from '../../../map/layers/DeviceLayer.tsx';
import type { TrailMode } from '../../../map/layers/TrailLayer.tsx';
import { TrailLayer } from '../../../map/layers/TrailLayer.tsx';
import { MapView } from '../../../map/MapView.tsx';
import { useMapHandle } from '../../../map/map-context.ts';
import { useMapSettings } from '../../../map/map-store.ts';
import { speedColour } from '../../history/speed-colours.ts';
import { useLiveTrackStore } from '../live-track-store.ts';
import { latestOf } from './latest.ts';

interface Props {
  deviceId: string;
  mode: TrailMode;
  /** Width in pixels of the panel over the map's right side (0 when it is collapsed or below the map). */
  coveredRight: number;
}

/** The followed device on the map: its trail coloured by speed, its icon, and the map following it. */
export function LiveTrackMap({ deviceId, mode, coveredRight }: Props) {
  const { t } = useTranslation('monitor');
  const provider = useMapSettings((s) => s.provider);
  return (
    <div className="monitor-map live-track-map">
      <MapView provider={provider} offlineNotice={t('map.offline')}>
        <Trail deviceId={deviceId} mode={mode} />
        <Device deviceId={deviceId} coveredRight={coveredRight} />
        <FitTrailOnce deviceId={deviceId} coveredRight={coveredRight} />
      </MapView>
    </div>
  );
}

function Trail({ deviceId, mode }: { deviceId: string; mode: TrailMode }) {
  const points = useLiveTrackStore((s) => s.points);
  const trails = useMemo(
    () => [
      {
        id: deviceId,
        color: '#1677ff',
        points: points.map((p): LngLat => [p.lng, p.lat]),
        colors: points.map((p) => speedColour(p.speed)),
      },
    ],
    [deviceId, points],
  );
  return <TrailLayer trails={trails} mode={mode} />;
}

const noop = () => {};

/**
 * The device's icon, rotated by course. DeviceLayer keeps the selected device in view by re-centring
 * only when it nears the map's edge: every pan repaints the WebGL map (150–240 ms a frame here).
 */
function Device({ deviceId, coveredRight }: { deviceId: string; coveredRight: number }) {
  const row = useLiveTrackStore((s) => s.row);
  const last = useLiveTrackStore((s) => s.points[s.points.length - 1]);
  const markers = useMemo<DeviceMarker[]>(() => {
    const at = latestOf(row, last);
    if (!at) return [];
    return [
      {
        id: deviceId,
        name: row?.DeviceName || deviceId,
        lng: at.lng,
        lat: at.lat,
        status: at.status,
        course: at.course ?? 0,
        followed: false,
      },
    ];
  }, [deviceId, row, last]);
  return (
    <DeviceLayer
      devices={markers}
      selectedId={deviceId}
      onSelect={noop}
      fitKey={deviceId}
      coveredRight={coveredRight}
    />
  );
}

/** Once the preloaded trail is there, the map shows all of it (the device layer alone zooms in on the icon). */
function FitTrailOnce({ deviceId, coveredRight }: { deviceId: string; coveredRight: number }) {
  const { map, crs } = useMapHandle();
  const seeded = useLiveTrackStore((s) => s.seeded);
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (!seeded || fitted.current === deviceId) return;
    const { points } = useLiveTrackStore.getState();
    if (points.length < 2) return;
    fitted.current = deviceId;
    const shown = points.map((p) => toDisplay([p.lng, p.lat], crs));
    const lngs = shown.map((p) => p[0]);
    const lats = shown.map((p) => p[1]);
    const { clientWidth } = map.getContainer();
    const right = clientWidth - coveredRight > 200 ? coveredRight : 0;
    map.fitBounds(
      [
        [Math.min(...lngs), Math.min(...lats)],
        [Math.max(...lngs), Math.max(...lats)],
      ],
      { padding: { top: 60, bottom: 60, left: 60, right: 60 + right }, maxZoom: 16, duration: 0 },
    );
  }, [map, crs, seeded, deviceId, coveredRight]);
  return null;
}
