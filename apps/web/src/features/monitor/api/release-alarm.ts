import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export interface ReleaseAlarmBody {
  DeviceID: string;
  Reason: string;
}

export const releaseAlarm = (body: ReleaseAlarmBody) => api.post<{ Released: number }>('Alarm/ReleaseAlarm', body);

export function useReleaseAlarm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: releaseAlarm,
    onSuccess: () => void client.invalidateQueries({ queryKey: ['monitor'] }),
  });
}
