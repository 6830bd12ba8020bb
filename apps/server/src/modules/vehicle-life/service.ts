import { VEHICLE_LIFE_KEYS, type VehicleLifeStatus } from '@lodestar/domain';
import { badRequest } from '../../lib/errors.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { DeviceRepository } from '../devices/repository.ts';
import type { VehicleLifeRepository } from './repository.ts';

/**
 * Policy management (function 163): the VehicleLifeStatus of the vehicle bound to a device, for a
 * device and a vehicle of the caller's subtree.
 */
export class VehicleLifeService {
  constructor(
    private readonly vehicles: VehicleLifeRepository,
    private readonly devices: DeviceRepository,
    private readonly logs: OperationLogRepository,
  ) {}

  async setLifeStatus(auth: AuthContext, typedId: string, lifeStatus: VehicleLifeStatus) {
    const device = await this.devices.findByDeviceId(typedId);
    assertInSubtree(auth.holdPath, device);
    const deviceId = device!.deviceId;
    const vehicle = await this.vehicles.boundTo(deviceId, auth.holdPath);
    if (!vehicle) throw badRequest('noVehicle', deviceId);
    await this.vehicles.setLifeStatus(vehicle.id, lifeStatus);
    const from = vehicle.lifeStatus === null ? '-' : VEHICLE_LIFE_KEYS[vehicle.lifeStatus as VehicleLifeStatus];
    await this.logs.operation({
      userId: auth.userId,
      holdId: auth.holdId,
      action: 'setVehicleLifeStatus',
      detail: `${vehicle.plate} (${deviceId}): ${from} → ${VEHICLE_LIFE_KEYS[lifeStatus]}`,
      ip: auth.ip,
    });
    return { DeviceID: deviceId, Plate: vehicle.plate, OwnerName: vehicle.ownerName, VehicleLifeStatus: lifeStatus };
  }
}
