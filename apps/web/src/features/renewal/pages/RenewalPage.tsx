import '../renewal.css';
import { SyncOutlined } from '@ant-design/icons';
import type { OrderView } from '@lodestar/contract/payments';
import type {
  RenewalDisplayState,
  RenewalFilters,
  RenewalSimRow,
  RenewalSimSortColumn,
} from '@lodestar/contract/renewal';
import { Fn, formatFen, PAYMENT_RULES } from '@lodestar/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Select, Tabs, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { ExportButton } from '../../../components/table/ExportButton.tsx';
import { FilterForm } from '../../../components/table/FilterForm.tsx';
import { type PagedColumn, PagedTable } from '../../../components/table/PagedTable.tsx';
import { useServerList } from '../../../components/table/use-server-list.ts';
import { useFunctionSet } from '../../../store/session.ts';
import { HoldTreeSelect } from '../../holds/components/HoldTreeSelect.tsx';
import { payOrderListRoot } from '../../payments/api/payments.ts';
import { PaymentDialog } from '../../payments/components/PaymentDialog.tsx';
import { getRenewalSimList, renewalListRoot, useExportRenewalSimList } from '../api/renewal.ts';
import { RenewalDialog } from '../components/RenewalDialog.tsx';
import { RenewalOrders } from '../components/RenewalOrders.tsx';

const STATES: RenewalDisplayState[] = ['', 'expiring', 'expired'];

function initialFilters(search: URLSearchParams): RenewalFilters {
  const ds = search.get('DisplayState') ?? '';
  return {
    DisplayState: (STATES as string[]).includes(ds) ? (ds as RenewalDisplayState) : '',
    ICCID: search.get('ICCID') ?? '',
    MSISDN: '',
  };
}

/** /recharge (vipRecharge, fn 4): expiring and expired SIMs, renewed and paid online. */
export default function RenewalPage() {
  const { t } = useTranslation('renewal');
  const { message } = App.useApp();
  const funs = useFunctionSet();
  const qc = useQueryClient();
  const [search] = useSearchParams();
  const [initial] = useState(() => initialFilters(search));
  const [filters, setFilters] = useState<RenewalFilters>(initial);
  const [selected, setSelected] = useState<RenewalSimRow[]>([]);
  const [renewing, setRenewing] = useState(false);
  const [order, setOrder] = useState<OrderView | null>(null);
  const [tab, setTab] = useState('sims');
  const exportList = useExportRenewalSimList();
  const list = useServerList(renewalListRoot, getRenewalSimList, filters, { sortColumn: 'ExpiresOn', sortType: 'asc' });

  const onPaid = useCallback(
    (paid: OrderView) => {
      void message.success(t('pay.paidMessage', { orderNo: paid.OrderNo, amount: formatFen(paid.AmountFen) }));
      setSelected([]);
      void qc.invalidateQueries({ queryKey: renewalListRoot });
      void qc.invalidateQueries({ queryKey: payOrderListRoot });
    },
    [message, t, qc],
  );

  const columns: PagedColumn<RenewalSimRow, unknown, RenewalSimSortColumn>[] = [
    { key: 'ICCID', dataIndex: 'ICCID', title: 'ICCID', width: 190, sortable: true, className: 'renewal-mono' },
    { key: 'MSISDN', dataIndex: 'MSISDN', title: t('field.msisdn'), width: 150, className: 'renewal-mono' },
    { key: 'ExpiresOn', dataIndex: 'ExpiresOn', title: t('field.expiresOn'), width: 120, sortable: true },
    {
      key: 'DisplayState',
      dataIndex: 'DisplayState',
      title: t('field.state'),
      width: 110,
      render: (s: string) => <Tag color={s === 'expired' ? 'red' : 'orange'}>{t(`state.${s}`)}</Tag>,
    },
    { key: 'HoldName', dataIndex: 'HoldName', title: t('field.hold'), width: 130, sortable: true },
    { key: 'OperatorName', dataIndex: 'OperatorName', title: t('field.carrier'), width: 100 },
    {
      key: 'PackageName',
      dataIndex: 'PackageName',
      title: t('field.package'),
      width: 200,
      render: (_v, r) =>
        r.PackageID ? (
          <span>
            {r.PackageName}
            <br />
            <span className="renewal-terms">
              {t('renew.packageTerms', { months: r.PeriodMonths, price: formatFen(r.PriceFen ?? 0) })}
            </span>
          </span>
        ) : (
          <Tag>{t('list.noPackage')}</Tag>
        ),
    },
    {
      key: 'PendingOrderNo',
      dataIndex: 'PendingOrderNo',
      title: t('field.pendingOrder'),
      width: 200,
      render: (v: string) =>
        v ? (
          <Tag color="processing" className="renewal-mono">
            {v}
          </Tag>
        ) : (
          '—'
        ),
    },
  ];

  const simsTab = (
    <Card>
      <PagedTable<RenewalSimRow, unknown, RenewalSimSortColumn>
        id="renewal-sims"
        list={list}
        rowKey="SimID"
        columns={columns}
        toolbar={
          <FilterForm<RenewalFilters> initialValues={initial} onSearch={setFilters} name="renewal">
            <Form.Item name="DisplayState" label={t('field.state')}>
              <Select
                style={{ width: 190 }}
                popupMatchSelectWidth={false}
                data-testid="renewal-filter-state"
                options={STATES.map((s) => ({ value: s, label: t(`state.${s || 'both'}`) }))}
              />
            </Form.Item>
            <Form.Item name="ICCID" label="ICCID">
              <Input allowClear maxLength={20} style={{ width: 190 }} />
            </Form.Item>
            <Form.Item name="MSISDN" label={t('field.msisdn')}>
              <Input allowClear maxLength={20} style={{ width: 150 }} />
            </Form.Item>
            <Form.Item name="HoldID" label={t('field.hold')}>
              <HoldTreeSelect placeholder={t('list.allHolds')} style={{ width: 190 }} />
            </Form.Item>
          </FilterForm>
        }
        extra={
          <div className="renewal-selection">
            {selected.length > 0 ? (
              <span data-testid="renewal-selected">
                {t('list.selected', { count: selected.length })}{' '}
                <Button type="link" size="small" onClick={() => setSelected([])}>
                  {t('list.clear')}
                </Button>
              </span>
            ) : null}
            {funs.has(Fn.export) ? <ExportButton exportFile={() => exportList.mutateAsync(filters)} /> : null}
            <Button
              type="primary"
              icon={<SyncOutlined />}
              disabled={selected.length === 0}
              onClick={() => setRenewing(true)}
              data-testid="renewal-open"
            >
              {selected.length ? t('list.renewSelected', { count: selected.length }) : t('list.renewNone')}
            </Button>
          </div>
        }
        rowSelection={{
          fixed: true,
          selectedRowKeys: selected.map((r) => r.SimID),
          preserveSelectedRowKeys: true,
          onChange: (_keys, rows) => {
            const picked = rows.filter(Boolean);
            if (picked.length > PAYMENT_RULES.renewalMaxSims)
              void message.warning(t('list.max', { max: PAYMENT_RULES.renewalMaxSims }));
            setSelected(picked.slice(0, PAYMENT_RULES.renewalMaxSims));
          },
          getCheckboxProps: (row) => ({ disabled: Boolean(row.PendingOrderNo) }),
        }}
      />
    </Card>
  );

  return (
    <PageLayout title={t('menu:simRecharge')}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'sims', label: t('tabs.sims'), children: simsTab },
          {
            key: 'orders',
            label: t('tabs.orders'),
            children: (
              <Card>
                <RenewalOrders onOpen={setOrder} />
              </Card>
            ),
          },
        ]}
      />
      <RenewalDialog
        open={renewing}
        sims={selected}
        onClose={() => setRenewing(false)}
        onOrder={(o) => {
          setRenewing(false);
          setOrder(o);
        }}
      />
      <PaymentDialog
        order={order}
        onClose={() => {
          // Whatever became of the order (paid, pending, failed, closed), the list shows it now.
          setOrder(null);
          setSelected([]);
          void qc.invalidateQueries({ queryKey: renewalListRoot });
        }}
        onPaid={onPaid}
      />
    </PageLayout>
  );
}
