import { TreeSelect } from 'antd';
import { type CSSProperties, type ReactNode, useMemo } from 'react';
import { type HoldNode, useLeftHold } from '../api/get-left-hold.ts';
import { holdIcon } from './hold-icons.tsx';

interface Option {
  value: number;
  title: string;
  icon: ReactNode;
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

export function findHoldName(nodes: readonly HoldNode[] | undefined, id: number): string | undefined {
  for (const n of nodes ?? []) {
    if (n.HoldID === id) return n.HoldName;
    const below = findHoldName(n.Children ?? undefined, id);
    if (below !== undefined) return below;
  }
  return undefined;
}

export interface HoldTreeSelectProps {
  value?: number | undefined;
  onChange?: (value: number | undefined) => void;
  /** This unit and the units below it cannot be picked. */
  exclude?: number | undefined;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  id?: string;
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

/** A unit of the caller's organisation tree (`Hold/GetLeftHold`), with type icons, searchable by name. */
export function HoldTreeSelect({ value, onChange, exclude, allowClear = true, ...rest }: HoldTreeSelectProps) {
  const { data, isLoading } = useLeftHold('');
  const treeData = useMemo(() => toOptions(data ?? [], exclude), [data, exclude]);
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
      showSearch={{ treeNodeFilterProp: 'title' }}
      popupMatchSelectWidth={false}
    />
  );
}
