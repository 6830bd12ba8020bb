import '../report-centre.css';
import { Fn, REPORT_EXPORT_FORMATS, type ReportExportFormat, type ReportType } from '@lodestar/domain';
import { Alert, Empty, Select, Space, Spin, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { DOWNLOAD_CENTRE_PATH, ExportButton } from '../../../components/table/ExportButton.tsx';
import { type PagedColumn, PagedTable } from '../../../components/table/PagedTable.tsx';
import { useServerList } from '../../../components/table/use-server-list.ts';
import { useUserTimeZone } from '../../../lib/user-time.ts';
import { useFunctionSet, useSession } from '../../../store/session.ts';
import { eventLabel } from '../../events/event-types.ts';
import { exportReport } from '../api/export-report.ts';
import { type ReportTypeRow, useReportTypes } from '../api/get-report-types.ts';
import { type ReportExtras, type ReportRow, reportRoot, runReport } from '../api/run-report.ts';
import { ReportChart } from '../components/ReportChart.tsx';
import { initialForm, ReportFilters, type ReportForm, toQuery } from '../components/ReportFilters.tsx';
import { formatCell } from '../format.ts';

/** Columns whose cells are ids, and where the console's labels for them live (the files name them on the server). */
const ID_LABELS: Record<string, string> = {
  Note: 'report-centre:note',
  Command: 'commands:type',
  Status: 'commands:status',
  Via: 'report-centre:via',
};

const WIDTH: Record<string, number> = { time: 170, date: 110, text: 150, distance: 120, duration: 120 };

/** /report/<type> (fn 81): one page for every report type, its columns and choices from Report/GetReportTypes. */
export default function ReportCentrePage() {
  const { t, i18n } = useTranslation(['report-centre', 'events', 'commands']);
  const typeName = useLocation().pathname.split('/')[2] as ReportType;
  const types = useReportTypes(i18n.language);
  const type = types.data?.find((x) => x.Type === typeName);
  if (!type) {
    return (
      <PageLayout title={t('title')}>
        {types.isLoading ? <Spin /> : <Empty description={t('unknownType')} />}
      </PageLayout>
    );
  }
  return <ReportView key={type.Type} type={type} />;
}

function ReportView({ type }: { type: ReportTypeRow }) {
  const { t } = useTranslation(['report-centre', 'events', 'commands']);
  const timeZone = useUserTimeZone();
  const funs = useFunctionSet();
  const treeHoldId = useSession((s) => s.currentHoldId) ?? undefined;
  const [initial, setInitial] = useState<ReportForm>(() => initialForm(type, timeZone, treeHoldId));
  const [form, setForm] = useState(initial);
  const [format, setFormat] = useState<ReportExportFormat>('xlsx');
  const query = toQuery(type, form);
  const [sortKey, sortDir] = type.DefaultSort.split(' ');
  const list = useServerList<ReportRow, typeof query, ReportExtras, string>(reportRoot, runReport, query, {
    pageSize: 50,
    sortColumn: sortKey,
    sortType: sortDir as 'asc' | 'desc',
  });

  // A click in the shell's unit tree narrows the report to that unit.
  const seenHoldId = useRef(treeHoldId);
  useEffect(() => {
    if (treeHoldId === seenHoldId.current) return;
    seenHoldId.current = treeHoldId;
    setInitial((f) => ({ ...f, HoldID: treeHoldId }));
    setForm((f) => ({ ...f, HoldID: treeHoldId }));
  }, [treeHoldId]);

  const kindOf = Object.fromEntries(type.Columns.map((c) => [c.Key, c.Kind]));
  const columns: PagedColumn<ReportRow, ReportExtras, string>[] = type.Columns.map((c) => ({
    key: c.Key,
    dataIndex: c.Key,
    title: c.Title,
    width: WIDTH[c.Kind] ?? 110,
    sortable: true as const,
    ellipsis: true,
    align: c.Kind === 'text' || c.Kind === 'time' || c.Kind === 'date' ? undefined : ('right' as const),
    render: (v: string | number | null) =>
      typeof v === 'string' && v && c.Key === 'EventType'
        ? eventLabel(t, v)
        : typeof v === 'string' && v && ID_LABELS[c.Key]
          ? t(`${ID_LABELS[c.Key]}.${v}`, { defaultValue: v })
          : formatCell(c.Kind, v, t),
    ...(c.Total && { total: (x: ReportExtras) => <strong>{formatCell(c.Kind, x.sums[c.Key] ?? 0, t)}</strong> }),
  }));
  const extras = list.totals;
  const chartKey = type.Columns.find((c) => extras?.chart?.Series[0]?.Name === c.Title)?.Key;
  const distanceChart = chartKey !== undefined && kindOf[chartKey] === 'distance';

  return (
    <PageLayout
      title={
        <>
          {type.Name}
          {type.VipOnly ? <Tag color="gold">VIP</Tag> : null}
        </>
      }
    >
      <div className="report-centre" data-testid="report-centre" data-type={type.Type}>
        <ReportFilters
          key={initial.HoldID ?? 'all'}
          type={type}
          initial={initial}
          timeZone={timeZone}
          onSearch={setForm}
        />
        {extras?.fileId !== undefined ? (
          <Alert
            type="info"
            showIcon
            className="report-background"
            data-testid="report-background"
            title={t('background')}
            description={<Link to={DOWNLOAD_CENTRE_PATH}>{t('table:openDownloads')}</Link>}
          />
        ) : null}
        {type.Chart && extras?.chart && extras.chart.X.length > 0 ? (
          <ReportChart
            kind={type.Chart}
            data={extras.chart}
            scale={distanceChart ? 1000 : 1}
            unit={distanceChart ? 'km' : ''}
          />
        ) : null}
        <PagedTable<ReportRow, ReportExtras, string>
          id={`report.${type.Type}`}
          data-testid="report-table"
          list={list}
          rowKey={(r) => JSON.stringify(r)}
          pageSizeOptions={[20, 50, 100, 500]}
          extra={
            funs.has(Fn.export) ? (
              <Space.Compact data-testid="report-export">
                <Select<ReportExportFormat>
                  value={format}
                  onChange={setFormat}
                  data-testid="report-export-format"
                  style={{ width: 90 }}
                  options={REPORT_EXPORT_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }))}
                />
                <ExportButton
                  label={t('export')}
                  exportFile={() => exportReport({ ...query, ...sortOf(list.paging), Format: format })}
                />
              </Space.Compact>
            ) : undefined
          }
          columns={columns}
        />
      </div>
    </PageLayout>
  );
}

const sortOf = (p: { SortColumn?: string | undefined; SortType?: 'asc' | 'desc' | undefined }) => ({
  ...(p.SortColumn && { SortColumn: p.SortColumn }),
  ...(p.SortType && { SortType: p.SortType }),
});
