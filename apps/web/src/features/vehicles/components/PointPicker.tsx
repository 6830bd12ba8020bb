import { AimOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { Marker } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type LngLat, toDisplay } from '../../../map/coords.ts';
import { MapView } from '../../../map/MapView.tsx';
import { useMapHandle } from '../../../map/map-context.ts';
import { useMapSettings } from '../../../map/map-store.ts';

/** A WGS-84 point as the form keeps it; null: none picked. */
export type Point = LngLat | null;

/** The picked point's pin, drawn in the map's coordinate system; the map centres on it when it opens. */
function PointPin({ value }: { value: Point }) {
  const { map, crs } = useMapHandle();
  // The dialog lays the map out after it mounted: size the canvas to its box.
  useEffect(() => {
    const observer = new ResizeObserver(() => map.resize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  useEffect(() => {
    if (!value) return;
    const marker = new Marker({ color: '#1677ff' }).setLngLat(toDisplay(value, crs)).addTo(map);
    return () => void marker.remove();
  }, [map, crs, value]);
  // Centred once, on the point the form opened with; a click then moves the pin, not the map.
  const opened = useRef(value);
  useEffect(() => {
    if (opened.current) map.jumpTo({ center: toDisplay(opened.current, crs), zoom: 12 });
  }, [map, crs]);
  return null;
}

interface Props {
  value?: Point;
  onChange?: (value: Point) => void;
  /** Names the map for tests (`data-testid`). */
  testId: string;
}

/**
 * A point picked by clicking a small map (the user's map provider; clicks converted back to WGS-84, which is
 * what is stored), with its coordinates and a clear button.
 */
export function PointPicker({ value = null, onChange, testId }: Props) {
  const { t } = useTranslation('vehicles');
  const provider = useMapSettings((s) => s.provider);
  return (
    <div className="vehicle-point" data-testid={testId}>
      <div className="vehicle-point-map">
        <MapView provider={provider} offlineNotice={t('map.offline')} onMapClick={(p) => onChange?.(p)}>
          <PointPin value={value} />
        </MapView>
      </div>
      <Space size={4} className="vehicle-point-text">
        <AimOutlined />
        <span data-testid={`${testId}-value`}>
          {value ? `${value[1].toFixed(6)}, ${value[0].toFixed(6)}` : t('map.clickToPick')}
        </span>
        {value ? (
          <Button
            type="link"
            size="small"
            icon={<CloseCircleOutlined />}
            aria-label={t('map.clear')}
            onClick={() => onChange?.(null)}
          >
            {t('map.clear')}
          </Button>
        ) : null}
      </Space>
    </div>
  );
}
