/**
 * The event calls that take another row's id (HoldID, DeviceID, FenceID, RoadID), tried in ./routes.test.ts: a
 * hold or device of another answers 403 OutsideHold like a missing one; another's FenceID or RoadID lists nothing,
 * as a missing one does (only the caller's devices' events are read).
 */
export const EVENTS_TENANCY_PATHS: string[] = ['Event/GetEventList', 'Event/ExportEventList'];
