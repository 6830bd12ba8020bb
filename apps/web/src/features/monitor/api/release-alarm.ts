import type { ReleaseAlarmInput, Released } from '@lodestar/contract/monitor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export const releaseAlarm = (body: ReleaseAlarmInput) => api.post<Released>('Alarm/ReleaseAlarm', body);

export function useReleaseAlarm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: releaseAlarm,
    onSuccess: () => void client.invalidateQueries({ queryKey: ['monitor'] }),
  });
}
