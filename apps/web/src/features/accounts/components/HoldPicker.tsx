import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type HoldNode, useLeftHold } from '../../holds/api/get-left-hold.ts';
import { holdIcon } from '../../holds/components/hold-icons.tsx';

interface Option {
  value: number;
  title: string;
  icon: React.ReactNode;
  disabled?: boolean;
  children?: Option[];
}

/** `exclude` and everything below it cannot be picked (a unit cannot move under itself). */
const toOptions = (nodes: readonly HoldNode[], exclude: number | undefined, inExcluded = false): Option[] =>
  nodes.map((h) => {
    const off = inExcluded || h.HoldID === exclude;
    return {
      value: h.HoldID,
      title: h.HoldName,
      icon: holdIcon(h.HoldType),
      ...(off ? { disabled: true } : {}),
      ...(h.Children?.length ? { children: toOptions(h.Children, exclude, off) } : {}),
    };
  });

interface Props {
  value?: number;
  onChange?: (value: number | undefined) => void;
  exclude?: number;
  id?: string;
  allowClear?: boolean;
  placeholder?: string;
}

/** A unit from the organisation tree (`Hold/GetLeftHold`), searchable by name. */
export function HoldPicker({ value, onChange, exclude, allowClear = false, placeholder, id }: Props) {
  const { t } = useTranslation('accounts');
  const { data, isLoading } = useLeftHold('');
  const treeData = useMemo(() => toOptions(data ?? [], exclude), [data, exclude]);
  return (
    <TreeSelect<number>
      id={id}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      treeData={treeData}
      loading={isLoading}
      treeIcon
      treeDefaultExpandAll
      allowClear={allowClear}
      placeholder={placeholder ?? t('pickHold')}
      showSearch={{ treeNodeFilterProp: 'title' }}
      popupMatchSelectWidth={false}
      style={{ minWidth: 220 }}
    />
  );
}
