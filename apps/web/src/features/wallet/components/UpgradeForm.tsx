import { VIP_RULES, type VipEffective } from '@lodestar/domain';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Form,
  InputNumber,
  Popconfirm,
  Radio,
  Segmented,
  Space,
  Table,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getVipQuote, useUpgradeVip, type VipDeviceRow } from '../api/vip.ts';

type Mode = 'months' | 'date';
const YEARS = [1, 2, 3, 4, 5];

/** The period and when it takes effect, the server's quote per device, then the upgrade once confirmed. */
export function UpgradeForm({ devices, onDone }: { devices: VipDeviceRow[]; onDone: () => void }) {
  const { t } = useTranslation('wallet');
  const { message } = App.useApp();
  const [mode, setMode] = useState<Mode>('months');
  const [months, setMonths] = useState<number | null>(12);
  const [toDate, setToDate] = useState<Dayjs | null>(null);
  const [effective, setEffective] = useState<VipEffective>('now');
  const upgrade = useUpgradeVip();
  const onApproval = effective === 'approval';

  const period =
    mode === 'months' ? (months ? { Months: months } : null) : toDate ? { ToDate: toDate.format('YYYY-MM-DD') } : null;
  const body = period ? { DeviceIDs: devices.map((d) => d.DeviceID), Effective: effective, ...period } : null;
  const quote = useQuery({
    queryKey: ['vip', 'quote', body],
    queryFn: () => getVipQuote(body!),
    enabled: body !== null && devices.length > 0,
    retry: false,
  });
  const q = quote.data;
  const short = q ? q.TotalVPoint > q.Balance : false;

  const submit = async () => {
    if (!body) return;
    try {
      const done = await upgrade.mutateAsync(body);
      message.success(
        done.WorkIDs.length
          ? t('upgrade.doneOnApproval', { id: done.UpgradeID, work: done.WorkIDs.join(', '), balance: done.VPoint })
          : t('upgrade.done', { id: done.UpgradeID, balance: done.VPoint }),
      );
      onDone();
    } catch {
      // the api client showed the server's message (not enough VPoints, a period out of range)
    }
  };

  return (
    <Card size="small" title={t('upgrade.title')}>
      <Form layout="vertical" className="wallet-form">
        <Form.Item label={t('upgrade.period')}>
          <Segmented<Mode>
            value={mode}
            onChange={setMode}
            options={[
              { value: 'months', label: t('upgrade.byMonths') },
              { value: 'date', label: t('upgrade.toDate') },
            ]}
          />
        </Form.Item>
        {mode === 'months' ? (
          <Form.Item label={t('upgrade.months')} extra={t('upgrade.monthsHint', { max: VIP_RULES.maxMonths })}>
            <Space wrap>
              <InputNumber
                min={VIP_RULES.minMonths}
                max={VIP_RULES.maxMonths}
                precision={0}
                value={months}
                onChange={setMonths}
                data-testid="upgrade-months"
              />
              {YEARS.map((y) => (
                <Button
                  key={y}
                  size="small"
                  onClick={() => setMonths(y * 12)}
                  type={months === y * 12 ? 'primary' : 'default'}
                >
                  {t('upgrade.years', { count: y })}
                </Button>
              ))}
            </Space>
          </Form.Item>
        ) : (
          <Form.Item label={t('upgrade.date')} extra={t('upgrade.dateHint')}>
            <DatePicker value={toDate} onChange={setToDate} data-testid="upgrade-date" />
          </Form.Item>
        )}
        <Form.Item label={t('upgrade.effective')}>
          <Radio.Group value={effective} onChange={(e) => setEffective(e.target.value as VipEffective)}>
            <Radio value="now">{t('effective.now')}</Radio>
            <Radio value="plus3">{t('effective.plus3')}</Radio>
            <Radio value="approval" data-testid="effective-approval">
              {t('effective.approval')}
            </Radio>
          </Radio.Group>
        </Form.Item>
        {onApproval ? (
          <Alert
            className="wallet-approval-note"
            type="info"
            showIcon
            title={t('effective.approvalHint')}
            data-testid="approval-note"
          />
        ) : null}
      </Form>
      {devices.length === 0 ? <Alert type="info" showIcon title={t('upgrade.chooseDevices')} /> : null}
      {quote.isError ? <Alert type="error" showIcon title={(quote.error as Error).message} /> : null}
      {q && devices.length > 0 ? (
        <>
          <Table
            size="small"
            rowKey="DeviceID"
            pagination={q.Items.length > 8 ? { pageSize: 8, size: 'small' } : false}
            dataSource={q.Items}
            scroll={{ x: 520 }}
            data-testid="upgrade-quote"
            columns={[
              {
                key: 'DeviceID',
                dataIndex: 'DeviceID',
                title: t('col.deviceId'),
                className: 'wallet-mono',
                width: 150,
              },
              {
                key: 'PricePerYear',
                dataIndex: 'PricePerYear',
                title: t('col.pricePerYear'),
                align: 'right',
                width: 90,
              },
              {
                key: 'ExpiresOn',
                dataIndex: 'ExpiresOn',
                title: t('col.vipExpiry'),
                width: 110,
                render: (v: string | null) => v ?? '—',
              },
              {
                key: 'NewExpiresOn',
                dataIndex: 'NewExpiresOn',
                title: t(onApproval ? 'col.newExpiryIfApproved' : 'col.newExpiry'),
                width: 110,
              },
              { key: 'VPoint', dataIndex: 'VPoint', title: 'VPoint', align: 'right', width: 80 },
            ]}
          />
          <Space wrap style={{ marginTop: 12 }}>
            <span className="wallet-total" data-testid="upgrade-total">
              {t('upgrade.total', { total: q.TotalVPoint })}
            </span>
            <span className={short ? 'wallet-minus' : 'wallet-muted'}>
              {t('upgrade.balance', { balance: q.Balance })}
            </span>
          </Space>
          {short ? <Alert style={{ marginTop: 8 }} type="warning" showIcon title={t('upgrade.short')} /> : null}
          <div style={{ marginTop: 12 }}>
            <Popconfirm
              title={t('upgrade.confirmTitle')}
              description={t(onApproval ? 'upgrade.confirmOnApproval' : 'upgrade.confirm', {
                count: q.Items.length,
                total: q.TotalVPoint,
              })}
              okText={t('upgrade.submit')}
              cancelText={t('upgrade.cancel')}
              onConfirm={submit}
            >
              <Button type="primary" disabled={short} loading={upgrade.isPending} data-testid="upgrade-submit">
                {t('upgrade.submit')}
              </Button>
            </Popconfirm>
          </div>
        </>
      ) : null}
    </Card>
  );
}
