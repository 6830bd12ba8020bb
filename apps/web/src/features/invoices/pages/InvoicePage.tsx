import { formatFen, type InvoiceStatus } from '@lodestar/domain';
import { App, Button, Select, Space, Table, Tag, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { downloadInvoice, type InvoiceRow, useInvoiceList } from '../api/invoices.ts';
import { IssueInvoiceDialog } from '../components/IssueInvoiceDialog.tsx';
import { RequestInvoiceDialog } from '../components/RequestInvoiceDialog.tsx';

type Sort = { SortColumn?: 'CreateTime' | 'AmountFen' | 'Status' | 'IssueTime'; SortType?: 'asc' | 'desc' };

/** /vip/invoice (function 85): one's requests, and the requests of the units below to issue. */
export default function InvoicePage() {
  const { t } = useTranslation('invoices');
  const { message } = App.useApp();
  const [page, setPage] = useState({ PageIndex: 1, PageSize: 20 });
  // The bell's invoice notices link here with ?Status=requested or issued.
  const linked = useSearchParams()[0].get('Status');
  const fromLink = linked === 'requested' || linked === 'issued' ? linked : undefined;
  const [status, setStatus] = useState<InvoiceStatus | undefined>(fromLink);
  useEffect(() => {
    setStatus(fromLink);
    setPage((p) => ({ ...p, PageIndex: 1 }));
  }, [fromLink]);
  const [sort, setSort] = useState<Sort>({});
  const [requesting, setRequesting] = useState(false);
  const [issuing, setIssuing] = useState<InvoiceRow | null>(null);
  const list = useInvoiceList({ ...page, ...sort, Status: status });

  return (
    <PageLayout
      title={t('pageTitle')}
      extra={
        <Button type="primary" onClick={() => setRequesting(true)} data-testid="invoice-request">
          {t('request')}
        </Button>
      }
    >
      <Space className="invoice-filters">
        <Select
          allowClear
          placeholder={t('status')}
          style={{ width: 160 }}
          value={status}
          onChange={(v?: InvoiceStatus) => {
            setStatus(v);
            setPage((p) => ({ ...p, PageIndex: 1 }));
          }}
          options={(['requested', 'issued'] as const).map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
        />
      </Space>
      <Table<InvoiceRow>
        rowKey="InvoiceID"
        data-testid="invoice-list"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        scroll={{ x: 906 }}
        pagination={{
          current: page.PageIndex,
          pageSize: page.PageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (PageIndex, PageSize) => setPage({ PageIndex, PageSize }),
        }}
        onChange={(_p, _f, sorter) => {
          const s = sorter as SorterResult<InvoiceRow>;
          setSort(
            s.order
              ? { SortColumn: s.columnKey as Sort['SortColumn'], SortType: s.order === 'ascend' ? 'asc' : 'desc' }
              : {},
          );
        }}
        columns={[
          // Sized to fit beside the unit panel and the menu at 1440 px: the type rides under the title and the order
          // count under the amount, so nothing but the pinned actions needs the horizontal scroll.
          { title: t('createTime'), dataIndex: 'CreateTime', key: 'CreateTime', width: 160, sorter: true },
          {
            title: t('status'),
            dataIndex: 'Status',
            key: 'Status',
            width: 96,
            sorter: true,
            render: (v: InvoiceStatus) => <Tag color={v === 'issued' ? 'green' : 'gold'}>{t(`statuses.${v}`)}</Tag>,
          },
          { title: t('unit'), dataIndex: 'HoldName', width: 120, ellipsis: true },
          {
            title: t('title'),
            dataIndex: 'Title',
            width: 170,
            render: (v: string, row) => (
              <>
                <Typography.Text ellipsis={{ tooltip: v }} style={{ display: 'block' }}>
                  {v}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t(`types.${row.Type}`)}
                </Typography.Text>
              </>
            ),
          },
          {
            title: t('amount'),
            dataIndex: 'AmountFen',
            key: 'AmountFen',
            width: 110,
            align: 'right',
            sorter: true,
            render: (v: number, row) => (
              <>
                <div>{formatFen(v)}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('orderCount', { count: row.OrderNos.length })}
                </Typography.Text>
              </>
            ),
          },
          {
            title: t('invoiceNo'),
            dataIndex: 'InvoiceNo',
            width: 140,
            ellipsis: true,
            render: (v: string | null) => v ?? '—',
          },
          {
            title: t('actions'),
            key: 'actions',
            fixed: 'right',
            width: 110,
            render: (_: unknown, row) => (
              <Space size={4}>
                {row.MayIssue ? (
                  <Button size="small" type="link" onClick={() => setIssuing(row)} data-testid="invoice-issue">
                    {t('issue')}
                  </Button>
                ) : null}
                {row.HasFile ? (
                  <Button
                    size="small"
                    type="link"
                    data-testid="invoice-download"
                    onClick={() =>
                      void downloadInvoice(row).catch((e: unknown) =>
                        message.error(e instanceof Error ? e.message : String(e)),
                      )
                    }
                  >
                    {t('download')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <RequestInvoiceDialog open={requesting} onClose={() => setRequesting(false)} />
      <IssueInvoiceDialog invoice={issuing} onClose={() => setIssuing(null)} />
    </PageLayout>
  );
}
