import type { Followed } from '@lodestar/contract/monitor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

/** Follows or unfollows (a toggle, spec section 4). */
export const followDevice = (deviceId: string) => api.post<Followed>('Monitor/Follow', { DeviceID: deviceId });

export function useFollowDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: followDevice,
    onSuccess: () => void client.invalidateQueries({ queryKey: ['monitor'] }),
  });
}
