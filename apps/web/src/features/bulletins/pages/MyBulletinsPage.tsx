import { Form, Modal, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { FilterForm, PagedTable, useServerList } from '../../../components/table/index.ts';
import { getMyBulletins, type MyBulletinRow, myListKey, useMarkCurrentRead } from '../api/bulletins.ts';
import { NoticeBody } from '../components/NoticeBody.tsx';

interface Filters {
  UnreadOnly: boolean;
}

/**
 * /user/notice (every user): the notices of the user's unit and its superiors, current and the old versions it
 * could see, with its read mark. Opening a current unread one marks it read; administrators manage them on /notice.
 */
export default function MyBulletinsPage() {
  const { t } = useTranslation('bulletins');
  const [filters, setFilters] = useState<Filters>({ UnreadOnly: false });
  const list = useServerList(myListKey, getMyBulletins, filters, { pageSize: 20 });
  const markRead = useMarkCurrentRead();
  const [open, setOpen] = useState<MyBulletinRow | null>(null);
  const show = (row: MyBulletinRow) => {
    setOpen(row);
    if (row.State === 'current' && !row.Read) markRead.mutate([row.VersionID]);
  };

  return (
    <PageLayout title={t('menu:myBulletins')}>
      <PagedTable<MyBulletinRow>
        id="bulletins.mine"
        list={list}
        rowKey="VersionID"
        data-testid="my-bulletins"
        rowClassName={(r) => (r.Read || r.State === 'old' ? '' : 'bulletin-unread')}
        onRow={(r) => ({ onClick: () => show(r), style: { cursor: 'pointer' } })}
        toolbar={
          <FilterForm<Filters> initialValues={filters} onSearch={setFilters}>
            <Form.Item name="UnreadOnly" label={t('mine.unreadOnly')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </FilterForm>
        }
        columns={[
          {
            key: 'Title',
            dataIndex: 'Title',
            title: t('title'),
            width: 250,
            ellipsis: true,
            render: (title: string) => <span className="bulletin-title">{title}</span>,
          },
          { key: 'HoldName', dataIndex: 'HoldName', title: t('mine.from'), width: 160, ellipsis: true },
          { key: 'BeginTime', dataIndex: 'BeginTime', title: t('beginTime'), width: 170 },
          {
            key: 'ShowLevel',
            dataIndex: 'ShowLevel',
            title: t('showLevel'),
            width: 150,
            render: (l: string) => t(`levels.${l}`),
          },
          {
            key: 'State',
            dataIndex: 'State',
            title: t('state'),
            width: 90,
            render: (s: MyBulletinRow['State']) => (
              <Tag color={s === 'current' ? 'green' : 'default'}>{t(`states.${s}`)}</Tag>
            ),
          },
          {
            key: 'Read',
            dataIndex: 'Read',
            title: t('mine.read'),
            width: 90,
            render: (read: boolean) =>
              read ? <Tag>{t('mine.read')}</Tag> : <Tag color="orange">{t('mine.unread')}</Tag>,
          },
        ]}
      />
      <Modal
        open={open !== null}
        title={open?.Title}
        footer={null}
        width={640}
        onCancel={() => setOpen(null)}
        className="bulletin-read"
      >
        {open ? (
          <section data-testid="my-bulletin-open">
            <div className="bulletin-meta">
              {open.HoldName} · {open.BeginTime}
            </div>
            <NoticeBody html={open.Body} />
          </section>
        ) : null}
      </Modal>
    </PageLayout>
  );
}
