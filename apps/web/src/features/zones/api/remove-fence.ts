import { api } from '../../../api/instance.ts';

export const removeFences = (FenceIDs: number[]) => api.post<null>('Fence/RemoveFence', { FenceIDs });
