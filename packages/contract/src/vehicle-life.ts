import { VEHICLE_LIFE_STATUSES } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { Literals, ReplyOf } from './common.ts';

const DeviceID = Type.String({ pattern: '^[0-9A-Za-z]{4,32}$', description: 'the device the vehicle is bound to' });
const LifeStatus = Literals(VEHICLE_LIFE_STATUSES, {
  description: '1 normal, 2 overdue, 3 repossessed, 4 settled, 5 scrapped',
});

export const SetLifeStatusBody = Type.Object({ DeviceID, VehicleLifeStatus: LifeStatus });
export const LifeStatusReply = ReplyOf(
  Type.Object({
    DeviceID: Type.String(),
    Plate: Type.String(),
    OwnerName: Type.String(),
    VehicleLifeStatus: Type.Union([Type.Integer(), Type.Null()]),
  }),
);
export type SetLifeStatusInput = Static<typeof SetLifeStatusBody>;
export type LifeStatus = Static<typeof LifeStatusReply>['data'];
