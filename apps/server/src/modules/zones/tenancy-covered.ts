/**
 * The zone calls that take another row's id (FenceID, RoadID, HoldID, DeviceIDs). Each is tried with another
 * hold's ids in ./routes.test.ts ("another hold's ids") and must answer 403 OutsideHold, like a missing id.
 */
export const ZONES_TENANCY_PATHS: string[] = [
  'Fence/AddFence',
  'Fence/ModifyFence',
  'Fence/RemoveFence',
  'Fence/GetFenceList',
  'Fence/GetFence',
  'Fence/BindDevices',
  'Fence/UnbindDevices',
  'Road/AddRoad',
  'Road/ModifyRoad',
  'Road/RemoveRoad',
  'Road/GetRoadList',
  'Road/GetRoad',
  'Road/BindDevices',
  'Road/UnbindDevices',
];
