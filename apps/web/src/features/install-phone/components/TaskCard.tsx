import { ClockCircleOutlined, EnvironmentOutlined } from '@ant-design/icons';
import type { TaskRow } from '@lodestar/contract/install';
import { TaskStatus } from '@lodestar/domain';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { addressOf, isOverdue } from '../task-fields.ts';
import { StatusTag } from './StatusTag.tsx';

/** A task in the list: what the installer needs to find the car, and accept when it waits for that. */
export function TaskCard({
  task,
  now,
  onAccept,
  accepting,
}: {
  task: TaskRow;
  now: string;
  onAccept?: () => void;
  accepting?: boolean;
}) {
  const { t } = useTranslation('install-phone');
  const address = addressOf(task);
  const overdue = task.Status < TaskStatus.WaitingApproval && isOverdue(task.ExpectedTime, now);
  return (
    <article className="ip-card ip-task-card" data-task={task.TaskID} data-status={task.Status}>
      <Link to={`/installer/task/${task.TaskID}`} className="ip-task-link">
        <div className="ip-card-head">
          <span className="ip-customer">{task.Customer}</span>
          <StatusTag status={task.Status} />
        </div>
        <div className="ip-line">
          <span className="ip-label">{t('task.vin')}</span>
          <span className="ip-mono">{task.VIN}</span>
        </div>
        {address ? (
          <div className="ip-line">
            <EnvironmentOutlined className="ip-icon" />
            <span className="ip-address">{address}</span>
          </div>
        ) : null}
        {task.ExpectedTime ? (
          <div className={`ip-line${overdue ? ' ip-overdue' : ''}`}>
            <ClockCircleOutlined className="ip-icon" />
            <span>{task.ExpectedTime.slice(0, 16)}</span>
            {overdue ? <span className="ip-overdue-tag">{t('task.overdue')}</span> : null}
          </div>
        ) : null}
        <div className="ip-line ip-muted">
          {t('task.orderNo')} {task.OrderNo}
        </div>
      </Link>
      {onAccept ? (
        <Button type="primary" block className="ip-accept" loading={accepting} onClick={onAccept}>
          {t('tasks.accept')}
        </Button>
      ) : null}
    </article>
  );
}
