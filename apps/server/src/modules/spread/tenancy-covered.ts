/** The business map's calls that take a HoldID, tried in ./routes.test.ts. */
export const SPREAD_TENANCY_PATHS: string[] = ['Spread/GetDistribution'];
