import '../notices.css';
import { Badge, Button, List, Pagination, Popconfirm, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { useServerList } from '../../../components/table/use-server-list.ts';
import { useSession } from '../../../store/session.ts';
import { getNoticeList, type NoticeRow, noticeListRoot, useMarkRead } from '../api/notices.ts';

type ReadFilter = Parameters<typeof getNoticeList>[0]['Read'];

/** /message (fn 5): the caller's notices, unread first by default; a click marks read and opens the link. */
export default function NoticesPage() {
  const { t } = useTranslation('notices');
  const navigate = useNavigate();
  const language = useSession((s) => s.language);
  const [read, setRead] = useState<ReadFilter>(0);
  const [unread, setUnread] = useState(0);
  const markRead = useMarkRead();
  const list = useServerList(
    [...noticeListRoot, language],
    async (q: Parameters<typeof getNoticeList>[0]) => {
      const reply = await getNoticeList(q);
      setUnread(reply.Unread);
      return reply;
    },
    { Read: read },
  );

  const open = (n: NoticeRow) => {
    if (!n.Read) markRead.mutate({ NoticeIDs: [n.NoticeID] });
    if (n.Link) navigate(n.Link);
  };

  return (
    <PageLayout title={t('menu:simMessage')}>
      <div className="notice-toolbar">
        <Segmented<ReadFilter>
          value={read}
          onChange={setRead}
          options={[
            { value: 0, label: t('filter.unread', { count: unread }) },
            { value: 1, label: t('filter.read') },
            { value: -1, label: t('filter.all') },
          ]}
          data-testid="notice-filter"
        />
        <span className="notice-toolbar-spacer" />
        <Popconfirm
          title={t('markAllConfirm', { count: unread })}
          okText={t('markAll')}
          cancelText={t('common:cancel')}
          disabled={unread === 0}
          onConfirm={() => markRead.mutate({ All: true })}
        >
          <Button disabled={unread === 0} loading={markRead.isPending} data-testid="notice-mark-all">
            {t('markAll')}
          </Button>
        </Popconfirm>
      </div>
      <List<NoticeRow>
        bordered
        className="notice-list"
        loading={list.isFetching}
        dataSource={list.rows}
        locale={{ emptyText: read === 0 ? t('emptyUnread') : t('common:noData') }}
        renderItem={(n) => (
          <List.Item
            className={`notice-item${n.Read ? '' : ' unread'}`}
            data-testid="notice-item"
            onClick={() => open(n)}
            actions={[
              <span key="time" className="muted notice-time">
                {n.CreateTime}
              </span>,
              n.Read ? (
                <span key="read" className="muted">
                  {t('read')}
                </span>
              ) : (
                <Button
                  key="mark"
                  type="link"
                  size="small"
                  onClick={(e) => {
                    e.stopPropagation();
                    markRead.mutate({ NoticeIDs: [n.NoticeID] });
                  }}
                >
                  {t('markRead')}
                </Button>
              ),
            ]}
          >
            <List.Item.Meta
              title={
                <span className="notice-title">
                  {n.Read ? null : <Badge status="processing" />}
                  {n.Title}
                </span>
              }
              description={n.Content}
            />
          </List.Item>
        )}
      />
      <div className="notice-pager">
        <Pagination
          current={list.paging.PageIndex}
          pageSize={list.paging.PageSize}
          total={list.total}
          showSizeChanger
          showTotal={(total) => t('table:total', { count: total })}
          onChange={(PageIndex, PageSize) =>
            list.setPaging({ PageIndex: PageSize !== list.paging.PageSize ? 1 : PageIndex, PageSize })
          }
        />
      </div>
    </PageLayout>
  );
}
