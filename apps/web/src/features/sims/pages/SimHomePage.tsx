import '../sims.css';
import {
  AlertOutlined,
  ClockCircleOutlined,
  CreditCardOutlined,
  FieldTimeOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Fn, SIM_STATES } from '@lodestar/domain';
import { Alert, Button, Card, Col, Row, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { useFunctionSet } from '../../../store/session.ts';
import { useHomeStats } from '../api/get-home-stats.ts';
import { BarList } from '../components/BarList.tsx';
import { STATE_COLOURS } from '../components/SimTags.tsx';

const SIM_LIST = '/manage/sim';

interface StatCardProps {
  id: string;
  title: string;
  value: number | undefined;
  icon: ReactNode;
  tone: string;
  to: string | undefined;
  loading: boolean;
}

function StatCard({ id, title, value, icon, tone, to, loading }: StatCardProps) {
  const { t } = useTranslation('sims');
  return (
    <Card className={`sim-stat sim-stat-${tone}`} data-testid={`sim-stat-${id}`} loading={loading}>
      <Statistic title={title} value={value ?? 0} prefix={icon} />
      {to ? (
        <Link className="sim-stat-link" to={to}>
          {t('home.view')}
        </Link>
      ) : null}
    </Card>
  );
}

/** SIM home (fn 1): stock counts by state and carrier, cards needing attention, orders under review. */
export default function SimHomePage() {
  const { t } = useTranslation('sims');
  const funs = useFunctionSet();
  const { data, isLoading, isError, refetch, isFetching } = useHomeStats();
  // Links open the SIM business list, which needs its own function id.
  const list = (query: string) => (funs.has(Fn.simBusiness) ? `${SIM_LIST}?${query}` : undefined);
  const byState = new Map((data?.ByState ?? []).map((s) => [s.State, s.Count]));

  return (
    <PageLayout
      title={t('menu:simHome')}
      extra={
        <Button onClick={() => void refetch()} loading={isFetching && !isLoading}>
          {t('refresh')}
        </Button>
      }
    >
      {isError ? <Alert type="error" showIcon title={t('home.failed')} className="sim-block" /> : null}
      <div className="sim-stats sim-block">
        <StatCard
          id="total"
          title={t('home.total')}
          value={data?.Total}
          icon={<CreditCardOutlined />}
          tone="total"
          to={list('')}
          loading={isLoading}
        />
        <StatCard
          id="expiring"
          title={t('display.expiring')}
          value={data?.Expiring}
          icon={<ClockCircleOutlined />}
          tone="expiring"
          to={list('DisplayState=expiring')}
          loading={isLoading}
        />
        <StatCard
          id="expired"
          title={t('display.expired')}
          value={data?.Expired}
          icon={<AlertOutlined />}
          tone="expired"
          to={list('DisplayState=expired')}
          loading={isLoading}
        />
        <StatCard
          id="lowBalance"
          title={t('display.lowBalance')}
          value={data?.LowBalance}
          icon={<WalletOutlined />}
          tone="low"
          to={list('DisplayState=lowBalance')}
          loading={isLoading}
        />
        <StatCard
          id="pending"
          title={t('home.pendingWork')}
          value={data?.PendingWork}
          icon={<FieldTimeOutlined />}
          tone="pending"
          to={undefined}
          loading={isLoading}
        />
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('home.byState')} loading={isLoading} data-testid="sim-by-state">
            <BarList
              items={SIM_STATES.map((s) => ({
                key: String(s),
                label: t(`state.${s}`),
                count: byState.get(s) ?? 0,
                colour: STATE_COLOURS[s],
                to: list(`State=${s}`),
              }))}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('home.byOperator')} loading={isLoading} data-testid="sim-by-operator">
            <BarList
              items={(data?.ByOperator ?? []).map((o) => ({
                key: String(o.OperatorID),
                label: o.OperatorName,
                count: o.Count,
                colour: 'blue',
                to: list(`OperatorID=${o.OperatorID}`),
              }))}
            />
          </Card>
        </Col>
      </Row>
    </PageLayout>
  );
}
