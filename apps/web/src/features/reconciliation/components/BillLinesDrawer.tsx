import type { BillLine, CustomerBill } from '@lodestar/contract/reconciliation';
import { Drawer, Segmented, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/table/ExportButton.tsx';
import { type PagedColumn, PagedTable } from '../../../components/table/PagedTable.tsx';
import { useServerList } from '../../../components/table/use-server-list.ts';
import { billRoot, exportBillLines, getBillLines, type LineTotals } from '../api/bill-calls.ts';
import { yuan } from './money.tsx';

/** One customer bill's lines, by kind, with totals and an export. */
export function BillLinesDrawer({ bill, onClose }: { bill: CustomerBill | null; onClose: () => void }) {
  const { t } = useTranslation('reconciliation');
  const [kind, setKind] = useState(0);
  const filters = { BillID: bill?.BillID ?? 0, Kind: kind };
  const list = useServerList([...billRoot, 'lines'], getBillLines, filters, { enabled: bill !== null });
  const columns: PagedColumn<BillLine, LineTotals>[] = [
    { key: 'KindText', dataIndex: 'KindText', title: t('col.kind'), width: 110 },
    { key: 'ICCID', dataIndex: 'ICCID', title: 'ICCID', width: 210 },
    { key: 'MSISDN', dataIndex: 'MSISDN', title: t('col.msisdn'), width: 130 },
    { key: 'Description', dataIndex: 'Description', title: t('col.description'), width: 160 },
    {
      key: 'AmountFen',
      title: t('col.amount'),
      align: 'right',
      width: 110,
      render: (_, r) => yuan(r.AmountFen),
      total: (x) => yuan(x.AmountFen),
    },
    {
      key: 'Paid',
      title: t('col.paid'),
      width: 110,
      render: (_, r) => (r.Paid ? <Tag color="green">{t('paidOnline')}</Tag> : <Tag>{t('due')}</Tag>),
      total: (x) => t('dueTotal', { amount: yuan(x.DueFen) }),
    },
    { key: 'Ref', dataIndex: 'Ref', title: t('col.ref'), width: 160 },
    { key: 'OccurredTime', dataIndex: 'OccurredTime', title: t('col.time'), width: 170 },
  ];
  return (
    <Drawer
      open={bill !== null}
      onClose={onClose}
      size={960}
      title={bill ? t('bill.drawerTitle', { hold: bill.HoldName, month: bill.Month }) : ''}
      destroyOnHidden
    >
      <div className="recon-toolbar">
        <Segmented
          data-testid="line-kind"
          value={kind}
          onChange={(v) => setKind(Number(v))}
          options={[0, 1, 2, 3].map((k) => ({ value: k, label: t(`lineKind.${k}`) }))}
        />
        <div style={{ flex: 1 }} />
        <ExportButton disabled={!bill} exportFile={() => exportBillLines(filters)} />
      </div>
      <PagedTable
        id="recon-bill-lines"
        size="small"
        data-testid="bill-lines"
        list={list}
        columns={columns}
        rowKey={(r) => `${r.Kind}-${r.ICCID}-${r.Ref}-${r.OccurredTime}`}
      />
    </Drawer>
  );
}
