import { ArrowLeftOutlined } from '@ant-design/icons';
import type { DetailRow } from '@lodestar/contract/reconciliation';
import { RECON_MATCHES } from '@lodestar/domain';
import { Button, Empty, Input, Segmented, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { ExportButton } from '../../../components/table/ExportButton.tsx';
import { type PagedColumn, PagedTable } from '../../../components/table/PagedTable.tsx';
import { useServerList } from '../../../components/table/use-server-list.ts';
import {
  type DetailFilter,
  type DetailTotals,
  exportSupplierDetails,
  getSupplierDetails,
  reconRoot,
} from '../api/supplier-calls.ts';
import { Difference, yuan } from '../components/money.tsx';
import '../reconciliation.css';

const MATCH_COLOR: Record<number, string> = { 1: 'green', 2: 'orange', 3: 'purple', 4: 'red' };

/** reconciliation/details (fn 21): the lines of one supplier month, by match kind, with totals. */
export default function ReconciliationDetailsPage() {
  const { t } = useTranslation('reconciliation');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const reconciliationId = Number(params.get('ReconciliationID')) || 0;
  // A hand-edited link may carry any number: anything but a known match kind lists all.
  const matchParam = Number(params.get('Match'));
  const match = RECON_MATCHES.find((m) => m === matchParam) ?? 0;
  const [iccid, setIccid] = useState(params.get('ICCID') ?? '');
  const filters: DetailFilter = { ReconciliationID: reconciliationId, Match: match, ICCID: params.get('ICCID') ?? '' };
  const list = useServerList([...reconRoot, 'details'], getSupplierDetails, filters, { enabled: reconciliationId > 0 });

  const setParam = (key: string, value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const columns: PagedColumn<DetailRow, DetailTotals>[] = [
    { key: 'ICCID', dataIndex: 'ICCID', title: 'ICCID', width: 200 },
    { key: 'MSISDN', dataIndex: 'MSISDN', title: t('col.msisdn'), width: 120 },
    { key: 'PackageName', dataIndex: 'PackageName', title: t('col.package'), width: 140 },
    {
      key: 'ExpectedFen',
      title: t('col.expected'),
      align: 'right',
      width: 100,
      render: (_, r) => yuan(r.ExpectedFen),
      total: (x) => yuan(x.ExpectedFen),
    },
    {
      key: 'BilledFen',
      title: t('col.billed'),
      align: 'right',
      width: 100,
      render: (_, r) => yuan(r.BilledFen),
      total: (x) => yuan(x.BilledFen),
    },
    {
      key: 'DifferenceFen',
      title: t('col.difference'),
      align: 'right',
      width: 100,
      render: (_, r) => <Difference fen={r.DifferenceFen} />,
      total: (x) => <Difference fen={x.DifferenceFen} />,
    },
    {
      key: 'Match',
      title: t('col.match'),
      width: 130,
      render: (_, r) => <Tag color={MATCH_COLOR[r.Match]}>{r.MatchText}</Tag>,
    },
  ];

  return (
    <PageLayout
      title={t('menu:simReconciliationDetails')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
          {t('back')}
        </Button>
      }
    >
      {!reconciliationId ? (
        <Empty description={t('noReconciliation')} />
      ) : (
        <>
          <div className="recon-toolbar">
            <Segmented
              data-testid="match-filter"
              value={match}
              onChange={(v) => setParam('Match', v ? String(v) : '')}
              options={[
                { value: 0, label: t('match.0') },
                ...RECON_MATCHES.map((m) => ({ value: m, label: t(`match.${m}`) })),
              ]}
            />
            <Input.Search
              allowClear
              style={{ width: 260 }}
              placeholder={t('searchIccid')}
              value={iccid}
              onChange={(e) => setIccid(e.target.value)}
              onSearch={(v) => setParam('ICCID', v.trim())}
              aria-label="ICCID"
            />
            <div style={{ flex: 1 }} />
            <ExportButton exportFile={() => exportSupplierDetails(filters)} />
          </div>
          <PagedTable
            id="recon-details"
            size="small"
            data-testid="details-table"
            list={list}
            columns={columns}
            rowKey={(r) => `${r.ICCID}-${r.Match}`}
          />
        </>
      )}
    </PageLayout>
  );
}
