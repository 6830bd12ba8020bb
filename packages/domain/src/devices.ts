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
