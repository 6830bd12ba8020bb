/** The province calls that take another row's id (HoldID, RoadIDs), tried in ./routes.test.ts. */
export const PROVINCES_TENANCY_PATHS: string[] = [
  'Province/GetProvinceList',
  'Province/SetHoldProvinces',
  'Province/SetDefaultProvince',
  'Province/GetCounts',
  'Province/GetLines',
  'Province/SetLineProvince',
];
