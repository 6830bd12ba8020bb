import type { CommandId } from '@lodestar/contract/commands';
import { api } from '../../../api/instance.ts';

export const disarmDevice = (deviceId: string) => api.post<CommandId>('Command/Disarm', { DeviceID: deviceId });
