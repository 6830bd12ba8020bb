import type { ModifyPoiInput } from '@lodestar/contract/pois';
import { api } from '../../../api/instance.ts';

export const modifyPoi = (body: ModifyPoiInput) => api.post<null>('Poi/ModifyPoi', body);
