import type { BindResult, FenceBindInput } from '@lodestar/contract/zones';
import { api } from '../../../api/instance.ts';

export type { BindResult };

export const bindFenceDevices = (body: FenceBindInput) => api.post<BindResult>('Fence/BindDevices', body);
