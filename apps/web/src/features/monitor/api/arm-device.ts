import type { CommandId } from '@lodestar/contract/commands';
import { api } from '../../../api/instance.ts';

export const armDevice = (deviceId: string) => api.post<CommandId>('Command/Arm', { DeviceID: deviceId });
