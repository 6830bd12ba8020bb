import type { MonitorRow } from '@lodestar/contract/monitor';
import { Descriptions, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeviceDetail } from '../../monitor/api/get-device-detail.ts';
import { useStops } from '../api/get-stops.ts';
import { useSummary } from '../api/get-summary.ts';
import { useTrips } from '../api/get-trips.ts';
import { placeText, usePlaces } from '../api/use-places.ts';
import { formatDistance, formatDuration, formatSpeed } from '../format.ts';
import type { Period } from '../period.ts';
import { SummaryFigures } from './SummaryPanel.tsx';

interface Props {
  deviceId: string;
  row: MonitorRow | undefined;
  period: Period;
  color: string;
}

/** One device of the evidence page: who it is, its vehicle, totals, trips and stops with their places. */
export function EvidenceSection({ deviceId, row, period, color }: Props) {
  const { t } = useTranslation('history');
  const q = { DeviceID: deviceId, StartTime: period.start, EndTime: period.end };
  const detail = useDeviceDetail(deviceId, null);
  const trips = useTrips(q);
  const stops = useStops(q);
  const summary = useSummary(q);
  const tripRows = trips.data ?? [];
  const stopRows = stops.data ?? [];
  const tripPlaces = usePlaces(
    tripRows.flatMap((r) => [
      { lat: r.StartLat, lng: r.StartLng },
      { lat: r.EndLat, lng: r.EndLng },
    ]),
  );
  const stopPlaces = usePlaces(stopRows.map((r) => ({ lat: r.Lat, lng: r.Lng })));
  const vehicle = detail.data?.Vehicle;
  return (
    <section className="evidence-device" data-id={deviceId}>
      <h2>
        <span className="history-swatch" style={{ background: color }} />
        {row?.DeviceName || deviceId}
      </h2>
      <Descriptions
        size="small"
        bordered
        column={2}
        items={[
          {
            key: 'device',
            label: t('print.device'),
            children: `${deviceId}${row?.DeviceName ? ` · ${row.DeviceName}` : ''}`,
          },
          { key: 'unit', label: t('print.unit'), children: row?.HoldName ?? '—' },
          {
            key: 'vehicle',
            label: t('print.vehicle'),
            children: <span className="evidence-plate">{vehicle?.Plate ?? row?.Plate ?? t('print.noVehicle')}</span>,
          },
          { key: 'owner', label: t('print.owner'), children: vehicle?.OwnerName || '—' },
        ]}
      />
      <h3>{t('summary.title')}</h3>
      {summary.data ? <SummaryFigures summary={summary.data} columns={4} /> : null}
      <h3>{t('trips.title')}</h3>
      <Table
        className="evidence-trips"
        size="small"
        pagination={false}
        rowKey="StartTime"
        loading={trips.isLoading}
        locale={{ emptyText: t('page.noData') }}
        dataSource={tripRows}
        columns={[
          { title: '#', width: 36, render: (_v, _r, i) => i + 1 },
          {
            title: t('trips.start'),
            render: (_v, r, i) => `${r.StartTime} ${placeText(tripPlaces.data?.[2 * i], r.StartLat, r.StartLng)}`,
          },
          {
            title: t('trips.end'),
            render: (_v, r, i) => `${r.EndTime} ${placeText(tripPlaces.data?.[2 * i + 1], r.EndLat, r.EndLng)}`,
          },
          { title: t('trips.distance'), width: 90, render: (_v, r) => formatDistance(t, r.Distance) },
          { title: t('trips.duration'), width: 100, render: (_v, r) => formatDuration(t, r.Duration) },
          { title: t('trips.maxSpeed'), width: 124, render: (_v, r) => formatSpeed(t, r.MaxSpeed) },
          { title: t('trips.avgSpeed'), width: 124, render: (_v, r) => formatSpeed(t, r.AvgSpeed) },
        ]}
      />
      <h3>{t('stops.title')}</h3>
      <Table
        className="evidence-stops"
        size="small"
        pagination={false}
        rowKey="StartTime"
        loading={stops.isLoading}
        locale={{ emptyText: t('stops.none') }}
        dataSource={stopRows}
        columns={[
          { title: '#', width: 36, render: (_v, _r, i) => i + 1 },
          { title: t('stops.place'), render: (_v, r, i) => placeText(stopPlaces.data?.[i], r.Lat, r.Lng) },
          { title: t('stops.arrival'), width: 160, dataIndex: 'StartTime' },
          { title: t('stops.departure'), width: 160, dataIndex: 'EndTime' },
          { title: t('stops.duration'), width: 100, render: (_v, r) => formatDuration(t, r.Duration) },
        ]}
      />
    </section>
  );
}
