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
