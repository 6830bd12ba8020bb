import { StarFilled, StarOutlined } from '@ant-design/icons';
import type { ProvinceCode } from '@lodestar/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Space, Table, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PROVINCES_KEY,
  setDefaultProvince,
  setHoldProvinces,
  useCityCounts,
  useProvinceList,
} from '../api/provinces.ts';

function Cities({ holdId, province }: { holdId: number | undefined; province: ProvinceCode }) {
  const { t } = useTranslation('geo');
  const q = useCityCounts({ Province: province, ...(holdId ? { HoldID: holdId } : {}) });
  return (
    <Table
      size="small"
      rowKey="City"
      loading={q.isFetching}
      pagination={false}
      dataSource={q.data?.rows ?? []}
      locale={{ emptyText: t('province.noCities') }}
      columns={[
        { key: 'Name', dataIndex: 'Name', title: t('spread.city') },
        { key: 'Devices', dataIndex: 'Devices', title: t('spread.kind.devices'), align: 'right', width: 120 },
        { key: 'Vehicles', dataIndex: 'Vehicles', title: t('spread.kind.vehicles'), align: 'right', width: 120 },
      ]}
      data-testid={`province-cities-${province}`}
    />
  );
}

/** The 34 provinces: which the unit operates in (saved together), its default, and what is located in each. */
export function ProvinceTable({ holdId }: { holdId: number | undefined }) {
  const { t } = useTranslation('geo');
  const { message } = App.useApp();
  const client = useQueryClient();
  const list = useProvinceList(holdId);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const rows = list.data?.rows ?? [];
  const saved = rows.filter((r) => r.Selected).map((r) => r.Code);
  const savedKey = saved.join(',');
  useEffect(() => setChosen(new Set(savedKey ? savedKey.split(',') : [])), [savedKey]);
  const changed = saved.length !== chosen.size || saved.some((c) => !chosen.has(c));
  const unit = list.data?.HoldID;
  const refresh = () => client.invalidateQueries({ queryKey: PROVINCES_KEY });

  const save = async () => {
    if (!unit) return;
    setSaving(true);
    try {
      await setHoldProvinces({ HoldID: unit, Provinces: [...chosen] as ProvinceCode[] });
      void message.success(t('province.saved'));
      await refresh();
    } finally {
      setSaving(false);
    }
  };
  const makeDefault = async (code: ProvinceCode | '') => {
    if (!unit) return;
    await setDefaultProvince({ HoldID: unit, Province: code });
    await refresh();
  };

  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <span>{t('province.unitOf', { name: list.data?.HoldName ?? '' })}</span>
        <Button
          type="primary"
          disabled={!changed}
          loading={saving}
          onClick={() => void save()}
          data-testid="province-save"
        >
          {t('province.save')}
        </Button>
        <Button disabled={!changed} onClick={() => setChosen(new Set(saved))}>
          {t('province.undo')}
        </Button>
      </Space>
      <Table
        size="small"
        rowKey="Code"
        loading={list.isFetching && !list.data}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 560 }}
        expandable={{
          expandedRowRender: (r) => <Cities holdId={holdId} province={r.Code} />,
          rowExpandable: (r) => r.Devices > 0 || r.Vehicles > 0,
        }}
        data-testid="province-table"
        columns={[
          {
            key: 'Selected',
            title: t('province.operates'),
            width: 110,
            render: (_v, r) => (
              <Checkbox
                checked={chosen.has(r.Code)}
                onChange={(e) => {
                  const next = new Set(chosen);
                  if (e.target.checked) next.add(r.Code);
                  else next.delete(r.Code);
                  setChosen(next);
                }}
                aria-label={r.Name}
              />
            ),
          },
          {
            key: 'Name',
            dataIndex: 'Name',
            title: t('spread.province'),
            sorter: (a, b) => a.Code.localeCompare(b.Code),
          },
          {
            key: 'Default',
            title: t('province.default'),
            width: 110,
            render: (_v, r) => (
              <Tooltip title={r.Default ? t('province.clearDefault') : t('province.makeDefault')}>
                <Button
                  type="text"
                  size="small"
                  aria-label={r.Default ? t('province.clearDefault') : t('province.makeDefault')}
                  icon={r.Default ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
                  onClick={() => void makeDefault(r.Default ? '' : r.Code)}
                />
              </Tooltip>
            ),
          },
          {
            key: 'Devices',
            dataIndex: 'Devices',
            title: t('spread.kind.devices'),
            align: 'right',
            width: 110,
            sorter: (a, b) => a.Devices - b.Devices,
          },
          {
            key: 'Vehicles',
            dataIndex: 'Vehicles',
            title: t('spread.kind.vehicles'),
            align: 'right',
            width: 110,
            sorter: (a, b) => a.Vehicles - b.Vehicles,
          },
          {
            key: 'Lines',
            dataIndex: 'Lines',
            title: t('province.lines'),
            align: 'right',
            width: 90,
            sorter: (a, b) => a.Lines - b.Lines,
          },
        ]}
      />
    </>
  );
}
