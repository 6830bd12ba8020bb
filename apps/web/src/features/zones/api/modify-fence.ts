import type { ModifyFenceInput } from '@lodestar/contract/zones';
import { api } from '../../../api/instance.ts';

export const modifyFence = (body: ModifyFenceInput) => api.post<null>('Fence/ModifyFence', body);
