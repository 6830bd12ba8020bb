import type { PeriodInput } from '@lodestar/contract/history';
import { Segmented, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMonitorList } from '../../monitor/api/get-monitor-list.ts';
import type { StopRow } from '../api/get-stops.ts';
import type { TripRow } from '../api/get-trips.ts';
import { deviceColour } from '../device-colours.ts';
import type { HistoryChoice } from '../history-url.ts';
import { StopsPanel } from './StopsPanel.tsx';
import { SummaryPanel } from './SummaryPanel.tsx';
import { TripsPanel } from './TripsPanel.tsx';

export type PanelTarget = { deviceId: string } & ({ kind: 'trip'; trip: TripRow } | { kind: 'stop'; stop: StopRow });

interface Props {
  choice: HistoryChoice;
  /** The device whose trips and stops are listed (several may be replayed; one is listed at a time). */
  active: string | null;
  onActive: (deviceId: string) => void;
  onTarget: (target: PanelTarget) => void;
}

/** Trips, stops and totals of one of the replayed devices, as tabs beside (or, on a phone, under) the map. */
export function HistorySidebar({ choice, active, onActive, onTarget }: Props) {
  const { t } = useTranslation('history');
  const [tab, setTab] = useState('trips');
  const [selected, setSelected] = useState<{ kind: string; index: number } | null>(null);
  // The device picker asks the same (one cached answer): the segments name the devices as the tags do.
  const rows = useMonitorList({ DeviceIDs: choice.devices.join(','), Status: 'all' }).data?.rows;
  const nameOf = (id: string) => rows?.find((r) => r.DeviceID === id)?.DeviceName || id;
  const query: PeriodInput | null = active ? { DeviceID: active, StartTime: choice.start, EndTime: choice.end } : null;
  const pick = (kind: 'trip' | 'stop') => (selected?.kind === kind ? selected.index : null);
  return (
    <aside className="history-sidebar">
      {choice.devices.length > 1 ? (
        <Segmented
          className="history-active-device"
          size="small"
          value={active ?? undefined}
          onChange={(id) => {
            setSelected(null);
            onActive(String(id));
          }}
          options={choice.devices.map((id, i) => ({
            value: id,
            label: (
              <span className="history-segment" title={id}>
                <span className="history-swatch" style={{ background: deviceColour(i) }} />
                {nameOf(id)}
              </span>
            ),
          }))}
        />
      ) : null}
      <Tabs
        className="history-tabs"
        size="small"
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'trips',
            label: t('trips.title'),
            children: (
              <TripsPanel
                query={query}
                selected={pick('trip')}
                onSelect={(trip, index) => {
                  setSelected({ kind: 'trip', index });
                  if (active) onTarget({ deviceId: active, kind: 'trip', trip });
                }}
              />
            ),
          },
          {
            key: 'stops',
            label: t('stops.title'),
            children: (
              <StopsPanel
                query={query}
                selected={pick('stop')}
                onSelect={(stop, index) => {
                  setSelected({ kind: 'stop', index });
                  if (active) onTarget({ deviceId: active, kind: 'stop', stop });
                }}
              />
            ),
          },
          { key: 'summary', label: t('summary.title'), children: <SummaryPanel query={query} /> },
        ]}
      />
    </aside>
  );
}
