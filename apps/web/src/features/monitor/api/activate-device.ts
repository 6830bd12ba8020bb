import type { Activated } from '@lodestar/contract/devices';
import { api } from '../../../api/instance.ts';

export type { Activated };

/** Device/Activate (function 76): an inactivated device starts its life now. */
export const activateDevice = (deviceId: string) => api.post<Activated>('Device/Activate', { DeviceID: deviceId });
