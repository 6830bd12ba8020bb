import '../dashboard.css';
import {
  CarOutlined,
  DisconnectOutlined,
  ReloadOutlined,
  StopOutlined,
  ThunderboltOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import type { DashboardSummary, RecentDevice } from '@lodestar/contract/dashboard';
import { Fn } from '@lodestar/domain';
import { Alert, Button, Card, Col, Empty, Row, Statistic, Table } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { useFunctionSet, useSession } from '../../../store/session.ts';
import { alarmLabel } from '../../monitor/components/labels.ts';
import { useSummary } from '../api/get-summary.ts';
import { Chart } from '../components/Chart.tsx';
import { alarmsOption, onlineRateOption } from '../components/charts.ts';

const DEVICE_LIST = '/info/device';

interface FigureProps {
  id: string;
  title: string;
  value: number | undefined;
  icon?: ReactNode;
  tone: string;
  to: string | undefined;
  loading: boolean;
}

/** One figure; where the user may open the list it counts, the whole card links to it. */
function Figure({ id, title, value, icon, tone, to, loading }: FigureProps) {
  const body = <Statistic title={title} value={value ?? 0} prefix={icon} loading={loading} />;
  return (
    <div className={`dash-figure dash-tone-${tone}`} data-testid={`dash-${id}`}>
      {to ? (
        <Link to={to} className="dash-figure-link">
          {body}
        </Link>
      ) : (
        body
      )}
    </div>
  );
}

/** GPS home (/dashboard, fn 86): how the fleet of the unit chosen in the unit tree is doing. */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { t: tm } = useTranslation('monitor');
  const funs = useFunctionSet();
  const holdId = useSession((s) => s.currentHoldId) ?? undefined;
  const holdName = useSession((s) => s.currentHoldName);
  const { data, isLoading, isError, isFetching, refetch } = useSummary(holdId);

  const deviceList = (query: Record<string, string>) => {
    if (!funs.has(Fn.deviceManage)) return undefined;
    const q = new URLSearchParams({ ...(holdId ? { HoldID: String(holdId) } : {}), ...query });
    return `${DEVICE_LIST}?${q}`;
  };
  const monitorAlarms = funs.has(Fn.onlineMonitor) ? '/monitor/online?Status=alarm' : undefined;
  const renewal = funs.has(Fn.simRecharge) ? '/recharge?DisplayState=expiring' : undefined;

  return (
    <PageLayout
      title={t('title')}
      extra={
        <div className="dash-extra">
          {holdName ? (
            <span className="dash-unit" data-testid="dash-unit">
              {t('unit', { name: holdName })}
            </span>
          ) : null}
          <Button icon={<ReloadOutlined />} onClick={() => void refetch()} loading={isFetching && !isLoading}>
            {t('refresh')}
          </Button>
        </div>
      }
    >
      {isError ? <Alert type="error" showIcon title={t('failed')} className="dash-block" /> : null}
      <div className="dash-figures dash-block">
        <Figure
          id="total"
          title={t('total')}
          value={data?.Total}
          icon={<CarOutlined />}
          tone="total"
          to={deviceList({})}
          loading={isLoading}
        />
        <Figure
          id="online"
          title={t('online')}
          value={data?.Online}
          icon={<WifiOutlined />}
          tone="online"
          to={deviceList({ State: 'online' })}
          loading={isLoading}
        />
        <Figure
          id="moving"
          title={t('moving')}
          value={data?.Moving}
          icon={<ThunderboltOutlined />}
          tone="moving"
          to={deviceList({ State: 'moving' })}
          loading={isLoading}
        />
        <Figure
          id="offline"
          title={t('offline')}
          value={data?.Offline}
          icon={<DisconnectOutlined />}
          tone="offline"
          to={deviceList({ State: 'offline' })}
          loading={isLoading}
        />
        <Figure
          id="unused"
          title={t('unused')}
          value={data?.Unused}
          icon={<StopOutlined />}
          tone="unused"
          to={deviceList({ State: 'unused' })}
          loading={isLoading}
        />
      </div>
      <Row gutter={[16, 16]} className="dash-block">
        <Col xs={24} xl={14}>
          <Card title={t('onlineRate')} loading={isLoading} data-testid="dash-online-rate" className="dash-card">
            <OnlineRate data={data} />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card
            title={t('alarmsToday')}
            loading={isLoading}
            data-testid="dash-alarms"
            className="dash-card"
            extra={monitorAlarms ? <Link to={monitorAlarms}>{t('openMonitor')}</Link> : null}
          >
            {data?.AlarmsToday.length ? (
              <Chart
                testId="dash-alarms-chart"
                height={Math.max(160, 36 * data.AlarmsToday.length + 24)}
                option={alarmsOption(data.AlarmsToday, (type) => alarmLabel(tm, type))}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noAlarms')} />
            )}
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]} className="dash-block">
        <Col xs={24} xl={9}>
          <div className="dash-stack">
            <Card title={t('vip')} loading={isLoading} data-testid="dash-vip" className="dash-card">
              <div className="dash-mini">
                <Figure
                  id="vip-expired"
                  title={t('vipExpired')}
                  value={data?.VipExpired}
                  tone="expired"
                  to={deviceList({ Vip: 'expired' })}
                  loading={false}
                />
                <Figure
                  id="vip-7"
                  title={t('vipWithin', { days: 7 })}
                  value={data?.VipExpiring7}
                  tone="soon"
                  to={deviceList({ Vip: '7' })}
                  loading={false}
                />
                <Figure
                  id="vip-30"
                  title={t('vipWithin', { days: 30 })}
                  value={data?.VipExpiring30}
                  tone="later"
                  to={deviceList({ Vip: '30' })}
                  loading={false}
                />
                <Figure
                  id="vip-60"
                  title={t('vipWithin', { days: 60 })}
                  value={data?.VipExpiring60}
                  tone="later"
                  to={deviceList({ Vip: '60' })}
                  loading={false}
                />
              </div>
              <p className="dash-note">{t('vipNested')}</p>
            </Card>
            <Card title={t('sims')} loading={isLoading} data-testid="dash-sims" className="dash-card">
              <Figure
                id="sims-expiring"
                title={t('simsExpiring')}
                value={data?.SimsExpiring}
                tone="soon"
                to={renewal}
                loading={false}
              />
              {renewal ? (
                <Link to={renewal} className="dash-action" data-testid="dash-renew">
                  {t('renew')}
                </Link>
              ) : null}
            </Card>
          </div>
        </Col>
        <Col xs={24} xl={15}>
          <Card
            title={t('recent')}
            loading={isLoading}
            data-testid="dash-recent"
            className="dash-card"
            extra={deviceList({ Recent: '1' }) ? <Link to={deviceList({ Recent: '1' })!}>{t('viewAll')}</Link> : null}
          >
            <RecentDevices rows={data?.RecentDevices ?? []} />
          </Card>
        </Col>
      </Row>
    </PageLayout>
  );
}

function OnlineRate({ data }: { data: DashboardSummary | undefined }) {
  const { t } = useTranslation('dashboard');
  const days = data?.OnlineRate7d;
  const option = useMemo(
    () =>
      onlineRateOption(days ?? [], {
        day: (d) => d.slice(5),
        rate: t('rate'),
        tip: (d) => t('rateTip', { rate: d.Rate, online: d.Online, total: d.Total }),
      }),
    [days, t],
  );
  if (!days?.some((d) => d.Total > 0))
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noDevices')} />;
  return <Chart testId="dash-online-rate-chart" height={240} option={option} />;
}

function RecentDevices({ rows }: { rows: RecentDevice[] }) {
  const { t } = useTranslation('dashboard');
  return (
    <Table<RecentDevice>
      size="small"
      rowKey="DeviceID"
      pagination={false}
      tableLayout="fixed"
      dataSource={rows}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noDevices')} /> }}
      columns={[
        { key: 'DeviceID', dataIndex: 'DeviceID', title: t('deviceId'), width: 148, ellipsis: true },
        { key: 'DeviceName', dataIndex: 'DeviceName', title: t('deviceName'), ellipsis: true },
        { key: 'HoldName', dataIndex: 'HoldName', title: t('holdName'), ellipsis: true },
        { key: 'CreateTime', dataIndex: 'CreateTime', title: t('createTime'), width: 160, ellipsis: true },
      ]}
    />
  );
}
