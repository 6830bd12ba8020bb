import type { CommandId } from '@lodestar/contract/commands';
import { api } from '../../../api/instance.ts';

/** Command/Lock (function 83): cut the vehicle's fuel/power through the device's immobiliser relay. */
export const lockDevice = (deviceId: string) => api.post<CommandId>('Command/Lock', { DeviceID: deviceId });

/** Command/Unlock (function 83): restore the fuel/power. */
export const unlockDevice = (deviceId: string) => api.post<CommandId>('Command/Unlock', { DeviceID: deviceId });
