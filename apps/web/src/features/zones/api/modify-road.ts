import type { ModifyRoadInput } from '@lodestar/contract/zones';
import { api } from '../../../api/instance.ts';

export const modifyRoad = (body: ModifyRoadInput) => api.post<null>('Road/ModifyRoad', body);
