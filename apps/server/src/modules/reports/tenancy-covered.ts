/**
 * The reports calls whose ids `tenancy.test.ts` in this folder tries with a sibling hold's ids
 * (HoldID, OperatorID, PackageID), so the project-wide tenancy test counts them as covered.
 */
export const REPORTS_TENANCY_PATHS: string[] = [
  'Report/GetRenewalFeeList',
  'Report/ExportRenewalFeeList',
  'Report/GetNewStoppedCards',
  'Report/ExportNewStoppedCards',
];
