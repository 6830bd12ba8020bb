import { PROVINCE_CODES, type ProvinceCode } from '@lodestar/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type LineRow, PROVINCES_KEY, setLineProvince, useLines, useProvinceList } from '../api/provinces.ts';

/** Lines: the subtree's roads of /monitor/road, each tagged with the province it runs in. */
export function LineTable({ holdId }: { holdId: number | undefined }) {
  const { t } = useTranslation('geo');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [province, setProvince] = useState<ProvinceCode | 'none' | undefined>();
  const lines = useLines({ ...(holdId ? { HoldID: holdId } : {}), ...(province ? { Province: province } : {}) });
  const names = useProvinceList(holdId).data?.rows ?? [];
  const options = PROVINCE_CODES.map((c) => ({ value: c, label: names.find((n) => n.Code === c)?.Name ?? c }));

  const tag = async (row: LineRow, code: ProvinceCode | '') => {
    await setLineProvince({ RoadIDs: [row.RoadID], Province: code });
    void message.success(t('province.saved'));
    await client.invalidateQueries({ queryKey: PROVINCES_KEY });
  };

  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <span>{t('spread.province')}</span>
        <Select
          allowClear
          style={{ width: 200 }}
          placeholder={t('province.allLines')}
          value={province}
          onChange={setProvince}
          options={[{ value: 'none', label: t('province.untagged') }, ...options]}
          data-testid="line-province-filter"
        />
        <Link to="/monitor/road">{t('province.drawRoads')}</Link>
      </Space>
      <Table
        size="small"
        rowKey="RoadID"
        loading={lines.isFetching && !lines.data}
        dataSource={lines.data?.rows ?? []}
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: t('province.noLines') }}
        data-testid="line-table"
        columns={[
          {
            key: 'RoadName',
            dataIndex: 'RoadName',
            title: t('province.line'),
            sorter: (a, b) => a.RoadName.localeCompare(b.RoadName),
          },
          { key: 'HoldName', dataIndex: 'HoldName', title: t('province.unit'), width: 180 },
          { key: 'Width', dataIndex: 'Width', title: t('province.width'), align: 'right', width: 110 },
          {
            key: 'Province',
            title: t('spread.province'),
            width: 220,
            render: (_v, r) => (
              <Select
                allowClear
                size="small"
                style={{ width: 190 }}
                placeholder={t('province.untagged')}
                value={(r.Province || undefined) as ProvinceCode | undefined}
                onChange={(v?: ProvinceCode) => void tag(r, v ?? '')}
                options={options}
                aria-label={r.RoadName}
              />
            ),
          },
        ]}
      />
    </>
  );
}
