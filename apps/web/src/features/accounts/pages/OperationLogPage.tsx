import { Fn } from '@lodestar/domain';
import { DatePicker, Form, Input, Tooltip } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { ExportButton, FilterForm, PagedTable, useServerList } from '../../../components/table/index.ts';
import { userNow, useUserTimeZone } from '../../../lib/user-time.ts';
import { useFunctionSet } from '../../../store/session.ts';
import { exportOperationLog, getOperationLog, type LogFilterInput, type OperationRow } from '../api/operation-log.ts';

const FMT = 'YYYY-MM-DD HH:mm:ss';

interface LogForm {
  Range: [Dayjs | null, Dayjs | null] | null;
  Keyword: string;
}

/** The last seven days up to the end of today, the user's today (the browser may be in another zone). */
const lastWeek = (timeZone: string | undefined): LogForm => {
  const now = userNow(timeZone);
  return { Range: [now.subtract(6, 'day').startOf('day'), now.endOf('day')], Keyword: '' };
};

const toFilters = (v: LogForm): LogFilterInput => ({
  StartTime: v.Range?.[0]?.format(FMT) ?? '',
  EndTime: v.Range?.[1]?.format(FMT) ?? '',
  Keyword: v.Keyword?.trim() ?? '',
});

/**
 * /log (SIM console, 8) and /userlog (GPS console, 80): who did what in the caller's units, newest first unless
 * the time column is sorted, by time range and keyword.
 */
export default function OperationLogPage({ titleKey = 'menu:simLog' }: { titleKey?: string }) {
  const { t } = useTranslation('accounts');
  const timeZone = useUserTimeZone();
  const [initial] = useState(() => lastWeek(timeZone));
  const [filters, setFilters] = useState(() => toFilters(initial));
  const list = useServerList(['accounts', 'log'], getOperationLog, filters, { pageSize: 50 });
  const action = (key: string) => t(`log.actions.${key}`, { defaultValue: key });
  const canExport = useFunctionSet().has(Fn.export);

  return (
    <PageLayout title={t(titleKey)}>
      <PagedTable<OperationRow, undefined, 'CreateTime'>
        id="accounts.log"
        list={list}
        rowKey="LogID"
        pageSizeOptions={[20, 50, 100, 500]}
        extra={
          canExport ? (
            <span data-testid="log-export">
              <ExportButton exportFile={() => exportOperationLog({ ...filters, SortType: list.paging.SortType })} />
            </span>
          ) : undefined
        }
        toolbar={
          <FilterForm<LogForm> initialValues={initial} onSearch={(v) => setFilters(toFilters(v))}>
            <Form.Item name="Range" label={t('log.time')}>
              <DatePicker.RangePicker showTime={{ format: 'HH:mm:ss' }} format={FMT} allowEmpty={[true, true]} />
            </Form.Item>
            <Form.Item name="Keyword" label={t('log.keyword')}>
              <Input allowClear placeholder={t('log.keywordHint')} />
            </Form.Item>
          </FilterForm>
        }
        columns={[
          { key: 'CreateTime', dataIndex: 'CreateTime', title: t('log.createTime'), width: 170, sortable: true },
          { key: 'UserName', dataIndex: 'UserName', title: t('log.user'), width: 130 },
          { key: 'HoldName', dataIndex: 'HoldName', title: t('log.hold'), width: 170, ellipsis: true },
          {
            key: 'Action',
            dataIndex: 'Action',
            title: t('log.actionTitle'),
            width: 150,
            render: (key: string) => <Tooltip title={key}>{action(key)}</Tooltip>,
          },
          { key: 'Detail', dataIndex: 'Detail', title: t('log.detail'), width: 320, ellipsis: { showTitle: true } },
          { key: 'Ip', dataIndex: 'Ip', title: t('log.ip'), width: 140 },
        ]}
      />
    </PageLayout>
  );
}
