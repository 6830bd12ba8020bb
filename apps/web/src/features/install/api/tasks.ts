import type { FileIdData } from '@lodestar/contract/common';
import type {
  AddTaskInput,
  AssignInput,
  ModifyTaskInput,
  TaskDetail,
  TaskExportInput,
  TaskListInput,
  TaskRow,
  TaskSortColumn,
  TransitionInput,
} from '@lodestar/contract/install';
import type { Page } from '@lodestar/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export type { TaskDetail, TaskRow, TaskSortColumn };
export type TaskFilters = Omit<TaskExportInput, 'SortColumn' | 'SortType'>;

export const TASKS_KEY = ['info', 'tasks'] as const;
export const taskDetailKey = (id: number) => ['info', 'tasks', 'detail', id] as const;

export const getTaskList = (q: TaskListInput) => api.post<Page<TaskRow>>('Task/GetTaskList', q);
export const exportTasks = (q: TaskExportInput) => api.post<FileIdData>('Task/ExportTaskList', q);
export const addTask = (body: AddTaskInput) => api.post<{ TaskID: number; OrderNo: string }>('Task/AddTask', body);
export const modifyTask = (body: ModifyTaskInput) => api.post<null>('Task/ModifyTask', body);
export const assignTask = (body: AssignInput) => api.post<null>('Task/Assign', body);
export const moveTask = (body: TransitionInput) => api.post<null>('Task/Transition', body);
export const getTask = (id: number) => api.post<TaskDetail>('Task/GetTask', { TaskID: id });

export const useTaskDetail = (id: number | null) =>
  useQuery({ queryKey: taskDetailKey(id ?? 0), queryFn: () => getTask(id!), enabled: id !== null });
