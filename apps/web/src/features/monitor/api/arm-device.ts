import { api } from '../../../api/instance.ts';

export const armDevice = (deviceId: string) => api.post<{ CommandID: number }>('Command/Arm', { DeviceID: deviceId });
