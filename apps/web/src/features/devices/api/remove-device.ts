import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export const removeDevice = (DeviceID: string) => api.post<null>('Device/RemoveDevice', { DeviceID });

export function useRemoveDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeDevice,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['devices'] }),
  });
}
