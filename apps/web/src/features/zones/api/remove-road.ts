import { api } from '../../../api/instance.ts';

export const removeRoads = (RoadIDs: number[]) => api.post<null>('Road/RemoveRoad', { RoadIDs });
