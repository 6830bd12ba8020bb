import { TaskStatus } from '@lodestar/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<number, string> = {
  [TaskStatus.Created]: 'default',
  [TaskStatus.WaitingConfirm]: 'orange',
  [TaskStatus.Working]: 'processing',
  [TaskStatus.WaitingApproval]: 'purple',
  [TaskStatus.Cancelled]: 'default',
  [TaskStatus.Completed]: 'success',
};

export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation('install-phone');
  return (
    <Tag className="ip-status" data-status={status} color={COLOURS[status] ?? 'default'}>
      {t(`status.${status}`, { defaultValue: String(status) })}
    </Tag>
  );
}
