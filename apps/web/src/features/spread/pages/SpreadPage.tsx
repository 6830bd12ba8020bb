import { ArrowLeftOutlined } from '@ant-design/icons';
import type { SpreadKind, SpreadLevel } from '@lodestar/domain';
import { Alert, Breadcrumb, Button, Empty, Radio, Space, Spin, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { useSession } from '../../../store/session.ts';
import { HoldTreeSelect } from '../../holds/components/HoldTreeSelect.tsx';
import { useDistribution, useSpreadMap } from '../api/spread.ts';
import { SpreadChart } from '../components/SpreadChart.tsx';
import '../spread.css';

interface Step {
  level: SpreadLevel;
  code: string;
}

const NEXT: Record<SpreadLevel, SpreadLevel | undefined> = { country: 'province', province: 'city', city: undefined };

/**
 * /spread (function 41): devices, vehicles or customers over China as a choropleth with a heat layer, drilled
 * down country → province → city by clicking the map or the table; the counts come aggregated from the server.
 */
export default function SpreadPage() {
  const { t } = useTranslation('geo');
  const lang = useSession((s) => s.language);
  const [kind, setKind] = useState<SpreadKind>('devices');
  const [holdId, setHoldId] = useState<number | undefined>();
  const [heat, setHeat] = useState(true);
  const [path, setPath] = useState<Step[]>([{ level: 'country', code: '' }]);
  const here = path[path.length - 1]!;
  const body = {
    Level: here.level,
    Kind: kind,
    ...(here.code ? { Code: here.code } : {}),
    ...(holdId ? { HoldID: holdId } : {}),
  };
  const dist = useDistribution(body);
  const outline = useSpreadMap({ Level: here.level, ...(here.code ? { Code: here.code } : {}) });
  const data = dist.data;
  // The country's outlines name the provinces in the current language: the trail follows a language change.
  const countryOutline = useSpreadMap({ Level: 'country' });
  const stepName = (s: Step) => {
    if (s.level === 'country') return t('spread.china');
    if (s === here && data?.Name) return data.Name;
    if (s.level === 'province')
      return countryOutline.data?.features.find((f) => f.properties.name === s.code)?.properties.label ?? s.code;
    return s.code;
  };
  const next = NEXT[here.level];
  // Customers have a province only: no city below it.
  const canDrill = next !== undefined && !(kind === 'customers' && here.level === 'province');

  const drill = (code: string) => {
    if (!canDrill || !next || !data) return;
    const known =
      data.Rows.some((r) => r.Code === code) || outline.data?.features.some((f) => f.properties.name === code);
    if (known) setPath([...path, { level: next, code }]);
  };
  const total = data?.Total ?? 0;

  return (
    <PageLayout
      title={t('menu:spread')}
      extra={
        <Space wrap>
          <HoldTreeSelect
            value={holdId}
            onChange={setHoldId}
            placeholder={t('spread.allUnits')}
            style={{ width: 200 }}
            data-testid="spread-hold"
          />
          <Radio.Group
            value={kind}
            optionType="button"
            onChange={(e) => {
              setKind(e.target.value as SpreadKind);
              setPath(path.slice(0, 2));
            }}
            options={(['devices', 'vehicles', 'customers'] as const).map((k) => ({
              value: k,
              label: t(`spread.kind.${k}`),
            }))}
            data-testid="spread-kind"
          />
          <Space size={4}>
            <Switch size="small" checked={heat} onChange={setHeat} disabled={kind === 'customers'} />
            <span>{t('spread.heat')}</span>
          </Space>
        </Space>
      }
    >
      <div className="spread-head">
        {path.length > 1 ? (
          <Button
            size="small"
            icon={<ArrowLeftOutlined />}
            onClick={() => setPath(path.slice(0, -1))}
            data-testid="spread-up"
          >
            {t('spread.up')}
          </Button>
        ) : null}
        <Breadcrumb
          data-testid="spread-crumbs"
          items={path.map((s, i) => ({
            key: `${s.level}:${s.code}`,
            title:
              i < path.length - 1 ? (
                <Button type="link" size="small" className="spread-crumb" onClick={() => setPath(path.slice(0, i + 1))}>
                  {stepName(s)}
                </Button>
              ) : (
                stepName(s)
              ),
          }))}
        />
        <Typography.Text type="secondary" data-testid="spread-total">
          {t('spread.total', { count: total })}
          {data?.Unlocated ? ` · ${t('spread.unlocated', { count: data.Unlocated })}` : ''}
        </Typography.Text>
      </div>
      {dist.isError ? <Alert type="error" title={t('spread.failed')} showIcon /> : null}
      <div className="spread-body">
        <div className="spread-map">
          {outline.data && data ? (
            <SpreadChart
              mapKey={`spread:${here.level}:${here.code}:${lang}`}
              outline={outline.data}
              data={data}
              heat={heat}
              onPick={drill}
              countLabel={t(`spread.kind.${kind}`)}
              height={600}
            />
          ) : (
            <div className="spread-loading">
              <Spin />
            </div>
          )}
        </div>
        <div className="spread-table">
          <Table
            size="small"
            rowKey="Code"
            loading={dist.isFetching && !data}
            dataSource={data?.Rows ?? []}
            pagination={{ pageSize: 15, size: 'small', showSizeChanger: false, hideOnSinglePage: true }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('spread.empty')} /> }}
            onRow={(r) => ({ onClick: () => drill(r.Code), className: canDrill ? 'spread-row-link' : '' })}
            data-testid="spread-table"
            columns={[
              {
                key: 'Name',
                dataIndex: 'Name',
                title: here.level === 'country' ? t('spread.province') : t('spread.city'),
                sorter: (a, b) => a.Name.localeCompare(b.Name, lang === 'zh' ? 'zh-Hans-CN' : lang),
              },
              {
                key: 'Count',
                dataIndex: 'Count',
                title: t(`spread.kind.${kind}`),
                align: 'right',
                width: 100,
                defaultSortOrder: 'descend',
                sorter: (a, b) => a.Count - b.Count,
              },
              {
                key: 'Share',
                title: t('spread.share'),
                align: 'right',
                width: 80,
                render: (_v, r) => (total ? `${((r.Count * 100) / total).toFixed(1)}%` : '—'),
              },
            ]}
          />
        </div>
      </div>
    </PageLayout>
  );
}
