import { Fn } from '@lodestar/domain';
import { Empty, Input, List, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statusStyle } from '../../../map/device-status.ts';
import { useFunctionSet } from '../../../store/session.ts';
import { useMonitorList } from '../../monitor/api/get-monitor-list.ts';
import { DeviceSearch } from '../../monitor/components/DeviceSearch.tsx';
import { statusLabel } from '../../monitor/components/labels.ts';

/** Devices offered at once: the search narrows them. */
const SHOWN = 20;

/**
 * Picks the device to follow: the monitor's search (ID, plate or name) over the user's devices. Without
 * the monitor's function the list cannot be asked for, so the device ID is typed in whole.
 */
export function DevicePicker({ onPick }: { onPick: (id: string) => void }) {
  const { t } = useTranslation('monitor');
  const mayList = useFunctionSet().has(Fn.onlineMonitor);
  return (
    <div className="live-track-picker">
      <p className="muted">{t('liveTrack.pick')}</p>
      {mayList ? (
        <Results onPick={onPick} />
      ) : (
        <Input.Search
          className="live-track-id-input"
          placeholder={t('liveTrack.idPlaceholder')}
          enterButton={t('liveTrack.open')}
          onSearch={(v) => v.trim() && onPick(v.trim())}
        />
      )}
    </div>
  );
}

function Results({ onPick }: { onPick: (id: string) => void }) {
  const { t } = useTranslation('monitor');
  const [keyword, setKeyword] = useState('');
  const [batch, setBatch] = useState<string[] | null>(null);
  const list = useMonitorList({ Status: 'all', Keyword: keyword || undefined, DeviceIDs: batch?.join(',') });
  const rows = list.data?.rows.slice(0, SHOWN) ?? [];
  return (
    <>
      <DeviceSearch batch={batch} onKeyword={setKeyword} onBatch={setBatch} />
      {list.isLoading ? (
        <Spin />
      ) : rows.length ? (
        <List
          className="live-track-results"
          size="small"
          dataSource={rows}
          renderItem={(r) => (
            <List.Item key={r.DeviceID}>
              <button
                type="button"
                className="live-track-result"
                data-id={r.DeviceID}
                onClick={() => onPick(r.DeviceID)}
              >
                <span className="live-track-result-name">{r.DeviceName || r.DeviceID}</span>
                <span className="muted">{r.DeviceID}</span>
                <Tag color={statusStyle(r.Status).color} bordered={false}>
                  {statusLabel(t, r.Status)}
                </Tag>
              </button>
            </List.Item>
          )}
        />
      ) : (
        <Empty description={t('liveTrack.noMatch')} />
      )}
    </>
  );
}
