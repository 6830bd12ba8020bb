import type { CommandRow } from '@lodestar/contract/commands';
import { api } from '../../../api/instance.ts';

export type { CommandRow };

export const getCommandList = (deviceId: string) =>
  api.post<CommandRow[]>('Command/GetCommandList', { DeviceID: deviceId });
