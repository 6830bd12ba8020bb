import '../messages.css';
import { COMMAND_STATUSES } from '@lodestar/domain';
import { Card, DatePicker, Form, Input, Select, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { FilterForm } from '../../../components/table/FilterForm.tsx';
import { type PagedColumn, PagedTable } from '../../../components/table/PagedTable.tsx';
import { useServerList } from '../../../components/table/use-server-list.ts';
import { userNow, useUserTimeZone } from '../../../lib/user-time.ts';
import { STATUS_COLOUR, statusLabel } from '../../commands/labels.ts';
import { HoldTreeSelect } from '../../holds/components/HoldTreeSelect.tsx';
import {
  getMessageList,
  type MessageFilterInput,
  type MessageRow,
  type MessageSortColumn,
  messageListRoot,
} from '../api/get-message-list.ts';
import { MessageForm } from '../components/MessageForm.tsx';

const FMT = 'YYYY-MM-DD HH:mm:ss';
const FLAGS = ['Urgent', 'Display', 'Tts', 'Advert'] as const;

interface Filters {
  Range: [Dayjs | null, Dayjs | null] | null;
  HoldID?: number | undefined;
  DeviceID?: string | undefined;
  Status?: MessageRow['Status'] | undefined;
}

const toInput = (f: Filters): MessageFilterInput => ({
  StartTime: f.Range?.[0]?.format(FMT) ?? '',
  EndTime: f.Range?.[1]?.format(FMT) ?? '',
  ...(f.HoldID !== undefined && { HoldID: f.HoldID }),
  ...(f.DeviceID?.trim() && { DeviceID: f.DeviceID.trim() }),
  ...(f.Status && { Status: f.Status }),
});

/** /monitor/message (fn 52): send a text to devices, and the messages sent with their delivery. */
export default function MessagePage() {
  const { t } = useTranslation('messages');
  const timeZone = useUserTimeZone();
  const [params] = useSearchParams();
  const device = params.get('DeviceID') ?? undefined;
  const [initial] = useState<Filters>(() => {
    const now = userNow(timeZone);
    return { Range: [now.subtract(6, 'day').startOf('day'), now.endOf('day')], DeviceID: device };
  });
  const [filters, setFilters] = useState(initial);
  const list = useServerList(messageListRoot, getMessageList, toInput(filters), {
    sortColumn: 'CreateTime',
    sortType: 'desc',
  });

  const columns: PagedColumn<MessageRow, unknown, MessageSortColumn>[] = [
    { key: 'CreateTime', dataIndex: 'CreateTime', title: t('col.time'), width: 170, sortable: true },
    {
      key: 'DeviceID',
      dataIndex: 'DeviceID',
      title: t('col.device'),
      width: 180,
      sortable: true,
      render: (_: unknown, r: MessageRow) => (
        <div>
          <div>{r.DeviceName || r.DeviceID}</div>
          {r.DeviceName && r.DeviceName !== r.DeviceID ? <div className="muted">{r.DeviceID}</div> : null}
        </div>
      ),
    },
    { key: 'Text', dataIndex: 'Text', title: t('col.text'), width: 260, ellipsis: true },
    {
      key: 'Flags',
      title: t('col.flags'),
      width: 200,
      render: (_: unknown, r: MessageRow) =>
        FLAGS.filter((f) => r.Flags[f]).map((f) => (
          <Tag key={f} bordered={false}>
            {t(`flag.${f}`)}
          </Tag>
        )),
    },
    { key: 'Via', dataIndex: 'Via', title: t('col.via'), width: 90, render: (v: MessageRow['Via']) => t(`via.${v}`) },
    {
      key: 'Status',
      dataIndex: 'Status',
      title: t('col.status'),
      width: 110,
      sortable: true,
      render: (v: MessageRow['Status']) => (
        <Tag color={STATUS_COLOUR[v]} className="message-status" data-status={v}>
          {statusLabel(t, v)}
        </Tag>
      ),
    },
    { key: 'Result', dataIndex: 'Result', title: t('col.result'), width: 160, ellipsis: true, render: (v) => v ?? '—' },
    { key: 'UserName', dataIndex: 'UserName', title: t('col.user'), width: 110, render: (v) => v ?? '—' },
    { key: 'DoneTime', dataIndex: 'DoneTime', title: t('col.done'), width: 170, render: (v) => v ?? '—' },
  ];

  return (
    <PageLayout title={t('title')}>
      <div className="message-page">
        <Card size="small" title={t('send')} className="message-send-card">
          <MessageForm devices={device ? [device] : undefined} />
        </Card>
        <Card size="small" title={t('history')} className="message-history">
          <PagedTable<MessageRow, unknown, MessageSortColumn>
            id="messages.list"
            data-testid="message-list"
            list={list}
            rowKey="MessageID"
            columns={columns}
            toolbar={
              <FilterForm<Filters> name="messages" initialValues={initial} onSearch={setFilters}>
                <Form.Item name="Range" label={t('filter.range')}>
                  <DatePicker.RangePicker showTime={{ format: 'HH:mm:ss' }} format={FMT} allowClear={false} />
                </Form.Item>
                <Form.Item name="HoldID" label={t('filter.hold')}>
                  <HoldTreeSelect className="messages-hold" style={{ width: 200 }} />
                </Form.Item>
                <Form.Item name="DeviceID" label={t('filter.device')}>
                  <Input allowClear className="messages-device" maxLength={32} />
                </Form.Item>
                <Form.Item name="Status" label={t('filter.status')}>
                  <Select
                    allowClear
                    className="messages-status"
                    style={{ width: 140 }}
                    options={COMMAND_STATUSES.map((s) => ({ value: s, label: statusLabel(t, s) }))}
                  />
                </Form.Item>
              </FilterForm>
            }
          />
        </Card>
      </div>
    </PageLayout>
  );
}
