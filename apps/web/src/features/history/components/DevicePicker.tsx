import type { MonitorRow } from '@lodestar/contract/monitor';
import { Select, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMonitorList } from '../../monitor/api/get-monitor-list.ts';
import { KEYWORD_DEBOUNCE_MS, keywordOf } from '../../monitor/components/DeviceSearch.tsx';
import { deviceColour } from '../device-colours.ts';
import { MAX_DEVICES } from '../history-url.ts';

/** Options shown for a keyword: the list answers up to 500 rows, a dropdown is read in its first screens. */
const SHOWN = 50;

interface Props {
  value: string[];
  onChange: (devices: string[]) => void;
  /** The rows of the chosen devices, once known (name, plate, VIP expiry for the period check). */
  onRows?: (rows: Map<string, MonitorRow>) => void;
}

/**
 * Up to ten devices, found by a part of their ID, plate or name (the monitor's Monitor/GetMonitorList
 * with Keyword, so the server searches the caller's whole subtree), each tagged in its replay colour.
 */
export function DevicePicker({ value, onChange, onRows }: Props) {
  const { t } = useTranslation('history');
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(keywordOf(text)), text ? KEYWORD_DEBOUNCE_MS : 0);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useMonitorList({ Keyword: keyword || undefined, Status: 'all' });
  // The chosen ones are asked by ID, so a device opened from a link shows its name and VIP too.
  const chosen = useMonitorList({ DeviceIDs: value.join(','), Status: 'all' });
  const chosenRows = useMemo(
    () => new Map((value.length ? (chosen.data?.rows ?? []) : []).map((r) => [r.DeviceID, r])),
    [chosen.data, value.length],
  );
  useEffect(() => onRows?.(chosenRows), [chosenRows, onRows]);

  const full = value.length >= MAX_DEVICES;
  const options = (found.data?.rows ?? []).slice(0, SHOWN).map((r) => ({
    value: r.DeviceID,
    disabled: full && !value.includes(r.DeviceID),
    label: <DeviceLabel row={r} />,
  }));
  // A chosen device not among the keyword's matches keeps its label.
  for (const id of value)
    if (!options.some((o) => o.value === id)) {
      const row = chosenRows.get(id);
      options.push({ value: id, disabled: false, label: row ? <DeviceLabel row={row} /> : <span>{id}</span> });
    }

  return (
    <Select
      mode="multiple"
      className="history-device-picker"
      value={value}
      options={options}
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      loading={found.isFetching}
      placeholder={t('page.devicePlaceholder')}
      notFoundContent={found.isFetching ? t('common:loading') : t('page.noDevice')}
      maxCount={MAX_DEVICES}
      onChange={(ids: string[]) => {
        setText('');
        onChange(ids.slice(0, MAX_DEVICES));
      }}
      tagRender={({ value: id, closable, onClose }) => {
        const index = value.indexOf(String(id));
        const row = chosenRows.get(String(id));
        return (
          <Tag
            closable={closable}
            onClose={onClose}
            color={deviceColour(index)}
            className="history-device-tag"
            data-id={String(id)}
          >
            {row?.DeviceName || String(id)}
          </Tag>
        );
      }}
      popupMatchSelectWidth={360}
    />
  );
}

function DeviceLabel({ row }: { row: MonitorRow }) {
  return (
    <span className="history-device-option" data-id={row.DeviceID}>
      <span className="history-device-name">{row.DeviceName || row.DeviceID}</span>
      <span className="muted">
        {' '}
        {row.DeviceID}
        {row.Plate ? ` · ${row.Plate}` : ''}
      </span>
    </span>
  );
}
