import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchDevices } from '../api/vehicles.ts';

interface Props {
  value?: string[];
  onChange?: (value: string[]) => void;
  /** The unit whose subtree's devices are offered (the vehicle's own). */
  holdId?: number | undefined;
}

/**
 * The bound devices: several (typically one wired and one wireless), searched by a part of the device ID over
 * the subtree's devices (Device/GetDeviceList). A device on another object shows here like any other: the
 * server says where it is when saving, and the page asks before moving it.
 */
export function DeviceSelect({ value = [], onChange, holdId }: Props) {
  const { t } = useTranslation('vehicles');
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useQuery({
    queryKey: ['info', 'vehicles', 'device-options', holdId ?? null, keyword],
    queryFn: () => searchDevices({ Keyword: keyword, ...(holdId ? { HoldID: holdId } : {}) }),
    staleTime: 10_000,
  });
  const found = (data?.rows ?? []).map((d) => ({
    value: d.DeviceID,
    label: `${d.DeviceID} · ${t(`trackerType.${d.TrackerType}`)}${d.DeviceName && d.DeviceName !== d.DeviceID ? ` · ${d.DeviceName}` : ''}`,
  }));
  // The devices already chosen stay listed whatever the search shows.
  const options = [
    ...value.filter((id) => !found.some((o) => o.value === id)).map((id) => ({ value: id, label: id })),
    ...found,
  ];
  return (
    <Select
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: (s) => setKeyword(s.trim()) }}
      allowClear
      value={value}
      onChange={(v) => onChange?.(v)}
      onBlur={() => setKeyword('')}
      options={options}
      loading={isFetching}
      placeholder={t('form.devicesHint')}
      notFoundContent={isFetching ? t('common:loading') : t('common:noData')}
      data-testid="vehicle-devices"
    />
  );
}
