/**
 * The renewal calls whose ids `payments/tenancy.test.ts` tries with a sibling hold's ids (SimIDs,
 * PackageID, HoldID), so the project-wide tenancy test counts them as covered.
 */
export const RENEWAL_TENANCY_PATHS: string[] = [
  'Renewal/GetRenewalSimList',
  'Renewal/ExportRenewalSimList',
  'Renewal/Quote',
  'Renewal/CreateOrder',
];
