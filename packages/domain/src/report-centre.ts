/**
 * The GPS report centre (issue #21, /report/<type>): the report types in menu order, the period and duration
 * choices of spec section 9, and the limits server and console share.
 */
export const REPORT_TYPES = [
  'mileageDaily',
  'trips',
  'stops',
  'overspeed',
  'alarms',
  'fence',
  'roadDeviation',
  'acc',
  'idling',
  'onlineRate',
  'offline',
  'noFix',
  'commandLog',
  'photoLog',
  'vipExpiry',
  'simExpiry',
  'inventory',
  'newDevices',
  'fuel',
  'driving',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** Spec section 9's report periods, as the console offers them (today, yesterday, … 3 months). */
export const REPORT_PERIODS = [
  'today',
  'yesterday',
  'dayBefore',
  'days2',
  'days3',
  'week',
  'weeks2',
  'weeks3',
  'month',
  'months2',
  'months3',
] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

const HOUR = 3600;
const DAY = 86_400;
/** Spec section 9's stop duration choices, 1 hour to 1 year, in seconds (stops and offline devices). */
export const REPORT_DURATION_CHOICES = [
  HOUR,
  2 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  3 * DAY,
  7 * DAY,
  15 * DAY,
  30 * DAY,
  90 * DAY,
  180 * DAY,
  365 * DAY,
] as const;

/** The idling report's threshold: the engine on and the vehicle still at least this long (seconds). */
export const REPORT_IDLE_CHOICES = [60, 180, 300, 600, 1800, 3600] as const;

export const REPORT_LIMITS = {
  /** The longest period: 3 months back from today's end (92 days) plus the day itself. */
  maxDays: 93,
  /**
   * Device-days past which Report/Run does not answer in the request but starts the export in the background
   * (200 devices over 31 days): the page says where the file lands.
   */
  backgroundDeviceDays: 200 * 31,
  /** Devices a DeviceIDs list may name. */
  maxDeviceIds: 500,
} as const;

/** How a column's values read: the console formats each kind (metres as km, seconds as h:mm:ss, volume in litres, …). */
export const REPORT_COLUMN_KINDS = [
  'text',
  'time',
  'date',
  'distance',
  'duration',
  'number',
  'speed',
  'percent',
  'volume',
] as const;
export type ReportColumnKind = (typeof REPORT_COLUMN_KINDS)[number];

export const REPORT_EXPORT_FORMATS = ['xlsx', 'csv', 'pdf'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];
