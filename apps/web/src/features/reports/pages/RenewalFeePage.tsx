import '../reports.css';
import type { RenewalFeeFilterInput, RenewalFeeRow, RenewalSortColumn } from '@lodestar/contract/reports';
import { Fn, formatFen, RenewalSource } from '@lodestar/domain';
import { DatePicker, Form, Input, Select, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { ExportButton } from '../../../components/table/ExportButton.tsx';
import { FilterForm } from '../../../components/table/FilterForm.tsx';
import { type PagedColumn, PagedTable } from '../../../components/table/PagedTable.tsx';
import { useServerList } from '../../../components/table/use-server-list.ts';
import { userNow, useUserTimeZone } from '../../../lib/user-time.ts';
import { useFunctionSet } from '../../../store/session.ts';
import { useOperatorSelect, usePackageSelect } from '../../catalogue/api/selects.ts';
import { HoldTreeSelect } from '../../holds/components/HoldTreeSelect.tsx';
import { getRenewalFeeList, renewalFeeRoot, useExportRenewalFees } from '../api/reports.ts';
import { TotalsBar } from '../components/TotalsBar.tsx';

/** The wire format of spec section 7 (YYYY-MM-DD hh:mm:ss, 24-hour). */
export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

interface FormValues {
  range?: [Dayjs | null, Dayjs | null] | null;
  HoldID?: number;
  OperatorID?: number;
  PackageID?: number;
  Source?: number;
  ICCID?: string;
}

/** This month, the user's month (the browser may be in another zone). */
const thisMonth = (timeZone: string | undefined): FormValues => {
  const now = userNow(timeZone);
  return { range: [now.startOf('month'), now.endOf('month')], Source: 0 };
};

function toFilters(v: FormValues): RenewalFeeFilterInput {
  const [from, to] = v.range ?? [];
  return {
    StartTime: from ? from.startOf('day').format(TIME_FORMAT) : undefined,
    EndTime: to ? to.endOf('day').format(TIME_FORMAT) : undefined,
    HoldID: v.HoldID,
    OperatorID: v.OperatorID,
    PackageID: v.PackageID,
    Source: v.Source || undefined,
    ICCID: v.ICCID?.trim() || undefined,
  };
}

/** reports (fn 23): every renewal in reach, online and by work order, with the filtered totals. */
export default function RenewalFeePage() {
  const { t } = useTranslation('reports');
  const funs = useFunctionSet();
  const [form] = Form.useForm<FormValues>();
  const timeZone = useUserTimeZone();
  const initial = useMemo(() => thisMonth(timeZone), [timeZone]);
  const [filters, setFilters] = useState<RenewalFeeFilterInput>(() => toFilters(initial));
  const list = useServerList(renewalFeeRoot, getRenewalFeeList, filters, {
    sortColumn: 'CreateTime',
    sortType: 'desc',
  });
  const { totals } = list;
  const exportList = useExportRenewalFees();
  const operators = useOperatorSelect();
  const operatorId = Form.useWatch('OperatorID', form);
  const packages = usePackageSelect(operatorId);

  const columns: PagedColumn<RenewalFeeRow, unknown, RenewalSortColumn>[] = [
    { key: 'ICCID', dataIndex: 'ICCID', title: 'ICCID', width: 190 },
    { key: 'HoldName', dataIndex: 'HoldName', title: t('col.hold'), width: 180, sortable: true, ellipsis: true },
    { key: 'PackageName', dataIndex: 'PackageName', title: t('col.package'), width: 180, ellipsis: true },
    { key: 'Months', dataIndex: 'Months', title: t('col.months'), width: 90, align: 'right' },
    {
      key: 'FeeFen',
      dataIndex: 'FeeFen',
      title: t('col.fee'),
      width: 110,
      align: 'right',
      sortable: true,
      render: (v: number) => <span className="report-num">{formatFen(v)}</span>,
    },
    {
      key: 'Source',
      dataIndex: 'SourceText',
      title: t('col.source'),
      width: 110,
      render: (text: string, row) => <Tag color={row.Source === RenewalSource.Online ? 'blue' : 'purple'}>{text}</Tag>,
    },
    { key: 'CreateTime', dataIndex: 'CreateTime', title: t('col.renewedAt'), width: 170, sortable: true },
    { key: 'MSISDN', dataIndex: 'MSISDN', title: t('col.msisdn'), width: 140 },
    { key: 'OperatorName', dataIndex: 'OperatorName', title: t('col.operator'), width: 160, ellipsis: true },
    {
      key: 'Ref',
      title: t('col.ref'),
      width: 230,
      ellipsis: true,
      render: (_: unknown, row) => row.OrderNo || (row.WorkID ? t('workOrderRef', { id: row.WorkID }) : ''),
    },
    {
      key: 'Expires',
      title: t('col.expires'),
      width: 200,
      render: (_: unknown, row) => `${row.ExpiresBefore ?? '—'} → ${row.ExpiresAfter}`,
    },
    { key: 'UserName', dataIndex: 'UserName', title: t('col.user'), width: 120, ellipsis: true },
  ];

  return (
    <PageLayout title={t('menu:simRenewalFees')}>
      <div className="report-filters">
        <FilterForm<FormValues>
          form={form}
          name="renewal"
          initialValues={initial}
          onSearch={(v) => setFilters(toFilters(v))}
        >
          <Form.Item name="range">
            <DatePicker.RangePicker
              allowEmpty={[true, true]}
              placeholder={[t('filter.from'), t('filter.to')]}
              data-testid="filter-range"
            />
          </Form.Item>
          <Form.Item name="HoldID">
            <HoldTreeSelect className="report-select-wide" placeholder={t('filter.hold')} data-testid="filter-hold" />
          </Form.Item>
          <Form.Item name="OperatorID">
            <Select
              allowClear
              className="report-select"
              placeholder={t('filter.operator')}
              data-testid="filter-operator"
              onChange={() => form.setFieldValue('PackageID', undefined)}
              options={(operators.data ?? []).map((o) => ({ value: o.OperatorID, label: o.OperatorName }))}
            />
          </Form.Item>
          <Form.Item name="PackageID">
            <Select
              allowClear
              className="report-select-wide"
              placeholder={t('filter.package')}
              data-testid="filter-package"
              showSearch={{ optionFilterProp: 'label' }}
              options={(packages.data ?? []).map((p) => ({ value: p.PackageID, label: p.PackageName }))}
            />
          </Form.Item>
          <Form.Item name="Source">
            <Select
              className="report-select"
              data-testid="filter-source"
              options={[0, RenewalSource.Online, RenewalSource.WorkOrder].map((s) => ({
                value: s,
                label: t(`source.${s}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="ICCID">
            <Input allowClear placeholder="ICCID" className="report-select-wide" data-testid="filter-iccid" />
          </Form.Item>
        </FilterForm>
      </div>
      <div className="report-toolbar">
        <TotalsBar
          testId="renewal-totals"
          loading={!totals && list.isFetching}
          items={[
            { key: 'count', label: t('totals.count'), value: totals?.Count ?? 0 },
            { key: 'months', label: t('totals.months'), value: totals?.Months ?? 0 },
            { key: 'fee', label: t('totals.fee'), value: `¥${formatFen(totals?.FeeFen ?? 0)}` },
          ]}
        />
        <span className="report-toolbar-spacer" />
        {funs.has(Fn.export) ? <ExportButton exportFile={() => exportList.mutateAsync(filters)} /> : null}
      </div>
      <PagedTable<RenewalFeeRow, unknown, RenewalSortColumn>
        id="reports.renewalFees"
        list={list}
        rowKey="RenewalID"
        columns={columns}
      />
    </PageLayout>
  );
}
