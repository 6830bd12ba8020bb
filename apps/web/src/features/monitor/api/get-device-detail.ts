import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

/** Monitor/GetDeviceDetail: what the device panel shows beyond a monitor row (docs/API.md, DeviceDetail). */
export interface CellTower {
  MCC: number;
  MNC: number;
  LAC: number;
  CellID: number;
  Signal?: number;
}
export interface WifiPoint {
  MAC: string;
  RSSI: number;
}
export interface TirePressure {
  /** 1-based, from the front, left to right. */
  Position: number;
  PressureKPa: number;
}
export interface DeviceDetail {
  DeviceID: string;
  /** Litres; null when unknown. */
  Oil: number | null;
  Vehicle: { Plate: string; OwnerName: string } | null;
  Positioning: { Type: 'gps' | 'lbs' | 'wifi'; Cells: CellTower[]; Wifi: WifiPoint[] };
  Tires: TirePressure[] | null;
}

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
