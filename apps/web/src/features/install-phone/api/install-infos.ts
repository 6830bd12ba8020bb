import type { AddInstallInfoInput } from '@lodestar/contract/install';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import { taskKey } from './tasks.ts';

export const addInstallInfo = (body: AddInstallInfoInput) => api.post<{ InfoID: number }>('Task/AddInstallInfo', body);
export const removeInstallInfo = (infoId: number) => api.post<null>('Task/RemoveInstallInfo', { InfoID: infoId });

export function useAddInstallInfo(taskId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<AddInstallInfoInput, 'TaskID'>) => addInstallInfo({ ...body, TaskID: taskId }),
    onSuccess: () => client.invalidateQueries({ queryKey: taskKey(taskId) }),
  });
}

export function useRemoveInstallInfo(taskId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeInstallInfo,
    onSuccess: () => client.invalidateQueries({ queryKey: taskKey(taskId) }),
  });
}
