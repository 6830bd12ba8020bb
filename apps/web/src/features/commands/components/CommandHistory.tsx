import type { CommandRow } from '@lodestar/contract/commands';
import { Modal, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCommandList } from '../api/get-command-list.ts';
import { STATUS_COLOUR, statusLabel, typeLabel } from '../labels.ts';

/** One device's commands (Command/GetCommandList): type, status, the device's answer, times. */
export function CommandHistory({
  deviceId,
  name,
  onClose,
}: {
  deviceId: string | null;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('commands');
  const list = useCommandList(deviceId);
  return (
    <Modal
      open={deviceId !== null}
      title={t('history.title', { name })}
      width={900}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      className="command-history"
    >
      <Table<CommandRow>
        size="small"
        rowKey="CommandID"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={{ pageSize: 10 }}
        scroll={{ x: 820 }}
        columns={[
          { key: 'time', dataIndex: 'CreateTime', title: t('col.created'), width: 165 },
          { key: 'type', dataIndex: 'Type', title: t('col.type'), width: 150, render: (v: string) => typeLabel(t, v) },
          {
            key: 'status',
            dataIndex: 'Status',
            title: t('col.status'),
            width: 110,
            render: (v: CommandRow['Status']) => <Tag color={STATUS_COLOUR[v]}>{statusLabel(t, v)}</Tag>,
          },
          { key: 'result', dataIndex: 'Result', title: t('col.result'), ellipsis: true, render: (v) => v ?? '—' },
          { key: 'user', dataIndex: 'UserName', title: t('col.user'), width: 110, render: (v) => v ?? '—' },
          { key: 'done', dataIndex: 'DoneTime', title: t('col.done'), width: 165, render: (v) => v ?? '—' },
        ]}
      />
    </Modal>
  );
}
