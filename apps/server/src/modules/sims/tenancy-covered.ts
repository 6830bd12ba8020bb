/**
 * The SIM calls whose ids `tenancy.test.ts` in this folder tries with a sibling hold's ids
 * (SimID, SimIDs, HoldID, SupplierID, OperatorID, PackageID, CardTypeID, BatchID, FileID and an
 * ICCID range). The project-wide tenancy test can count them as covered.
 */
export const SIMS_TENANCY_PATHS: string[] = [
  'Sim/ImportSims',
  'Sim/GetSimList',
  'Sim/ExportSimList',
  'Sim/GetSimDetail',
  'Sim/Outbound',
  'Download/GetFile',
];
