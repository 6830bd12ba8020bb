import { api } from '../../../api/instance.ts';

export interface Activated {
  DeviceID: string;
  ActivateTime: string;
  /** The device state after activation: offline until the device reports. */
  State: string;
}

/** Device/Activate (function 76): an inactivated device starts its life now. */
export const activateDevice = (deviceId: string) => api.post<Activated>('Device/Activate', { DeviceID: deviceId });
