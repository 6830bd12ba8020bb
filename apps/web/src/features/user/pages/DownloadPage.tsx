import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Progress, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { downloadFile } from '../../sims/api/files.ts';
import { type DownloadRow, DownloadStatus, useDownloadList } from '../api/get-download-list.ts';

const STATUS: Record<number, { key: 'preparing' | 'ready' | 'failed'; color: string }> = {
  [DownloadStatus.Preparing]: { key: 'preparing', color: 'processing' },
  [DownloadStatus.Ready]: { key: 'ready', color: 'success' },
  [DownloadStatus.Failed]: { key: 'failed', color: 'error' },
};

const size = (bytes: number) =>
  bytes >= 1 << 20 ? `${(bytes / (1 << 20)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** /user/download: files prepared by exports (`Download/GetDownloadList`). */
export default function DownloadPage() {
  const { t } = useTranslation('user');
  const { message } = App.useApp();
  const [page, setPage] = useState({ index: 1, size: 20 });
  const { data, isFetching } = useDownloadList(page.index, page.size);
  return (
    <PageLayout title={t('menu:download')} extra={<span className="muted">{t('file.hint')}</span>}>
      <Table<DownloadRow>
        rowKey="FileID"
        size="middle"
        loading={{ spinning: isFetching, description: t('common:loading') }}
        dataSource={data?.rows ?? []}
        pagination={{
          current: page.index,
          pageSize: page.size,
          total: data?.total ?? 0,
          onChange: (index, pageSize) => setPage({ index, size: pageSize }),
        }}
        columns={[
          { title: t('file.name'), dataIndex: 'FileName' },
          {
            title: t('file.status'),
            dataIndex: 'Status',
            width: 120,
            render: (v: number | string) => {
              const s = STATUS[Number(v)];
              return s ? (
                <Tag color={s.color} data-status={Number(v)}>
                  {t(`file.${s.key}`)}
                </Tag>
              ) : (
                v
              );
            },
          },
          {
            title: t('file.progress'),
            dataIndex: 'Progress',
            width: 200,
            render: (p: number) => <Progress percent={Math.round(p)} size="small" />,
          },
          { title: t('file.size'), dataIndex: 'Size', width: 120, render: size },
          { title: t('file.createTime'), dataIndex: 'CreateTime', width: 180 },
          {
            title: t('file.actions'),
            key: 'actions',
            width: 120,
            render: (_: unknown, row) =>
              Number(row.Status) === DownloadStatus.Ready ? (
                <Button
                  type="link"
                  size="small"
                  icon={<DownloadOutlined />}
                  data-testid="download-file"
                  onClick={() =>
                    downloadFile('Download/GetFile', { FileID: row.FileID }, row.FileName).catch((e: unknown) => {
                      void message.error(e instanceof Error ? e.message : String(e));
                    })
                  }
                >
                  {t('file.download')}
                </Button>
              ) : null,
          },
        ]}
      />
    </PageLayout>
  );
}
