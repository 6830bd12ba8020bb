import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type HoldNode, useLeftHold } from '../../holds/api/get-left-hold.ts';

interface UnitOption {
  value: number;
  title: string;
  children?: UnitOption[];
}

const toOptions = (nodes: readonly HoldNode[]): UnitOption[] =>
  nodes.map((n) => ({
    value: n.HoldID,
    title: n.HoldName,
    ...(n.Children?.length ? { children: toOptions(n.Children) } : {}),
  }));

/** The unit a returned card goes back to: any hold of the caller's tree (the server checks it too). */
export function ReceivingUnitSelect({ value, onChange }: { value?: number; onChange?: (id: number) => void }) {
  const { t } = useTranslation('workflow');
  const holds = useLeftHold('');
  const treeData = useMemo(() => toOptions(holds.data ?? []), [holds.data]);
  return (
    <TreeSelect<number>
      className="receiving-unit"
      value={value}
      onChange={(id) => onChange?.(id)}
      treeData={treeData}
      loading={holds.isLoading}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      placeholder={t('reHoldPlaceholder')}
      popupMatchSelectWidth
      allowClear
    />
  );
}
