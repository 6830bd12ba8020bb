/** The insurance calls that take another row's id (VehicleID, PolicyID(s), HoldID), tried in ./routes.test.ts. */
export const INSURANCE_TENANCY_PATHS: string[] = [
  'Insurance/AddPolicy',
  'Insurance/ModifyPolicy',
  'Insurance/RemovePolicy',
  'Insurance/GetPolicyList',
  'Insurance/ExportPolicyList',
  'Insurance/GetAttachment',
  'Insurance/UploadAttachment',
];
