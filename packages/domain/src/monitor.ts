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
