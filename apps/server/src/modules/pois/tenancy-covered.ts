/** The point calls that take another row's id (PoiID, PoiIDs, HoldID), tried in ./routes.test.ts. */
export const POIS_TENANCY_PATHS: string[] = ['Poi/AddPoi', 'Poi/ModifyPoi', 'Poi/RemovePoi', 'Poi/GetPoiList'];
