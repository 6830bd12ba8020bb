import '../renewal.css';
import type { OrderView } from '@lodestar/contract/payments';
import type { QuoteItem, RenewalSimRow } from '@lodestar/contract/renewal';
import { formatFen, PAYMENT_RULES, PayMethod } from '@lodestar/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Modal, Radio, Segmented, Select, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePackageSelect } from '../../catalogue/api/selects.ts';
import { PayMethodLabel } from '../../payments/components/PayMethodLabel.tsx';
import { getQuote, useCreateRenewalOrder } from '../api/renewal.ts';

type PackageMode = 'own' | 'choose';

export interface RenewalDialogProps {
  open: boolean;
  sims: RenewalSimRow[];
  onClose: () => void;
  /** The order was created: the caller opens the payment dialog. */
  onOrder: (order: OrderView) => void;
}

const PERIODS = Array.from({ length: PAYMENT_RULES.renewalMaxPeriods }, (_, i) => i + 1);

/** Package, periods and pay method for the selected SIMs, the server's quote, then the order. */
export function RenewalDialog({ open, sims, onClose, onOrder }: RenewalDialogProps) {
  const { t } = useTranslation('renewal');
  const [mode, setMode] = useState<PackageMode>('own');
  const [packageId, setPackageId] = useState<number | undefined>();
  const [periods, setPeriods] = useState(1);
  const [method, setMethod] = useState<PayMethod>(PayMethod.Alipay);
  const create = useCreateRenewalOrder();

  const carriers = useMemo(() => [...new Set(sims.map((s) => s.OperatorID))], [sims]);
  const oneCarrier = carriers.length === 1 ? carriers[0] : undefined;
  const packages = usePackageSelect(oneCarrier, open && oneCarrier !== undefined);
  const carrierPackages = (packages.data ?? []).filter((p) => p.OperatorID === oneCarrier);
  const chosen = mode === 'choose' ? packageId : undefined;
  const needsPackage = mode === 'choose' && chosen === undefined;

  const body = { SimIDs: sims.map((s) => s.SimID), PackageID: chosen, Periods: periods };
  const quote = useQuery({
    queryKey: ['renewal', 'quote', body],
    queryFn: () => getQuote(body),
    enabled: open && sims.length > 0 && !needsPackage,
    retry: false,
  });

  const pay = async () => {
    try {
      const order = await create.mutateAsync({ ...body, Method: method });
      onOrder(order);
    } catch {
      // the api client showed the server's message (it names the SIM refused); the choices stay
    }
  };

  return (
    <Modal
      open={open}
      title={t('renew.title', { count: sims.length })}
      onCancel={onClose}
      width={860}
      destroyOnHidden
      data-testid="renewal-dialog"
      footer={
        <>
          <Button onClick={onClose}>{t('renew.cancel')}</Button>
          <Button
            type="primary"
            onClick={pay}
            loading={create.isPending}
            disabled={!quote.data || quote.isFetching || needsPackage}
            data-testid="renewal-pay"
          >
            {quote.data && !needsPackage
              ? t('renew.pay', { amount: formatFen(quote.data.TotalFen) })
              : t('renew.payNoAmount')}
          </Button>
        </>
      }
    >
      <Form layout="horizontal" labelCol={{ flex: '130px' }} className="renewal-dialog">
        <Form.Item label={t('renew.package')}>
          <Radio.Group
            value={mode}
            onChange={(e) => setMode(e.target.value as PackageMode)}
            data-testid="renewal-package-mode"
            options={[
              { value: 'own', label: t('renew.ownPackage') },
              { value: 'choose', label: t('renew.choosePackage'), disabled: oneCarrier === undefined },
            ]}
          />
          {oneCarrier === undefined ? (
            <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
              {t('renew.mixedCarriers')}
            </Typography.Paragraph>
          ) : null}
        </Form.Item>
        {mode === 'choose' ? (
          <Form.Item
            label={t('renew.newPackage')}
            required
            validateStatus={needsPackage ? 'error' : undefined}
            help={needsPackage ? t('renew.packageRequired') : undefined}
          >
            <Select
              value={packageId}
              onChange={setPackageId}
              loading={packages.isFetching}
              placeholder={t('renew.packagePlaceholder')}
              data-testid="renewal-package"
              style={{ maxWidth: 420 }}
              options={carrierPackages.map((p) => ({
                value: p.PackageID,
                label: `${p.PackageName} · ${t('renew.packageTerms', { months: p.PeriodMonths, price: formatFen(p.PriceFen) })}`,
              }))}
              notFoundContent={t('renew.noPackages')}
            />
          </Form.Item>
        ) : null}
        <Form.Item label={t('renew.periods')}>
          <Segmented<number>
            value={periods}
            onChange={setPeriods}
            options={PERIODS.map((p) => ({ value: p, label: t('renew.periodCount', { count: p }) }))}
            data-testid="renewal-periods"
          />
        </Form.Item>
        <Form.Item label={t('renew.method')}>
          <Radio.Group
            value={method}
            onChange={(e) => setMethod(e.target.value as PayMethod)}
            optionType="button"
            data-testid="renewal-method"
            options={[
              { value: PayMethod.Alipay, label: <PayMethodLabel method={PayMethod.Alipay} /> },
              { value: PayMethod.WechatPay, label: <PayMethodLabel method={PayMethod.WechatPay} /> },
            ]}
          />
        </Form.Item>
      </Form>
      {quote.error ? (
        <Alert type="error" showIcon title={t('renew.quoteRefused')} description={quote.error.message} />
      ) : (
        <Table<QuoteItem>
          size="small"
          rowKey="SimID"
          data-testid="renewal-quote"
          loading={{ spinning: quote.isFetching, description: t('common:loading') }}
          dataSource={needsPackage ? [] : (quote.data?.Items ?? [])}
          pagination={false}
          scroll={{ y: 260 }}
          locale={{ emptyText: needsPackage ? t('renew.packageRequired') : t('common:noData') }}
          columns={[
            { key: 'ICCID', dataIndex: 'ICCID', title: 'ICCID', width: 200, className: 'renewal-mono' },
            { key: 'PackageName', dataIndex: 'PackageName', title: t('field.package') },
            { key: 'Months', dataIndex: 'Months', title: t('field.months'), width: 80, align: 'right' },
            {
              key: 'FeeFen',
              dataIndex: 'FeeFen',
              title: t('field.fee'),
              width: 110,
              align: 'right',
              render: (v: number) => formatFen(v),
            },
            {
              key: 'ExpiresOn',
              dataIndex: 'ExpiresOn',
              title: t('field.expiresOn'),
              width: 110,
              render: (v: string | null) => v ?? '—',
            },
            { key: 'NewExpiresOn', dataIndex: 'NewExpiresOn', title: t('field.newExpiresOn'), width: 120 },
          ]}
          summary={() =>
            quote.data && !needsPackage ? (
              <Table.Summary fixed>
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={3}>
                    {t('renew.total', { count: quote.data.Items.length })}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    <span className="renewal-total" data-testid="renewal-total">
                      ¥ {formatFen(quote.data.TotalFen)}
                    </span>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} colSpan={2} />
                </Table.Summary.Row>
              </Table.Summary>
            ) : null
          }
        />
      )}
    </Modal>
  );
}
