import type { MyTasksInput, TaskDetail, TaskRow, TransitionInput } from '@lodestar/contract/install';
import { TaskStatus } from '@lodestar/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export type { TaskDetail, TaskRow };

export const MY_TASKS_KEY = ['install-phone', 'tasks'] as const;
export const taskKey = (taskId: number) => ['install-phone', 'task', taskId] as const;

/** The newest finished tasks shown under the open ones; older ones are on the desktop's task list. */
const RECENT_DONE = 20;
/** An installer has a handful of open tasks; a page of 100 holds them all. */
const OPEN_PAGE = 100;

export const getMyTasks = (body: MyTasksInput) => api.post<{ rows: TaskRow[]; total: number }>('Task/GetMyTasks', body);
export const getTask = (taskId: number) => api.post<TaskDetail>('Task/GetTask', { TaskID: taskId });
export const transitionTask = (body: TransitionInput) => api.post<null>('Task/Transition', body);

/** A newly assigned task shows on an open phone within this long (the list is cheap: the installer's own tasks). */
const LIST_REFRESH_MS = 60_000;

/** The installer's open tasks and the last finished ones, asked together. */
export const useMyTasks = () =>
  useQuery({
    queryKey: MY_TASKS_KEY,
    refetchInterval: LIST_REFRESH_MS,
    queryFn: async () => {
      const [open, done] = await Promise.all([
        getMyTasks({ PageIndex: 1, PageSize: OPEN_PAGE, Open: true }),
        getMyTasks({ PageIndex: 1, PageSize: RECENT_DONE, Open: false }),
      ]);
      return { open: open.rows, openTotal: open.total, done: done.rows };
    },
  });

/**
 * One task with its devices' last fixes. While the installer works on it the devices' state is asked again every
 * few seconds, so a tracker that comes online shows it without a reload (the installer is in the car, waiting).
 */
export const useTask = (taskId: number, pollMs: number) =>
  useQuery({
    queryKey: taskKey(taskId),
    queryFn: () => getTask(taskId),
    enabled: taskId > 0,
    refetchInterval: (q) => (q.state.data?.Task.Status === TaskStatus.Working ? pollMs : false),
  });

/** Task/Transition; the task and the list are asked again after it. */
export function useTransition(taskId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<TransitionInput, 'TaskID'>) => transitionTask({ ...body, TaskID: taskId }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: taskKey(taskId) });
      void client.invalidateQueries({ queryKey: MY_TASKS_KEY });
    },
  });
}
