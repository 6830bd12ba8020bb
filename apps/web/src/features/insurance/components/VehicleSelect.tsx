import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getVehicleSelect } from '../api/insurance.ts';

interface Props {
  value?: number;
  onChange?: (value: number) => void;
  /** The plate of the vehicle already chosen, shown before any search. */
  plate?: string | undefined;
}

/** The policy's vehicle: searched by a part of the plate over the caller's subtree (Insurance/GetVehicleSelect). */
export function VehicleSelect({ value, onChange, plate }: Props) {
  const { t } = useTranslation('insurance');
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useQuery({
    queryKey: ['insurance', 'vehicle-options', keyword],
    queryFn: () => getVehicleSelect(keyword),
    staleTime: 10_000,
  });
  const found = (data ?? []).map((v) => ({ value: v.VehicleID, label: `${v.Plate} · ${v.HoldName}` }));
  const options = value && plate && !found.some((o) => o.value === value) ? [{ value, label: plate }, ...found] : found;
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: (s) => setKeyword(s.trim()) }}
      value={value}
      onChange={(v) => onChange?.(v)}
      options={options}
      loading={isFetching}
      placeholder={t('vehicleHint')}
      notFoundContent={isFetching ? t('common:loading') : t('common:noData')}
      data-testid="policy-vehicle"
    />
  );
}
