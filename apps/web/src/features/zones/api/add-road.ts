import type { AddRoadInput } from '@lodestar/contract/zones';
import { api } from '../../../api/instance.ts';

export const addRoad = (body: AddRoadInput) => api.post<{ RoadID: number }>('Road/AddRoad', body);
