import type { DeviceDetail } from '@lodestar/contract/devices';
import { api } from '../../../api/instance.ts';

export type { DeviceDetail };

export const deviceKey = (deviceId: string) => ['devices', 'detail', deviceId] as const;

/** The device with the person or asset it is on: what the edit form opens with. */
export const getDevice = (DeviceID: string) => api.post<DeviceDetail>('Device/GetDevice', { DeviceID });
