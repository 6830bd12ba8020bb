import { api } from '../../../api/instance.ts';

export const removePois = (PoiIDs: number[]) => api.post<null>('Poi/RemovePoi', { PoiIDs });
