import { api } from '../../../api/instance.ts';

export const disarmDevice = (deviceId: string) =>
  api.post<{ CommandID: number }>('Command/Disarm', { DeviceID: deviceId });
