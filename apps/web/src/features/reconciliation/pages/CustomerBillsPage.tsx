import { CalculatorOutlined } from '@ant-design/icons';
import type { CustomerBill } from '@lodestar/contract/reconciliation';
import { App, Button, Popconfirm, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { ExportButton } from '../../../components/table/ExportButton.tsx';
import { type PagedColumn, PagedTable } from '../../../components/table/PagedTable.tsx';
import { useServerList } from '../../../components/table/use-server-list.ts';
import { useUserTimeZone } from '../../../lib/user-time.ts';
import { useSession } from '../../../store/session.ts';
import { HoldTreeSelect } from '../../holds/components/HoldTreeSelect.tsx';
import {
  type BillTotals,
  billRoot,
  exportCustomerBills,
  getCustomerBills,
  useGenerateBills,
  useSetBillPaid,
} from '../api/bill-calls.ts';
import { BillLinesDrawer } from '../components/BillLinesDrawer.tsx';
import { defaultMonth, MonthPicker } from '../components/MonthPicker.tsx';
import { yuan } from '../components/money.tsx';
import '../reconciliation.css';

/** reconciliation/bill (fn 22): the customers' bills of a month, made on demand, marked paid. */
export default function CustomerBillsPage() {
  const { t } = useTranslation('reconciliation');
  const { message, modal } = App.useApp();
  const timeZone = useUserTimeZone();
  const [month, setMonth] = useState(() => defaultMonth(timeZone));
  const [holdId, setHoldId] = useState<number | undefined>();
  const [state, setState] = useState(-1);
  const [open, setOpen] = useState<CustomerBill | null>(null);
  const ownHold = useSession((s) => s.currentHoldId);
  const filters = { Month: month, HoldID: holdId, State: state };
  const list = useServerList([...billRoot, 'list'], getCustomerBills, filters);
  const generate = useGenerateBills();
  const setPaid = useSetBillPaid();

  const askGenerate = () =>
    modal.confirm({
      title: t('bill.generateTitle', { month }),
      content: t('bill.generateContent'),
      okText: t('bill.generate'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        try {
          // The caller's own hold is never billed: choosing it means every customer below.
          const r = await generate.mutateAsync({ Month: month, HoldID: holdId === ownHold ? undefined : holdId });
          void message.success(t('bill.generated', { count: r.Count }));
        } catch {
          // the api client has shown why
        }
      },
    });

  const money = (key: keyof BillTotals & keyof CustomerBill, title: string): PagedColumn<CustomerBill, BillTotals> => ({
    key,
    title,
    align: 'right',
    width: 100,
    render: (_, r) => yuan(r[key] as number),
    total: (x) => yuan(x[key]),
  });
  const count = (key: keyof BillTotals & keyof CustomerBill, title: string): PagedColumn<CustomerBill, BillTotals> => ({
    key,
    title,
    dataIndex: key,
    align: 'right',
    width: 90,
    total: (x) => x[key],
  });

  // What is owed first (total, paid, due, state); the breakdown follows.
  const columns: PagedColumn<CustomerBill, BillTotals>[] = [
    { key: 'HoldName', dataIndex: 'HoldName', title: t('col.customer'), width: 150, fixed: 'left' },
    { key: 'Month', dataIndex: 'Month', title: t('month'), width: 84 },
    money('TotalFen', t('col.total')),
    money('PaidFen', t('col.paidFen')),
    money('DueFen', t('col.dueFen')),
    {
      key: 'State',
      title: t('col.state'),
      width: 90,
      render: (_, r) => (
        <Tag color={r.State === 1 ? 'green' : 'orange'} title={r.PaidTime || undefined}>
          {r.StateText}
        </Tag>
      ),
    },
    count('SimCount', t('card.simCount')),
    count('RenewalCount', t('col.renewals')),
    money('RenewalFen', t('col.renewalFen')),
    money('SmsPackFen', t('col.smsPackFen')),
    count('SmsSent', t('col.smsSent')),
    { key: 'PaidTime', dataIndex: 'PaidTime', title: t('col.paidTime'), width: 160 },
    {
      key: 'actions',
      title: t('col.actions'),
      width: 180,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpen(r)}>
            {t('details')}
          </Button>
          <Popconfirm
            title={t('bill.payTitle')}
            description={t('bill.payContent', { hold: r.HoldName, month: r.Month, amount: yuan(r.DueFen) })}
            okText={t('bill.markPaid')}
            cancelText={t('common:cancel')}
            disabled={r.PaidTime !== ''}
            onConfirm={async () => {
              try {
                await setPaid.mutateAsync(r.BillID);
                void message.success(t('bill.paidDone'));
              } catch {
                // the api client has shown why
              }
            }}
          >
            <Button type="link" size="small" disabled={r.PaidTime !== ''}>
              {t('bill.markPaid')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <PageLayout title={t('menu:simCustomerReconciliation')}>
      <div className="recon-toolbar">
        <MonthPicker value={month} onChange={(m) => m && setMonth(m)} aria-label={t('month')} />
        <HoldTreeSelect
          value={holdId}
          onChange={setHoldId}
          placeholder={t('bill.allCustomers')}
          style={{ width: 220 }}
        />
        <Select
          style={{ width: 140 }}
          value={state}
          onChange={setState}
          aria-label={t('col.state')}
          options={[
            { value: -1, label: t('state.all') },
            { value: 0, label: t('billState.0') },
            { value: 1, label: t('billState.1') },
          ]}
        />
        <Button type="primary" icon={<CalculatorOutlined />} loading={generate.isPending} onClick={askGenerate}>
          {t('bill.generate')}
        </Button>
        <div style={{ flex: 1 }} />
        <ExportButton exportFile={() => exportCustomerBills(filters)} />
      </div>
      <PagedTable
        id="recon-bills"
        size="small"
        data-testid="bills-table"
        list={list}
        columns={columns}
        rowKey={(r) => r.BillID}
      />
      <BillLinesDrawer bill={open} onClose={() => setOpen(null)} />
    </PageLayout>
  );
}
