import type { AddFenceInput } from '@lodestar/contract/zones';
import { api } from '../../../api/instance.ts';

export const addFence = (body: AddFenceInput) => api.post<{ FenceID: number }>('Fence/AddFence', body);
