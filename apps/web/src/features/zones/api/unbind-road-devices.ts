import { api } from '../../../api/instance.ts';

export const unbindRoadDevices = (RoadID: number, DeviceIDs: string[]) =>
  api.post<null>('Road/UnbindDevices', { RoadID, DeviceIDs });
