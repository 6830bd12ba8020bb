import type { StatusFilter } from '@lodestar/domain';

export { STATUS_FILTERS, type StatusFilter } from '@lodestar/domain';

export type MonitorCounts = Record<StatusFilter, number>;

/** A row of Monitor/GetMonitorList: the Device fields of spec section 3 with its latest state. */
export interface MonitorRow {
  DeviceID: string;
  DeviceName: string;
  Protocol: string;
  SIM: string;
  Model: string;
  TrackerType: string;
  TimeZone: string;
  Remark: string;
  HoldID: number;
  HoldName: string;
  VipExpiry: string | null;
  Lat: number | null;
  Lng: number | null;
  Speed: number | null;
  Course: number | null;
  GpsTime: string | null;
  ReceiveTime: string | null;
  Online: boolean;
  Acc: boolean | null;
  Mileage: number;
  Battery: number | null;
  Alarms: string[];
  Status: string;
  State: string;
  /** When a user activated the device (Device/Activate), in the user's time zone. */
  ActivateTime?: string | null;
  Followed?: boolean;
  /** The bound vehicle's plate and VehicleLifeStatus (1 normal … 5 scrapped), null without one. */
  Plate?: string | null;
  VehicleLifeStatus?: number | null;
}

/** One row of the live feed's `positions` message. GpsTime is ISO UTC. */
export interface LivePosition {
  DeviceID: string;
  Lat: number;
  Lng: number;
  Speed: number;
  Course: number;
  GpsTime: string;
  Acc: boolean | null;
  Alarms: string[];
  Status: string;
  Mileage: number;
  Events?: unknown;
}
