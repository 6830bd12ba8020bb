import type { VehicleLifeStatus } from '@lodestar/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export interface LifeStatusBody {
  DeviceID: string;
  VehicleLifeStatus: VehicleLifeStatus;
}

export interface LifeStatusReply extends LifeStatusBody {
  Plate: string;
  OwnerName: string;
}

/** Vehicle/SetLifeStatus (policy management, function 163) of the vehicle bound to a device. */
export const setLifeStatus = (body: LifeStatusBody) => api.post<LifeStatusReply>('Vehicle/SetLifeStatus', body);

export const useSetLifeStatus = () => useMutation({ mutationFn: setLifeStatus });
