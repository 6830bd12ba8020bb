import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { BULLETIN_LEVELS, BULLETIN_STATES, type BulletinState } from '@lodestar/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Popover, Select, Space, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import {
  DeleteButton,
  FilterForm,
  FormModal,
  PagedTable,
  useFormModal,
  useServerList,
} from '../../../components/table/index.ts';
import {
  addNotice,
  type BulletinListInput,
  type BulletinRow,
  bulletinListKey,
  currentKey,
  getBulletinList,
  modifyNotice,
  removeNotice,
} from '../api/bulletins.ts';
import { NoticeBody } from '../components/NoticeBody.tsx';
import { RichTextEditor } from '../components/RichTextEditor.tsx';

const FMT = 'YYYY-MM-DD HH:mm:ss';
const STATE_COLOUR: Record<BulletinState, string> = {
  current: 'green',
  scheduled: 'blue',
  old: 'default',
  deleted: 'red',
};

type Filters = Pick<BulletinListInput, 'Keyword' | 'States'>;
interface NoticeForm {
  Title: string;
  Body: string;
  BeginTime: Dayjs | null;
  ShowLevel: (typeof BULLETIN_LEVELS)[number];
}

/** /notice (74): every version of the notices written for the user's units, written and edited here. */
export default function BulletinsPage() {
  const { t } = useTranslation('bulletins');
  const client = useQueryClient();
  const [filters, setFilters] = useState<Filters>({ Keyword: '', States: ['current', 'scheduled'] });
  const list = useServerList(bulletinListKey, getBulletinList, filters, { pageSize: 20 });
  const modal = useFormModal<BulletinRow>();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: bulletinListKey }),
      client.invalidateQueries({ queryKey: currentKey }),
    ]);
  const save = (v: NoticeForm, row: BulletinRow | undefined) => {
    const body = {
      Title: v.Title,
      Body: v.Body ?? '',
      ShowLevel: v.ShowLevel,
      BeginTime: v.BeginTime?.format(FMT) ?? '',
    };
    return row ? modifyNotice({ ...body, BulletinID: row.BulletinID }) : addNotice(body);
  };
  const editable = (r: BulletinRow) => r.State === 'current' || r.State === 'scheduled';

  return (
    <PageLayout title={t('menu:notice')}>
      <PagedTable<BulletinRow, undefined, 'BeginTime' | 'UpdateTime' | 'Title'>
        id="bulletins.list"
        list={list}
        rowKey="VersionID"
        toolbar={
          <FilterForm<Filters> initialValues={filters} onSearch={setFilters}>
            <Form.Item name="Keyword" label={t('title')}>
              <Input allowClear placeholder={t('title')} />
            </Form.Item>
            <Form.Item name="States" label={t('state')}>
              <Select
                mode="multiple"
                allowClear
                style={{ minWidth: 220 }}
                options={BULLETIN_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
              />
            </Form.Item>
          </FilterForm>
        }
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={modal.openAdd} data-testid="bulletin-add">
            {t('add')}
          </Button>
        }
        columns={[
          {
            key: 'Title',
            dataIndex: 'Title',
            title: t('title'),
            width: 220,
            sortable: true,
            render: (title: string, r) => (
              <Popover content={<NoticeBody html={r.Body} />} title={title} overlayStyle={{ maxWidth: 480 }}>
                <span className="bulletin-title">{title}</span>
              </Popover>
            ),
          },
          { key: 'Version', dataIndex: 'Version', title: t('version'), width: 80 },
          {
            key: 'State',
            dataIndex: 'State',
            title: t('state'),
            width: 110,
            render: (s: BulletinState) => <Tag color={STATE_COLOUR[s]}>{t(`states.${s}`)}</Tag>,
          },
          {
            key: 'ShowLevel',
            dataIndex: 'ShowLevel',
            title: t('showLevel'),
            width: 120,
            render: (l: string) => t(`levels.${l}`),
          },
          { key: 'BeginTime', dataIndex: 'BeginTime', title: t('beginTime'), width: 170, sortable: true },
          { key: 'HoldName', dataIndex: 'HoldName', title: t('hold'), width: 150, ellipsis: true },
          { key: 'Creator', dataIndex: 'Creator', title: t('creator'), width: 130 },
          { key: 'CreateTime', dataIndex: 'CreateTime', title: t('createTime'), width: 170 },
          { key: 'UpdateTime', dataIndex: 'UpdateTime', title: t('updateTime'), width: 170, sortable: true },
          {
            key: 'actions',
            title: t('table:actions'),
            width: 230,
            fixed: 'right',
            resizable: false,
            render: (_v, r) =>
              editable(r) ? (
                <Space size={0}>
                  <Button type="link" size="small" icon={<EditOutlined />} onClick={() => modal.openEdit(r)}>
                    {t('table:edit')}
                  </Button>
                  <DeleteButton
                    name={r.Title}
                    onConfirm={async () => {
                      await removeNotice([r.BulletinID]);
                      await refresh();
                    }}
                  />
                </Space>
              ) : null,
          },
        ]}
      />
      <FormModal<NoticeForm>
        open={modal.open}
        width={760}
        name="bulletin"
        title={modal.editing ? t('edit') : t('add')}
        initialValues={
          modal.record
            ? {
                Title: modal.record.Title,
                Body: modal.record.Body,
                ShowLevel: modal.record.ShowLevel,
                BeginTime: dayjs(modal.record.BeginTime, FMT),
              }
            : { Title: '', Body: '', ShowLevel: 'popup', BeginTime: null }
        }
        onCancel={modal.close}
        onSubmit={(v) => save(v, modal.record)}
        onSaved={() => void refresh()}
      >
        <Form.Item name="Title" label={t('title')} rules={[{ required: true, whitespace: true, max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="ShowLevel" label={t('showLevel')} rules={[{ required: true }]}>
          <Select options={BULLETIN_LEVELS.map((l) => ({ value: l, label: t(`levels.${l}`) }))} />
        </Form.Item>
        <Form.Item name="BeginTime" label={t('beginTime')} extra={t('beginTimeHint')}>
          <DatePicker showTime format={FMT} />
        </Form.Item>
        <Form.Item name="Body" label={t('body')} rules={[{ required: true }]}>
          <RichTextEditor />
        </Form.Item>
      </FormModal>
    </PageLayout>
  );
}
