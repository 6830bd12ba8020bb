import type { ModelListInput, ModelRow, SetFullFunctionInput } from '@lodestar/contract/zones';
import type { Page } from '@lodestar/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export type { ModelRow };

/** Every model list query key starts with this (useServerList appends filters and paging). */
export const modelListRoot = ['devices', 'models'] as const;

/** DeviceModel/GetModelList: the models of the caller's devices, whether each is full-function. */
export const getModelList = (q: ModelListInput) => api.post<Page<ModelRow>>('DeviceModel/GetModelList', q);

/** DeviceModel/SetFullFunction: the platform's administrators only (fn 70 at the root unit). */
export const setFullFunction = (body: SetFullFunctionInput) => api.post<unknown>('DeviceModel/SetFullFunction', body);

export function useSetFullFunction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setFullFunction,
    onSuccess: () => void qc.invalidateQueries({ queryKey: modelListRoot }),
  });
}
