import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { getInstallerList, INSTALLERS_KEY } from '../api/installers.ts';

/** The active installers of the subtree, searched by name or phone on the server. */
export function InstallerSelect(props: {
  id?: string;
  value?: number;
  onChange?: (v: number | undefined) => void;
  className?: string;
}) {
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: [...INSTALLERS_KEY, 'select', keyword],
    queryFn: () => getInstallerList({ PageIndex: 1, PageSize: 50, Active: true, Keyword: keyword }),
  });
  return (
    <Select
      id={props.id}
      allowClear
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      className={props.className}
      value={props.value}
      onChange={(v) => props.onChange?.(v)}
      loading={found.isLoading}
      options={(found.data?.rows ?? []).map((r) => ({ value: r.InstallerID, label: `${r.UserName} ${r.Phone}` }))}
    />
  );
}
