/** The tracker protocols a device is registered with (Device/AddDevice `Protocol`). */
export const PROTOCOLS = ['gt06', 'jt808', 'h02', 'osmand', 'teltonika'] as const;
export type Protocol = (typeof PROTOCOLS)[number];

/** The command types the per-device queue takes (Command/SendCommand `Type`). */
export const COMMAND_TYPES = [
  'engineStop',
  'engineResume',
  'arm',
  'disarm',
  'text',
  'setParameters',
  'photo',
  'custom',
  'zoneSet',
  'zoneDelete',
  // Issue #18's catalogue (command-catalogue.ts says what each takes).
  'message',
  'positionQuery',
  'uploadInterval',
  'speedAlarm',
  'sensorAlarm',
  'trackingMode',
  'centerNumber',
  'queryStatus',
  'queryParameters',
  'terminalControl',
] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];

/**
 * What a device is on, which decides the device form (spec section 3: Device, Person device, Asset device).
 * Stored as these numbers in devices.object_type; a person's or asset's fields are its device_objects row.
 */
export const ObjectType = { Vehicle: 1, Person: 2, Asset: 3 } as const;
export type ObjectTypeCode = (typeof ObjectType)[keyof typeof ObjectType];
export const OBJECT_TYPE_KEYS = { 1: 'vehicle', 2: 'person', 3: 'asset' } as const satisfies Record<
  ObjectTypeCode,
  string
>;

/**
 * The device list's State filter: the monitor's filters of these names (Monitor/GetMonitorCounts' rules), so the
 * GPS home's figures link to a list of exactly that many devices.
 */
export const DEVICE_STATE_FILTERS = ['online', 'offline', 'moving', 'unused'] as const;
export type DeviceStateFilter = (typeof DEVICE_STATE_FILTERS)[number];

/**
 * VIP states (spec section 4): expired (the expiry day is before today), or expiring within 7, 30 or 60 days
 * (today up to today + N − 1, cumulative: the 30 include the 7). "Today" is the caller's time zone's.
 */
export const VIP_FILTERS = ['expired', '7', '30', '60'] as const;
export type VipFilter = (typeof VIP_FILTERS)[number];

/** The device list's sortable columns. */
export const DEVICE_SORT_COLUMNS = ['DeviceID', 'DeviceName', 'CreateTime', 'HoldName', 'VipExpiry', 'SIM'] as const;
export type DeviceSortColumn = (typeof DEVICE_SORT_COLUMNS)[number];

/** A person's photo (Device/UploadPhoto): JPG or PNG up to this size. */
export const PERSON_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
