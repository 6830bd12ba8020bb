import type { FileIdData } from '@lodestar/contract/common';
import type { DeviceListInput, DeviceRow } from '@lodestar/contract/devices';
import type {
  AddVehicleInput,
  BindDevicesInput,
  ModifyVehicleInput,
  VehicleExportInput,
  VehicleListInput,
  VehicleRow,
  VehicleSortColumn,
} from '@lodestar/contract/vehicles';
import { ErrCode, type Page } from '@lodestar/domain';
import { ApiError } from '../../../api/client.ts';
import { api } from '../../../api/instance.ts';

export type { VehicleRow, VehicleSortColumn };

/** The list's filters: its export body less the order the table owns. HoldID absent = the caller's subtree. */
export type VehicleFilters = Omit<VehicleExportInput, 'SortColumn' | 'SortType'>;

export const VEHICLES_KEY = ['info', 'vehicles'] as const;

export const getVehicleList = (q: VehicleListInput) => api.post<Page<VehicleRow>>('Vehicle/GetVehicleList', q);
export const exportVehicles = (q: VehicleExportInput) => api.post<FileIdData>('Vehicle/ExportVehicles', q);
export const addVehicle = (body: AddVehicleInput) => api.post<{ VehicleID: number }>('Vehicle/AddVehicle', body);
export const modifyVehicle = (body: ModifyVehicleInput) => api.post<null>('Vehicle/ModifyVehicle', body);
export const removeVehicle = (VehicleID: number) => api.post<null>('Vehicle/RemoveVehicle', { VehicleID });
export const bindDevices = (body: BindDevicesInput) => api.post<null>('Vehicle/BindDevices', body);

/** Devices of the subtree for the bound-devices picker: a part of the ID typed, the first page. */
export const searchDevices = (q: Pick<DeviceListInput, 'Keyword' | 'HoldID'>) =>
  api.post<Page<DeviceRow>>('Device/GetDeviceList', { PageIndex: 1, PageSize: 20, SortColumn: 'DeviceID', ...q });

/**
 * The server's refusal of a device that is on another object: its message names, per device, where it is
 * (`<DeviceID> → vehicle 浙A12345`), and the same request with Force moves them.
 */
export const isBoundElsewhere = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.errCode === ErrCode.Conflict && err.message.includes(' → ');
