import { SwapOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LngLat } from '../../../map/coords.ts';
import { DeviceLayer, type DeviceMarker } from '../../../map/layers/DeviceLayer.tsx';
import { TrailLayer, type TrailMode } from '../../../map/layers/TrailLayer.tsx';
import { MapView } from '../../../map/MapView.tsx';
import { useMapSettings } from '../../../map/map-store.ts';
import type { MonitorRow } from '../api/types.ts';
import { useMonitorStore } from '../live/monitor-store.ts';
import { ChangeMapDialog } from './ChangeMapDialog.tsx';

/** The details panel's width (monitor.css `.device-details`). */
const DETAILS_WIDTH = 300;

interface Props {
  rows: readonly MonitorRow[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  fitKey: string;
  trailOn: boolean;
  trailMode: TrailMode;
}

/** The monitor's map: the device layer, the live trail of the chosen device, and the change-map dialog. */
export function MonitorMap({ rows, selectedId, onSelect, fitKey, trailOn, trailMode }: Props) {
  const { t } = useTranslation('monitor');
  const provider = useMapSettings((s) => s.provider);
  const setProvider = useMapSettings((s) => s.setProvider);
  const [dialog, setDialog] = useState(false);
  const [clicked, setClicked] = useState<LngLat | null>(null);
  const trail = useMonitorStore((s) => s.trail);
  const trailId = useMonitorStore((s) => s.trailId);

  const markers = useMemo<DeviceMarker[]>(
    () =>
      rows.flatMap((r) =>
        r.Lat === null || r.Lng === null
          ? []
          : [
              {
                id: r.DeviceID,
                name: r.DeviceName || r.DeviceID,
                lng: r.Lng,
                lat: r.Lat,
                status: r.Status,
                course: r.Course ?? 0,
                followed: Boolean(r.Followed),
              },
            ],
      ),
    [rows],
  );

  return (
    <div className="monitor-map">
      <MapView provider={provider} offlineNotice={t('map.offline')} onMapClick={setClicked}>
        {trailOn && trailId === selectedId && selectedId ? <TrailLayer points={trail} mode={trailMode} /> : null}
        <DeviceLayer
          devices={markers}
          selectedId={selectedId}
          onSelect={onSelect}
          fitKey={fitKey}
          coveredRight={selectedId ? DETAILS_WIDTH + 10 : 0}
        />
      </MapView>
      <div className="monitor-map-tools">
        <Button size="small" icon={<SwapOutlined />} onClick={() => setDialog(true)} className="change-map-button">
          {t('actions.changeMap')}
          <span className="map-provider-name">· {t(`map.provider.${provider}`)}</span>
        </Button>
      </div>
      {clicked ? (
        <div className="map-clicked">
          {t('map.clicked', { lat: clicked[1].toFixed(6), lng: clicked[0].toFixed(6) })}
        </div>
      ) : null}
      <ChangeMapDialog open={dialog} value={provider} onChange={setProvider} onClose={() => setDialog(false)} />
    </div>
  );
}
