import { EnvironmentOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlace } from '../../monitor/api/reverse-geocode.ts';

function Address({ lat, lng }: { lat: number; lng: number }) {
  const { t } = useTranslation('devices');
  const place = usePlace(lat, lng);
  if (place.isLoading) return <span className="muted">{t('place.loading')}</span>;
  const p = place.data;
  const text = p ? [p.Province, p.City, p.Address].filter(Boolean).join(' ') || p.Country : '';
  return <span>{text || t('place.unknown')}</span>;
}

/**
 * The device's last position; the address is asked for on a click only (a page of rows would otherwise ask the
 * geocoder for every row), and only where the user may use it.
 */
export function PlaceCell({ lat, lng, geocode }: { lat: number | null; lng: number | null; geocode: boolean }) {
  const { t } = useTranslation('devices');
  const [open, setOpen] = useState(false);
  if (lat === null || lng === null) return <span className="muted">—</span>;
  const coords = `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
  if (!geocode) return <span className="device-mono">{coords}</span>;
  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" content={open ? <Address lat={lat} lng={lng} /> : null}>
      <Button type="link" size="small" className="device-place" icon={<EnvironmentOutlined />} title={t('place.show')}>
        {coords}
      </Button>
    </Popover>
  );
}
