import { api } from '../../../api/instance.ts';

export const unbindFenceDevices = (FenceID: number, DeviceIDs: string[]) =>
  api.post<null>('Fence/UnbindDevices', { FenceID, DeviceIDs });
