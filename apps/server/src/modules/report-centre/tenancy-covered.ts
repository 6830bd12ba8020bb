/**
 * The report centre's id-taking calls (HoldID, DeviceIDs), tried in ./routes.test.ts: another hold's unit or
 * device answers 403 OutsideHold exactly as a missing one.
 */
export const REPORT_CENTRE_TENANCY_PATHS: string[] = ['Report/Run', 'Report/Export'];
