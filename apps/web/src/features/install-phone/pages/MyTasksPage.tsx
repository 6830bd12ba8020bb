import { ReloadOutlined } from '@ant-design/icons';
import { TaskStatus } from '@lodestar/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUserTimeZone, wallClockIn } from '../../../lib/user-time.ts';
import { MY_TASKS_KEY, type TaskRow, transitionTask, useMyTasks } from '../api/tasks.ts';
import { TaskCard } from '../components/TaskCard.tsx';

/** The order an installer meets them in: what to accept, what to finish, what waits for the auditor. */
const OPEN_GROUPS = [TaskStatus.WaitingConfirm, TaskStatus.Working, TaskStatus.WaitingApproval] as const;

/** The installer's tasks grouped by status; a task waiting for confirmation is accepted from its card. */
export default function MyTasksPage() {
  const { t } = useTranslation('install-phone');
  const { message } = App.useApp();
  const tasks = useMyTasks();
  const zone = useUserTimeZone();
  const now = wallClockIn(new Date(), zone);
  const navigate = useNavigate();
  const client = useQueryClient();
  const accept = useMutation({
    mutationFn: (taskId: number) => transitionTask({ TaskID: taskId, To: TaskStatus.Working }),
    onSuccess: (_, taskId) => {
      message.success(t('actions.accepted'));
      navigate(`/installer/task/${taskId}`);
    },
    onSettled: () => client.invalidateQueries({ queryKey: MY_TASKS_KEY }),
  });

  const open = tasks.data?.open ?? [];
  const done = tasks.data?.done ?? [];
  const group = (status: number) => open.filter((task) => task.Status === status);
  const card = (task: TaskRow) => (
    <TaskCard
      key={task.TaskID}
      task={task}
      now={now}
      onAccept={task.Status === TaskStatus.WaitingConfirm ? () => accept.mutate(task.TaskID) : undefined}
      accepting={accept.isPending && accept.variables === task.TaskID}
    />
  );

  return (
    <section className="ip-page ip-tasks">
      <div className="ip-page-head">
        <h1 className="ip-page-title">{t('tasks.title')}</h1>
        <Button
          type="text"
          icon={<ReloadOutlined />}
          loading={tasks.isFetching}
          onClick={() => void tasks.refetch()}
          aria-label={t('tasks.refresh')}
          className="ip-refresh"
        />
      </div>
      {tasks.isPending ? (
        <div className="ip-loading">
          <Spin />
        </div>
      ) : open.length === 0 && done.length === 0 ? (
        <Empty className="ip-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tasks.empty')} />
      ) : (
        <>
          {OPEN_GROUPS.map((status) => {
            const rows = group(status);
            if (rows.length === 0) return null;
            return (
              <div key={status} className="ip-group" data-group={status}>
                <h2 className="ip-group-title">
                  {t(`status.${status}`)} <span className="ip-count">{rows.length}</span>
                </h2>
                {rows.map(card)}
              </div>
            );
          })}
          {done.length > 0 ? (
            <div className="ip-group" data-group="done">
              <h2 className="ip-group-title">{t('tasks.groupDone')}</h2>
              {done.map(card)}
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
