import type { DeviceDetail } from '@lodestar/contract/monitor';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

/** Monitor/GetDeviceDetail: what the device panel shows beyond a monitor row (docs/API.md, DeviceDetail). */
export type { DeviceDetail };
export type CellTower = DeviceDetail['Positioning']['Cells'][number];
export type WifiPoint = DeviceDetail['Positioning']['Wifi'][number];
export type TirePressure = NonNullable<DeviceDetail['Tires']>[number];

export const getDeviceDetail = (deviceId: string) =>
  api.post<DeviceDetail>('Monitor/GetDeviceDetail', { DeviceID: deviceId });

/**
 * The open device's detail, asked again when the device reports (`stamp`: its latest GPS time), keeping the
 * previous answer on screen meanwhile.
 */
export const useDeviceDetail = (deviceId: string, stamp: string | null) =>
  useQuery({
    queryKey: ['monitor', 'detail', deviceId, stamp],
    queryFn: () => getDeviceDetail(deviceId),
    placeholderData: (previous) => (previous?.DeviceID === deviceId ? previous : undefined),
  });
