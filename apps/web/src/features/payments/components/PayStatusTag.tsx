import { PayStatus } from '@lodestar/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOR: Record<number, string> = {
  [PayStatus.Pending]: 'processing',
  [PayStatus.Paid]: 'success',
  [PayStatus.Failed]: 'error',
  [PayStatus.Closed]: 'default',
};

export function PayStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('payments');
  return (
    <Tag color={COLOR[status]} data-testid="pay-status">
      {t(`status.${status}`)}
    </Tag>
  );
}
