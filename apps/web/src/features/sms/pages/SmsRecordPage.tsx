import '../sms.css';
import { SendOutlined } from '@ant-design/icons';
import type { SmsFilterInput, SmsRow, SmsSortColumn } from '@lodestar/contract/sms';
import { Fn, SMS_STATES, SmsState } from '@lodestar/domain';
import { Button, DatePicker, Form, Input, Select, Tag, Tooltip } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import {
  ExportButton,
  FilterForm,
  type PagedColumn,
  PagedTable,
  useServerList,
} from '../../../components/table/index.ts';
import { useFunctionSet, useSession } from '../../../store/session.ts';
import { HoldTreeSelect } from '../../holds/components/HoldTreeSelect.tsx';
import { exportSmsList, getSmsList, smsListRoot, useSmsBalance } from '../api/sms.ts';
import { LocalProviderNotice } from '../components/LocalProviderNotice.tsx';
import { SendSmsDialog } from '../components/SendSmsDialog.tsx';

const FMT = 'YYYY-MM-DD HH:mm:ss';

interface RecordForm {
  MSISDN: string;
  ICCID: string;
  State: NonNullable<SmsFilterInput['State']>;
  HoldID?: number | undefined;
  Range: [Dayjs | null, Dayjs | null] | null;
}

const INITIAL: RecordForm = { MSISDN: '', ICCID: '', State: -1, HoldID: undefined, Range: null };

const toFilters = (v: RecordForm): SmsFilterInput => ({
  MSISDN: v.MSISDN?.trim() ?? '',
  ICCID: v.ICCID?.trim() ?? '',
  State: v.State ?? -1,
  HoldID: v.HoldID || undefined,
  StartTime: v.Range?.[0]?.format(FMT) ?? '',
  EndTime: v.Range?.[1]?.format(FMT) ?? '',
});

const STATE_COLOR: Record<number, string> = {
  [SmsState.Queued]: 'default',
  [SmsState.Sent]: 'processing',
  [SmsState.Delivered]: 'success',
  [SmsState.Failed]: 'error',
};

/** manage/record (fn 13): SMS sent to the subtree's SIMs, with their parts, and "Send SMS". */
export default function SmsRecordPage() {
  const { t } = useTranslation('sms');
  const funs = useFunctionSet();
  const language = useSession((s) => s.language);
  const [filters, setFilters] = useState(() => toFilters(INITIAL));
  const [sending, setSending] = useState(false);
  const balance = useSmsBalance();
  // State texts come in the caller's language: the language is part of the key.
  const list = useServerList([...smsListRoot, language], getSmsList, filters, {
    sortColumn: 'CreateTime',
    sortType: 'desc',
  });
  // Totals of every row the filters select, as the server added them up.
  const totals = list.totals ?? null;

  const columns: PagedColumn<SmsRow, unknown, SmsSortColumn>[] = [
    { key: 'CreateTime', dataIndex: 'CreateTime', title: t('col.createTime'), width: 170, sortable: true },
    { key: 'MSISDN', dataIndex: 'MSISDN', title: t('col.msisdn'), width: 150, sortable: true },
    { key: 'ICCID', dataIndex: 'ICCID', title: 'ICCID', width: 200 },
    { key: 'HoldName', dataIndex: 'HoldName', title: t('col.hold'), width: 150, ellipsis: true },
    { key: 'Content', dataIndex: 'Content', title: t('col.content'), width: 280, ellipsis: { showTitle: true } },
    { key: 'Segments', dataIndex: 'Segments', title: t('col.segments'), width: 80, align: 'right' },
    {
      key: 'State',
      dataIndex: 'State',
      title: t('col.state'),
      width: 110,
      sortable: true,
      render: (state: number, row) => {
        const tag = <Tag color={STATE_COLOR[state]}>{row.StateText}</Tag>;
        return row.Error ? <Tooltip title={row.Error}>{tag}</Tooltip> : tag;
      },
    },
    { key: 'Provider', dataIndex: 'Provider', title: t('col.provider'), width: 110 },
    { key: 'UserName', dataIndex: 'UserName', title: t('col.user'), width: 130, ellipsis: true },
    { key: 'SentTime', dataIndex: 'SentTime', title: t('col.sentTime'), width: 170 },
    { key: 'DeliveredTime', dataIndex: 'DeliveredTime', title: t('col.deliveredTime'), width: 170 },
  ];

  return (
    <PageLayout
      title={t('menu:simSmsRecord')}
      extra={
        <span className="sms-balance-inline" data-testid="sms-record-balance">
          {t('balance.inline', { n: balance.data?.Balance ?? '—' })}
        </span>
      }
    >
      <LocalProviderNotice provider={balance.data?.Provider} />
      <PagedTable<SmsRow, unknown, SmsSortColumn>
        id="sms.records"
        list={list}
        rowKey="MessageID"
        columns={columns}
        toolbar={
          <FilterForm<RecordForm> initialValues={INITIAL} onSearch={(v) => setFilters(toFilters(v))} name="smsFilter">
            <Form.Item name="MSISDN">
              <Input allowClear placeholder={t('col.msisdn')} className="sms-filter-input" />
            </Form.Item>
            <Form.Item name="ICCID">
              <Input allowClear placeholder="ICCID" className="sms-filter-input" />
            </Form.Item>
            <Form.Item name="State">
              <Select
                className="sms-filter-state"
                options={[
                  { value: -1, label: t('state.all') },
                  ...SMS_STATES.map((s) => ({ value: s, label: t(`state.${s}`) })),
                ]}
              />
            </Form.Item>
            <Form.Item name="HoldID">
              <HoldTreeSelect className="sms-filter-hold" placeholder={t('col.hold')} />
            </Form.Item>
            <Form.Item name="Range">
              <DatePicker.RangePicker showTime={{ format: 'HH:mm:ss' }} format={FMT} allowEmpty={[true, true]} />
            </Form.Item>
          </FilterForm>
        }
        extra={
          <>
            {totals ? (
              <span className="sms-totals" data-testid="sms-totals">
                {t('totals', { count: totals.Count, parts: totals.Segments })}
              </span>
            ) : null}
            {funs.has(Fn.export) ? (
              <span data-testid="sms-export">
                <ExportButton exportFile={() => exportSmsList(filters)} />
              </span>
            ) : null}
            {funs.has(Fn.simSmsRecord) || funs.has(Fn.simBusiness) ? (
              <Button type="primary" icon={<SendOutlined />} onClick={() => setSending(true)} data-testid="sms-send">
                {t('send.button')}
              </Button>
            ) : null}
          </>
        }
      />
      <SendSmsDialog open={sending} onClose={() => setSending(false)} />
    </PageLayout>
  );
}
