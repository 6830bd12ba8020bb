import type { BindResult, RoadBindInput } from '@lodestar/contract/zones';
import { api } from '../../../api/instance.ts';

export const bindRoadDevices = (body: RoadBindInput) => api.post<BindResult>('Road/BindDevices', body);
