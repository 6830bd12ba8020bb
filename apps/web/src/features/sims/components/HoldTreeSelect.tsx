import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type HoldNode, useLeftHold } from '../../holds/api/get-left-hold.ts';
import { holdIcon } from '../../holds/components/hold-icons.tsx';

interface HoldOptionNode {
  value: number;
  title: string;
  icon: React.ReactNode;
  children?: HoldOptionNode[];
}

const toOptions = (nodes: readonly HoldNode[]): HoldOptionNode[] =>
  nodes.map((h) => ({
    value: h.HoldID,
    title: h.HoldName,
    icon: holdIcon(h.HoldType),
    ...(h.Children?.length ? { children: toOptions(h.Children) } : {}),
  }));

export function findHoldName(nodes: readonly HoldNode[] | undefined, id: number): string | undefined {
  for (const n of nodes ?? []) {
    if (n.HoldID === id) return n.HoldName;
    const below = findHoldName(n.Children ?? undefined, id);
    if (below !== undefined) return below;
  }
  return undefined;
}

interface Props {
  value?: number | undefined;
  onChange?: (value: number | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  id?: string;
  'data-testid'?: string;
  className?: string;
}

/** A unit picked from the organisation tree (`Hold/GetLeftHold`), searchable by name. */
export function HoldTreeSelect({ value, onChange, placeholder, allowClear = true, ...rest }: Props) {
  const { t } = useTranslation('sims');
  const { data, isLoading } = useLeftHold('');
  const treeData = useMemo(() => toOptions(data ?? []), [data]);
  return (
    <TreeSelect<number>
      {...rest}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      treeData={treeData}
      loading={isLoading}
      treeIcon
      treeDefaultExpandAll
      allowClear={allowClear}
      placeholder={placeholder ?? t('field.hold')}
      showSearch={{ treeNodeFilterProp: 'title' }}
      popupMatchSelectWidth={false}
    />
  );
}
