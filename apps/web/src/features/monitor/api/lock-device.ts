import type { CommandId } from '@lodestar/contract/commands';
import { api } from '../../../api/instance.ts';

/**
 * Command/Lock (function 83): cut the vehicle's fuel/power through the device's immobiliser relay. The server asks
 * for the sender's own password again.
 */
export const lockDevice = (deviceId: string, password?: string) =>
  api.post<CommandId>('Command/Lock', { DeviceID: deviceId, Password: password });

/** Command/Unlock (function 83): restore the fuel/power, with the sender's password too. */
export const unlockDevice = (deviceId: string, password?: string) =>
  api.post<CommandId>('Command/Unlock', { DeviceID: deviceId, Password: password });
