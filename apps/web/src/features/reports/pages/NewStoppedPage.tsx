import '../reports.css';
import type { NewStoppedInput, NewStoppedMonth } from '@lodestar/contract/reports';
import { Fn } from '@lodestar/domain';
import { Alert, Empty, Form, Select, Spin, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { ExportButton } from '../../../components/table/ExportButton.tsx';
import { FilterForm } from '../../../components/table/FilterForm.tsx';
import { useFunctionSet } from '../../../store/session.ts';
import { useOperatorSelect } from '../../catalogue/api/selects.ts';
import { HoldTreeSelect } from '../../holds/components/HoldTreeSelect.tsx';
import { useExportNewStopped, useNewStopped } from '../api/reports.ts';
import { MonthBarChart } from '../components/MonthBarChart.tsx';

const NEW_COLOR = '#1677ff';
const STOPPED_COLOR = '#fa8c16';

/** reports/newly (fn 24): cards stocked and cards stopped per month over the last half year. */
export default function NewStoppedPage() {
  const { t } = useTranslation('reports');
  const funs = useFunctionSet();
  const [filters, setFilters] = useState<NewStoppedInput>({});
  const report = useNewStopped(filters);
  const exportReport = useExportNewStopped();
  const operators = useOperatorSelect();
  const months = report.data?.Months ?? [];

  return (
    <PageLayout title={t('menu:simNewStopped')}>
      <div className="report-filters report-toolbar">
        <FilterForm<NewStoppedInput>
          name="newly"
          initialValues={{}}
          onSearch={(v) => setFilters({ HoldID: v.HoldID, OperatorID: v.OperatorID })}
        >
          <Form.Item name="HoldID">
            <HoldTreeSelect className="report-select-wide" placeholder={t('filter.hold')} data-testid="filter-hold" />
          </Form.Item>
          <Form.Item name="OperatorID">
            <Select
              allowClear
              className="report-select"
              placeholder={t('filter.operator')}
              data-testid="filter-operator"
              options={(operators.data ?? []).map((o) => ({ value: o.OperatorID, label: o.OperatorName }))}
            />
          </Form.Item>
        </FilterForm>
        <span className="report-toolbar-spacer" />
        {funs.has(Fn.export) ? <ExportButton exportFile={() => exportReport.mutateAsync(filters)} /> : null}
      </div>
      {report.isError ? <Alert type="error" showIcon title={t('loadFailed')} /> : null}
      <Spin spinning={report.isFetching} description={t('common:loading')}>
        {months.length ? (
          <MonthBarChart
            title={t('chart.title')}
            months={months.map((m) => m.Month)}
            series={[
              { key: 'new', label: t('col.new'), color: NEW_COLOR, values: months.map((m) => m.New) },
              { key: 'stopped', label: t('col.stopped'), color: STOPPED_COLOR, values: months.map((m) => m.Stopped) },
            ]}
          />
        ) : report.isFetching ? (
          <div style={{ height: 280 }} />
        ) : (
          <Empty description={t('common:noData')} />
        )}
        <Table<NewStoppedMonth>
          className="report-table-narrow"
          data-testid="newly-table"
          size="middle"
          rowKey="Month"
          pagination={false}
          dataSource={months}
          locale={{ emptyText: t('common:noData') }}
          columns={[
            { key: 'Month', dataIndex: 'Month', title: t('col.month') },
            { key: 'New', dataIndex: 'New', title: t('col.new'), align: 'right' },
            { key: 'Stopped', dataIndex: 'Stopped', title: t('col.stopped'), align: 'right' },
          ]}
          summary={() =>
            report.data ? (
              <Table.Summary.Row className="report-summary-row">
                <Table.Summary.Cell index={0}>
                  <strong>{t('totals.total')}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <strong data-testid="newly-total-new">{report.data.Totals.New}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  <strong data-testid="newly-total-stopped">{report.data.Totals.Stopped}</strong>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
      </Spin>
    </PageLayout>
  );
}
