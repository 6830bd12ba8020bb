/**
 * The work-order calls that take another row's id (ICCIDs, a PackageID, WorkIDs, a ReHoldID).
 * Each is tried with a sibling hold's ids in ./tenancy.test.ts and must answer 403 OutsideHold.
 */
export const WORK_ORDER_TENANCY_PATHS: string[] = ['WorkFlow/AddWorkFlow', 'WorkFlow/CheckWorkFlow'];
