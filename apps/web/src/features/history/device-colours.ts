/**
 * One colour a device in a replay of several (issue #16: up to 10), by its place in the choice. Picked to
 * stay apart from each other and from the map's greys; the speed classes' colours (speed-colours.ts) are
 * used only when one device is shown, so sharing hues with them does not mislead.
 */
export const DEVICE_COLOURS = [
  '#1677ff',
  '#eb2f96',
  '#fa8c16',
  '#13c2c2',
  '#722ed1',
  '#a0d911',
  '#f5222d',
  '#2f54eb',
  '#faad14',
  '#08979c',
] as const;

export const deviceColour = (index: number) => DEVICE_COLOURS[index % DEVICE_COLOURS.length]!;
