/** Filters of the device list (spec section 4), as Monitor/GetMonitorList takes them and GetMonitorCounts counts them. */
export const STATUS_FILTERS = [
  'all',
  'online',
  'offline',
  'moving',
  'ignitionOff',
  'alarm',
  'normal',
  'unused',
  'followed',
] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/**
 * The live feed's close codes the console acts on: 4401 log in again, 4403 no monitor function, 4400 bad
 * request; 4409 the user's functions or hold changed while the session stayed valid (connect again).
 */
export const LIVE_CLOSE = { BadRequest: 4400, LoginAgain: 4401, NoFunction: 4403, AccessChanged: 4409 } as const;

/** Messages a live-feed client may send before its token is checked; more close the socket (4400). */
export const LIVE_EARLY_MESSAGES_MAX = 100;

/** Devices one live-feed `watch` may name: the monitor lists at most 500, a batch search at most 1,000. */
export const LIVE_WATCH_MAX = 5000;
