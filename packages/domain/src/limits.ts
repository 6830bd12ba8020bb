/** Business constants and limits (spec section 9, and section 5 where it sets numbers). */
export const LIMITS = {
  requestTimeoutMs: 1_000_000,
  toastSeconds: 2,
  /** The SIM administration console's error toasts are shorter (spec section 8: 1000 ms). */
  simToastSeconds: 1,
  smsCodeLifetimeMs: 5 * 60_000,
  /** One code per phone per minute; a phone gets at most this many per hour. */
  smsCodeIntervalMs: 60_000,
  smsCodesPerHour: 5,
  /** Codes asked for from one client address an hour, whatever the phones (SMS_CODE_LIMIT_PER_ADDRESS). */
  smsCodesPerAddressPerHour: 20,
  /** Tries at one code, right or wrong; after this many wrong ones the code is dead. */
  smsCodeTries: 5,
  loginAttemptsPerPhonePerMinute: 10,
  loginAttemptsPerAddressPerMinute: 30,
  /** Code checks (password recovery, registration) a minute; CODE_CHECK_LIMIT_PER_PHONE / _PER_ADDRESS. */
  codeChecksPerPhonePerMinute: 10,
  codeChecksPerAddressPerMinute: 30,
  sessionLifetimeMs: 7 * 24 * 3600_000,
  batchDeviceIds: 1000,
  /** Devices or vehicles one Device/MoveDevices or Vehicle/MoveVehicles names (what moves along is not counted). */
  moveIdsMax: 1000,
  monitorAllDevices: 500,
  /** The keyword search of the device lists (device ID, name, SIM or plate), in characters. */
  deviceKeywordLength: 64,
  trackQueryDays: 30,
  historyFreeDays: 7,
  historyVipDays: 90,
  photoQueryLatest: 300,
  tagScrollStep: 240,
  treeIndent: 5,
  defaultVipYears: 4,
  workOrderPageSizes: [100, 500, 1000],
  pageSizeMax: 1000,
  /** A page beyond this is refused (400): its offset would leave the database's range long before. */
  pageIndexMax: 1_000_000,
  /** The largest value of a PostgreSQL integer column: ids and counts beyond it name nothing. */
  intMax: 2_147_483_647,
  /** Dates a caller may give (reports, filters, service ends), inclusive years. */
  yearMin: 1970,
  yearMax: 2100,
  /** How deeply a JSON body may nest; no call's body comes near it. */
  jsonDepthMax: 32,
} as const;

/** A year from LIMITS.yearMin to LIMITS.yearMax, as a regular-expression source (1970–2100). */
export const YEAR_PATTERN = '(?:19[7-9]\\d|20\\d\\d|2100)';
