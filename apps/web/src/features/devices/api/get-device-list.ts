import type { DeviceInfoRow, DeviceListInput } from '@lodestar/contract/devices';
import type { Page } from '@lodestar/domain';
import { api } from '../../../api/instance.ts';

/** Every device list query key starts with this (useServerList appends filters and paging), so writes refresh them all. */
export const deviceListRoot = ['devices', 'list'] as const;

export type { DeviceInfoRow };
/** The list's filters: the call's body without paging and order (what the address carries). */
export type DeviceFilterInput = Omit<DeviceListInput, 'PageIndex' | 'PageSize' | 'SortColumn' | 'SortType'>;

export const getDeviceList = (q: DeviceListInput) => api.post<Page<DeviceInfoRow>>('Device/GetDeviceList', q);
