import { VEHICLE_LIFE_STATUSES } from '@lodestar/domain';
import { Type } from 'typebox';
import { ReplyOf } from './common.ts';

const DeviceID = Type.String({ pattern: '^[0-9A-Za-z]{4,32}$', description: 'the device the vehicle is bound to' });
const LifeStatus = Type.Union(
  VEHICLE_LIFE_STATUSES.map((s) => Type.Literal(s)),
  { description: '1 normal, 2 overdue, 3 repossessed, 4 settled, 5 scrapped' },
);

export const SetLifeStatusBody = Type.Object({ DeviceID, VehicleLifeStatus: LifeStatus });
export const LifeStatusReply = ReplyOf(
  Type.Object({
    DeviceID: Type.String(),
    Plate: Type.String(),
    OwnerName: Type.String(),
    VehicleLifeStatus: Type.Union([Type.Integer(), Type.Null()]),
  }),
);
