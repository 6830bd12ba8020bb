import type { AddPoiInput } from '@lodestar/contract/pois';
import { api } from '../../../api/instance.ts';

export const addPoi = (body: AddPoiInput) => api.post<{ PoiID: number }>('Poi/AddPoi', body);
