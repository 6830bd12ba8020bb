import type { LifeStatus, SetLifeStatusInput } from '@lodestar/contract/vehicle-life';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

/** Vehicle/SetLifeStatus (policy management, function 163) of the vehicle bound to a device. */
export const setLifeStatus = (body: SetLifeStatusInput) => api.post<LifeStatus>('Vehicle/SetLifeStatus', body);

export const useSetLifeStatus = () => useMutation({ mutationFn: setLifeStatus });
