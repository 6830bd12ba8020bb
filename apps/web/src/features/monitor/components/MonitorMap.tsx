import { EyeOutlined, SwapOutlined } from '@ant-design/icons';
import type { MonitorRow } from '@lodestar/contract/monitor';
import { Button } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LngLat } from '../../../map/coords.ts';
import { DeviceLayer, type DeviceMarker } from '../../../map/layers/DeviceLayer.tsx';
import { type Trail, TrailLayer, type TrailMode } from '../../../map/layers/TrailLayer.tsx';
import { MapView } from '../../../map/MapView.tsx';
import { useMapSettings } from '../../../map/map-store.ts';
import { MapPoints, PointsToggle } from '../../events/components/MapPoints.tsx';
import { useMonitorStore } from '../live/monitor-store.ts';
import { TRAIL_LIMITS } from '../live/trails.ts';
import { useListedRows } from '../live/use-listed-rows.ts';
import { mapLabelText, useMonitorView } from '../live/view-settings.ts';
import { ChangeMapDialog } from './ChangeMapDialog.tsx';
import { ViewSettingsDialog } from './ViewSettingsDialog.tsx';

/** The details panel's width (monitor.css `.device-details`). */
const DETAILS_WIDTH = 300;

interface Props {
  selectedId: string | null;
  onSelect: (id: string) => void;
  fitKey: string;
  trailMode: TrailMode;
}

/**
 * The monitor's map: the device layer, the live trails (the chosen device's and the followed ones',
 * `use-live-trails.ts`), the points layer, and the change-map dialog.
 */
export function MonitorMap({ selectedId, onSelect, fitKey, trailMode }: Props) {
  const { t } = useTranslation('monitor');
  const provider = useMapSettings((s) => s.provider);
  const setProvider = useMapSettings((s) => s.setProvider);
  const [dialog, setDialog] = useState(false);
  const [viewDialog, setViewDialog] = useState(false);
  const [clicked, setClicked] = useState<LngLat | null>(null);

  return (
    <div className="monitor-map">
      <MapView provider={provider} offlineNotice={t('map.offline')} onMapClick={setClicked}>
        <MapPoints />
        <LiveTrails mode={trailMode} />
        <LiveDevices selectedId={selectedId} onSelect={onSelect} fitKey={fitKey} />
      </MapView>
      <div className="monitor-map-tools">
        <Button size="small" icon={<SwapOutlined />} onClick={() => setDialog(true)} className="change-map-button">
          {t('actions.changeMap')}
          <span className="map-provider-name">· {t(`map.provider.${provider}`)}</span>
        </Button>
        <Button
          size="small"
          icon={<EyeOutlined />}
          onClick={() => setViewDialog(true)}
          className="view-settings-button"
        >
          {t('viewSettings.button')}
        </Button>
        <PointsToggle />
      </div>
      <TrailCapNotice />
      {clicked ? (
        <div className="map-clicked">
          {t('map.clicked', { lat: clicked[1].toFixed(6), lng: clicked[0].toFixed(6) })}
        </div>
      ) : null}
      <ChangeMapDialog open={dialog} value={provider} onChange={setProvider} onClose={() => setDialog(false)} />
      <ViewSettingsDialog open={viewDialog} onClose={() => setViewDialog(false)} />
    </div>
  );
}

function LiveTrails({ mode }: { mode: TrailMode }) {
  const stored = useMonitorStore((s) => s.trails);
  const trails = useMemo<Trail[]>(
    () => Object.entries(stored).map(([id, { points, color }]) => ({ id, points, color })),
    [stored],
  );
  return trails.length ? <TrailLayer trails={trails} mode={mode} /> : null;
}

/** Says when the caps apply: devices left without a trail, or trails that dropped their oldest points. */
function TrailCapNotice() {
  const { t } = useTranslation('monitor');
  const wanted = useMonitorStore((s) => s.trailsWanted);
  const kept = useMonitorStore((s) => Object.keys(s.trails).length);
  const trimmed = useMonitorStore((s) => Object.values(s.trails).some((x) => x.trimmed));
  if (wanted <= kept && !trimmed) return null;
  return (
    <div className="trail-cap-notice" data-wanted={wanted} data-kept={kept}>
      {wanted > kept ? <div>{t('map.trailsCapped', { max: TRAIL_LIMITS.trails, wanted })}</div> : null}
      {trimmed ? <div>{t('map.trailsTrimmed', { max: TRAIL_LIMITS.points })}</div> : null}
    </div>
  );
}

/** The listed devices on the map: the one part of the map a live update re-renders. */
function LiveDevices({
  selectedId,
  onSelect,
  fitKey,
}: {
  selectedId: string | null;
  onSelect: (id: string) => void;
  fitKey: string;
}) {
  const { t } = useTranslation('monitor');
  const rows = useListedRows();
  // A new filter, unit or search changes the key at once, but its list arrives later: fitting then
  // would fit the previous list and, the new one being smaller, never again. The key counts from the
  // first list stored after it changed.
  const order = useMonitorStore((s) => s.order);
  const settled = useRef({ order, key: fitKey });
  if (settled.current.order !== order) settled.current = { order, key: fitKey };
  const parts = useMonitorView().mapLabel;
  const kmh = t('viewSettings.kmh');
  // Rows a live frame did not touch keep their object, and so their marker (and its label text).
  const made = useRef<{ parts: unknown; kmh: string; markers: WeakMap<MonitorRow, DeviceMarker> } | null>(null);
  const markers = useMemo<DeviceMarker[]>(() => {
    if (made.current?.parts !== parts || made.current.kmh !== kmh)
      made.current = { parts, kmh, markers: new WeakMap() };
    const cache = made.current.markers;
    const out: DeviceMarker[] = [];
    for (const r of rows) {
      if (r.Lat === null || r.Lng === null) continue;
      let m = cache.get(r);
      if (!m) {
        m = {
          id: r.DeviceID,
          name: mapLabelText(parts, r, kmh),
          lng: r.Lng,
          lat: r.Lat,
          status: r.Status,
          course: r.Course ?? 0,
          followed: Boolean(r.Followed),
        };
        cache.set(r, m);
      }
      out.push(m);
    }
    return out;
  }, [rows, parts, kmh]);
  return (
    <DeviceLayer
      devices={markers}
      selectedId={selectedId}
      onSelect={onSelect}
      fitKey={settled.current.key}
      coveredRight={selectedId ? DETAILS_WIDTH + 10 : 0}
    />
  );
}
