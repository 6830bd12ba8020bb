import { Fn } from '@lodestar/domain';
import { DatePicker, Form, Input, Tag, Tooltip } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { ExportButton, FilterForm, PagedTable, useServerList } from '../../../components/table/index.ts';
import { userNow, useUserTimeZone } from '../../../lib/user-time.ts';
import { useFunctionSet } from '../../../store/session.ts';
import type { LogFilterInput } from '../api/operation-log.ts';
import { exportVisitorLog, getVisitorLog, type VisitorRow } from '../api/visitor-log.ts';

const FMT = 'YYYY-MM-DD HH:mm:ss';
const RESULT_COLOUR: Record<string, string> = { success: 'green', failed: 'red', expired: 'orange' };

interface VisitorForm {
  Range: [Dayjs | null, Dayjs | null] | null;
  Keyword: string;
}

const lastWeek = (timeZone: string | undefined): VisitorForm => {
  const now = userNow(timeZone);
  return { Range: [now.subtract(6, 'day').startOf('day'), now.endOf('day')], Keyword: '' };
};

const toFilters = (v: VisitorForm): LogFilterInput => ({
  StartTime: v.Range?.[0]?.format(FMT) ?? '',
  EndTime: v.Range?.[1]?.format(FMT) ?? '',
  Keyword: v.Keyword?.trim() ?? '',
});

/** /visitorlog (82): every log-in attempt to the caller's units, by time range and phone or user. */
export default function VisitorLogPage() {
  const { t } = useTranslation('accounts');
  const timeZone = useUserTimeZone();
  const [initial] = useState(() => lastWeek(timeZone));
  const [filters, setFilters] = useState(() => toFilters(initial));
  const list = useServerList(['accounts', 'visitor-log'], getVisitorLog, filters, { pageSize: 50 });
  const canExport = useFunctionSet().has(Fn.export);

  return (
    <PageLayout title={t('menu:visitorLog')}>
      <PagedTable<VisitorRow, undefined, 'CreateTime'>
        id="accounts.visitorLog"
        list={list}
        rowKey="LogID"
        pageSizeOptions={[20, 50, 100, 500]}
        extra={
          canExport ? (
            <span data-testid="visitor-log-export">
              <ExportButton exportFile={() => exportVisitorLog({ ...filters, SortType: list.paging.SortType })} />
            </span>
          ) : undefined
        }
        toolbar={
          <FilterForm<VisitorForm> initialValues={initial} onSearch={(v) => setFilters(toFilters(v))}>
            <Form.Item name="Range" label={t('log.time')}>
              <DatePicker.RangePicker showTime={{ format: 'HH:mm:ss' }} format={FMT} allowEmpty={[true, true]} />
            </Form.Item>
            <Form.Item name="Keyword" label={t('log.keyword')}>
              <Input allowClear placeholder={t('visitor.keywordHint')} />
            </Form.Item>
          </FilterForm>
        }
        columns={[
          { key: 'CreateTime', dataIndex: 'CreateTime', title: t('log.createTime'), width: 170, sortable: true },
          { key: 'UserName', dataIndex: 'UserName', title: t('log.user'), width: 140 },
          { key: 'Phone', dataIndex: 'Phone', title: t('visitor.phone'), width: 140 },
          {
            key: 'Result',
            dataIndex: 'Result',
            title: t('visitor.result'),
            width: 150,
            render: (r: string) => <Tag color={RESULT_COLOUR[r]}>{t(`visitor.results.${r}`, { defaultValue: r })}</Tag>,
          },
          { key: 'Ip', dataIndex: 'Ip', title: t('log.ip'), width: 140 },
          {
            key: 'UserAgent',
            dataIndex: 'UserAgent',
            title: t('visitor.browser'),
            width: 360,
            ellipsis: { showTitle: false },
            render: (ua: string) => <Tooltip title={ua}>{ua}</Tooltip>,
          },
        ]}
      />
    </PageLayout>
  );
}
