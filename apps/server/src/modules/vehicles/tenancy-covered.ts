/**
 * The vehicle calls that take another row's id (VehicleID, HoldID, DeviceIDs). Each is tried with a sibling
 * hold's ids in ./routes.test.ts ("another hold's ids") and must answer 403 OutsideHold, like a missing id.
 */
export const VEHICLES_TENANCY_PATHS: string[] = [
  'Vehicle/AddVehicle',
  'Vehicle/ModifyVehicle',
  'Vehicle/RemoveVehicle',
  'Vehicle/GetVehicle',
  'Vehicle/GetVehicleList',
  'Vehicle/BindDevices',
  'Vehicle/ExportVehicles',
];
