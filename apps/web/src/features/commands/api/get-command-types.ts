import type { CommandTypeRow, CommandTypes, CommandTypesInput } from '@lodestar/contract/commands';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import { COMMAND_TYPES_KEY } from './keys.ts';

export type { CommandTypeRow, CommandTypes };

export const getCommandTypes = (body: CommandTypesInput) => api.post<CommandTypes>('Command/GetCommandTypes', body);

/** What the chosen devices (or a unit's) can be sent; nothing is asked until something is chosen. */
export const useCommandTypes = (target: CommandTypesInput | null) =>
  useQuery({
    queryKey: [...COMMAND_TYPES_KEY, target],
    queryFn: () => getCommandTypes(target ?? {}),
    enabled: target !== null,
    staleTime: 30_000,
  });
