import { AccountType } from '@lodestar/domain';
import { Alert, Card, Col, Descriptions, Row, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { useSession } from '../../../store/session.ts';
import { type SystemInfo, useSystemInfo } from '../api/system.ts';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];
function bytes(n: number): string {
  let v = n;
  let i = 0;
  while (v >= 1024 && i < UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(i ? 1 : 0)} ${UNITS[i]}`;
}

function uptimeParts(seconds: number) {
  return {
    d: Math.floor(seconds / 86400),
    h: Math.floor((seconds % 86400) / 3600),
    m: Math.floor((seconds % 3600) / 60),
  };
}

/** /system (function 33, super administrators): what this installation runs on, refreshed every 10 s. */
export default function SystemPage() {
  const { t, i18n } = useTranslation('geo');
  const superAdmin = useSession((s) => s.accountType === AccountType.SuperAdmin);
  const info = useSystemInfo(superAdmin);
  const n = (v: number) => v.toLocaleString(i18n.language);
  if (!superAdmin)
    return (
      <PageLayout title={t('system.title')}>
        <Alert type="warning" showIcon title={t('system.superOnly')} />
      </PageLayout>
    );
  const d: SystemInfo | undefined = info.data;
  return (
    <PageLayout
      title={t('system.title')}
      extra={<Typography.Text type="secondary">{t('system.refresh')}</Typography.Text>}
    >
      {!d ? (
        <Spin />
      ) : (
        <Row gutter={[16, 16]} data-testid="system-info">
          <Col xs={24} lg={12}>
            <Card title={t('system.server')} size="small">
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('system.version')}>
                  {d.Version}
                  {d.Build ? <Tag style={{ marginLeft: 8 }}>{d.Build}</Tag> : null}
                </Descriptions.Item>
                <Descriptions.Item label={t('system.node')}>{d.Node}</Descriptions.Item>
                <Descriptions.Item label={t('system.started')}>{d.StartTime}</Descriptions.Item>
                <Descriptions.Item label={t('system.uptime')}>
                  {t('system.uptimeValue', uptimeParts(d.UptimeSeconds))}
                </Descriptions.Item>
                <Descriptions.Item label={t('system.roles')}>{d.Roles.join(', ')}</Descriptions.Item>
                <Descriptions.Item label={t('system.dataDir')}>
                  <Typography.Text code>{d.Storage.DataDir}</Typography.Text>
                </Descriptions.Item>
                <Descriptions.Item label={t('system.storage')}>{bytes(d.Storage.UsedBytes)}</Descriptions.Item>
              </Descriptions>
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card title={t('system.database')} size="small">
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('system.engine')}>
                  {t(`system.engines.${d.Database.Engine}`)} · PostgreSQL {d.Database.Version}
                </Descriptions.Item>
                <Descriptions.Item label={t('system.size')}>{bytes(d.Database.SizeBytes)}</Descriptions.Item>
                <Descriptions.Item label={t('system.positions')}>≈ {n(d.Database.Positions)}</Descriptions.Item>
                <Descriptions.Item label={t('system.oldest')}>{d.Database.OldestPosition || '—'}</Descriptions.Item>
                <Descriptions.Item label={t('system.devices')}>{n(d.Database.Devices)}</Descriptions.Item>
                <Descriptions.Item label={t('system.ingestRate')}>
                  {n(d.Ingest.PositionsPerSecond)} /s
                </Descriptions.Item>
                <Descriptions.Item label={t('system.backlog')}>{n(d.Ingest.Backlog)}</Descriptions.Item>
              </Descriptions>
            </Card>
          </Col>
          <Col span={24}>
            <Card
              title={t('system.gateway')}
              size="small"
              extra={
                <Tag color={d.Gateway.Running ? 'green' : 'default'}>
                  {d.Gateway.Running ? t('system.running') : t('system.notHere')}
                </Tag>
              }
            >
              <Descriptions column={{ xs: 1, md: 2, xl: 4 }} size="small" style={{ marginBottom: 12 }}>
                <Descriptions.Item label={t('system.connections')}>{n(d.Gateway.Connections)}</Descriptions.Item>
                <Descriptions.Item label={t('system.unidentified')}>{n(d.Gateway.Unidentified)}</Descriptions.Item>
                <Descriptions.Item label={t('system.frames')}>{n(d.Gateway.FramesPerSecond)} /s</Descriptions.Item>
                <Descriptions.Item label={t('system.unknown')}>{n(d.Gateway.UnknownDevices)}</Descriptions.Item>
              </Descriptions>
              <Table
                size="small"
                rowKey="Protocol"
                pagination={false}
                dataSource={d.Gateway.Protocols}
                columns={[
                  { key: 'Protocol', dataIndex: 'Protocol', title: t('system.protocol') },
                  { key: 'Port', dataIndex: 'Port', title: t('system.port'), render: (v: number) => v || '—' },
                  { key: 'UdpPort', dataIndex: 'UdpPort', title: t('system.udpPort'), render: (v: number) => v || '—' },
                  { key: 'Connected', dataIndex: 'Connected', title: t('system.connected'), align: 'right' },
                  { key: 'Devices', dataIndex: 'Devices', title: t('system.registered'), align: 'right' },
                ]}
              />
            </Card>
          </Col>
        </Row>
      )}
    </PageLayout>
  );
}
