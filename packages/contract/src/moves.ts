import { LIMITS } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { type DataOf, DeviceID, Id, Literals, ReplyOf } from './common.ts';

/**
 * Move parent / migrate (spec section 2): devices or vehicles to another unit of the caller's subtree,
 * with what moves along. `DryRun: true` is the preview: the same reply, nothing changed.
 */
const DryRun = Type.Optional(
  Type.Boolean({ description: 'true: only answer what would move (the preview); nothing is changed' }),
);
const Target = Id;

export const MoveDevicesBody = Type.Object({
  DeviceIDs: Type.Array(DeviceID, { minItems: 1, maxItems: LIMITS.moveIdsMax }),
  HoldID: Target,
  DryRun,
});
export type MoveDevicesInput = Static<typeof MoveDevicesBody>;

export const MoveVehiclesBody = Type.Object({
  VehicleIDs: Type.Array(Id, { minItems: 1, maxItems: LIMITS.moveIdsMax }),
  HoldID: Target,
  DryRun,
});
export type MoveVehiclesInput = Static<typeof MoveVehiclesBody>;

const From = {
  FromHoldID: Type.Integer(),
  FromHoldName: Type.String(),
};

export const MovedVehicleSchema = Type.Object({ VehicleID: Type.Integer(), Plate: Type.String(), ...From });
export type MovedVehicle = Static<typeof MovedVehicleSchema>;

export const MovedDeviceSchema = Type.Object({
  DeviceID: Type.String(),
  DeviceName: Type.String(),
  ...From,
  ObjectType: Literals(['vehicle', 'person', 'asset'] as const),
  /** The plate of its vehicle (when the caller may see it), or the person's or asset's name (its row goes along). */
  ObjectName: Type.String(),
  Along: Type.Boolean({ description: 'true: not named in the call, moves with its vehicle' }),
  Unbound: Type.Boolean({ description: 'true: taken off its vehicle, which does not move to the unit' }),
});
export type MovedDevice = Static<typeof MovedDeviceSchema>;

export const MovedSimSchema = Type.Object({
  SimID: Type.Integer(),
  ICCID: Type.String(),
  MSISDN: Type.String(),
  DeviceID: Type.String({ description: 'the moving device whose SIM (MSISDN or ICCID) it is' }),
  ...From,
});
export type MovedSim = Static<typeof MovedSimSchema>;

export const MoveResultSchema = Type.Object({
  HoldID: Type.Integer(),
  HoldName: Type.String(),
  DryRun: Type.Boolean({ description: 'true: a preview, nothing was changed' }),
  Vehicles: Type.Array(MovedVehicleSchema),
  Devices: Type.Array(MovedDeviceSchema),
  Sims: Type.Array(MovedSimSchema),
  AlreadyThere: Type.Integer({ description: 'named devices or vehicles already in the unit: left as they are' }),
});
export const MoveReply = ReplyOf(MoveResultSchema);
export type MoveResult = DataOf<typeof MoveReply>;
