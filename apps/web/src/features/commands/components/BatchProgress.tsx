import { ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { COMMAND_STATUSES, Fn } from '@lodestar/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Progress, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/table/ExportButton.tsx';
import { useFunctionSet } from '../../../store/session.ts';
import { type BatchRow, batchMoving, cancelCommand, exportBatch, retryBatch, useBatch } from '../api/batch.ts';
import { BATCH_KEY } from '../api/keys.ts';
import { STATUS_COLOUR, statusLabel, typeLabel } from '../labels.ts';

const IMMOBILISER = new Set(['engineStop', 'engineResume']);

/**
 * A batch's progress per device, asked again every second while any command is queued or sent: counts by
 * status, retry of the failed and expired ones, cancel of the queued ones (asked first), export.
 */
export function BatchProgress({ batchId }: { batchId: number }) {
  const { t } = useTranslation('commands');
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const canExport = useFunctionSet().has(Fn.export);
  const batch = useBatch(batchId);
  const [busy, setBusy] = useState(false);
  const b = batch.data;
  const refresh = () => client.invalidateQueries({ queryKey: [...BATCH_KEY, batchId] });

  if (!b) return <Table loading columns={[]} dataSource={[]} />;
  const total = b.Rows.length;
  const done = total - b.Counts.queued - b.Counts.sent;
  const retriable = b.Counts.failed + b.Counts.expired;

  const act = async (run: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await run();
      await refresh();
    } catch {
      // the API client already showed the server's message
    } finally {
      setBusy(false);
    }
  };
  const retry = () => {
    if (!IMMOBILISER.has(b.Type))
      return void act(async () => {
        const r = await retryBatch({ BatchID: batchId });
        void message.success(t('progress.retried', { count: r.Retried }));
      });
    // The immobiliser asks for the sender's password again on a retry too.
    let password = '';
    modal.confirm({
      title: t('progress.retryTitle'),
      content: (
        <Input.Password
          className="retry-password"
          placeholder={t('form.password')}
          onChange={(e) => {
            password = e.target.value;
          }}
        />
      ),
      okText: t('progress.retry'),
      cancelText: t('common:cancel'),
      onOk: () =>
        act(async () => {
          const r = await retryBatch({ BatchID: batchId, Password: password });
          void message.success(t('progress.retried', { count: r.Retried }));
        }),
    });
  };
  const cancel = () =>
    modal.confirm({
      title: t('progress.cancelTitle'),
      content: t('progress.cancelConfirm', { count: b.Counts.queued }),
      okText: t('progress.cancelOk'),
      okButtonProps: { danger: true },
      cancelText: t('common:cancel'),
      className: 'cancel-queued-confirm',
      onOk: () =>
        act(async () => {
          const r = await cancelCommand({ BatchID: batchId });
          void message.success(t('progress.cancelled', { count: r.Cancelled }));
        }),
    });

  return (
    <div className="batch-progress" data-batch={batchId} data-moving={batchMoving(b) ? 'yes' : 'no'}>
      <div className="batch-progress-head">
        <span className="batch-progress-type">{typeLabel(t, b.Type)}</span>
        <Progress
          className="batch-progress-bar"
          percent={total ? Math.round((done / total) * 100) : 100}
          size="small"
          status={batchMoving(b) ? 'active' : 'normal'}
        />
      </div>
      <Space wrap size={[6, 6]} className="batch-counts">
        {COMMAND_STATUSES.map((s) => (
          <Tag key={s} color={STATUS_COLOUR[s]} data-status={s} className="batch-count">
            {t('progress.count', { status: statusLabel(t, s), count: b.Counts[s] })}
          </Tag>
        ))}
      </Space>
      <Space wrap className="batch-actions">
        <Button icon={<ReloadOutlined />} className="batch-retry" disabled={!retriable || busy} onClick={retry}>
          {t('progress.retryN', { count: retriable })}
        </Button>
        <Button
          icon={<StopOutlined />}
          danger
          className="batch-cancel"
          disabled={!b.Counts.queued || busy}
          onClick={cancel}
        >
          {t('progress.cancelN', { count: b.Counts.queued })}
        </Button>
        {canExport ? <ExportButton exportFile={() => exportBatch(batchId)} /> : null}
      </Space>
      <Table<BatchRow>
        className="batch-rows"
        size="small"
        rowKey="CommandID"
        dataSource={b.Rows}
        pagination={{ pageSize: 10, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100] }}
        scroll={{ x: 800 }}
        onRow={(r) => ({ 'data-device': r.DeviceID, 'data-status': r.Status }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            key: 'device',
            title: t('col.device'),
            width: 200,
            render: (_: unknown, r) => (
              <div>
                <div>{r.DeviceName || r.DeviceID}</div>
                {r.DeviceName && r.DeviceName !== r.DeviceID ? <div className="muted">{r.DeviceID}</div> : null}
              </div>
            ),
          },
          {
            key: 'plate',
            dataIndex: 'Plate',
            title: t('col.plate'),
            width: 110,
            render: (v: string | null) => v ?? '—',
          },
          {
            key: 'status',
            dataIndex: 'Status',
            title: t('col.status'),
            width: 120,
            render: (v: BatchRow['Status']) => (
              <Tag color={STATUS_COLOUR[v]} className="row-status">
                {statusLabel(t, v)}
              </Tag>
            ),
          },
          { key: 'result', dataIndex: 'Result', title: t('col.result'), ellipsis: true, render: (v) => v ?? '—' },
          { key: 'sent', dataIndex: 'SentTime', title: t('col.sent'), width: 165, render: (v) => v ?? '—' },
          { key: 'done', dataIndex: 'DoneTime', title: t('col.done'), width: 165, render: (v) => v ?? '—' },
        ]}
      />
    </div>
  );
}
