import { useQuery } from '@tanstack/react-query';
import { getCommandList } from '../../monitor/api/get-command-list.ts';
import { COMMAND_LIST_KEY } from './keys.ts';

/** One device's commands, newest first (the device panel's history). */
export const useCommandList = (deviceId: string | null) =>
  useQuery({
    queryKey: [...COMMAND_LIST_KEY, deviceId],
    queryFn: () => getCommandList(deviceId ?? ''),
    enabled: deviceId !== null,
  });
