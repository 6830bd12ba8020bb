/** Map statuses of a device (spec section 4). */
export const MAP_STATUSES = ['moving', 'ignitionOff', 'still', 'offline', 'alarm', 'weakGps', 'unused'] as const;
export type MapStatus = (typeof MAP_STATUSES)[number];

export interface StatusStyle {
  color: string;
  /** An arrow shows the course; a dot is drawn for devices that are not reporting. */
  shape: 'arrow' | 'dot';
  /** The map image id of the status's icon. */
  icon: string;
}

const COLORS: Record<MapStatus, string> = {
  moving: '#16a34a',
  ignitionOff: '#7c3aed',
  still: '#1677ff',
  offline: '#8c8c8c',
  alarm: '#e11d48',
  weakGps: '#f59e0b',
  unused: '#bfbfbf',
};

export const toMapStatus = (value: unknown): MapStatus =>
  MAP_STATUSES.includes(value as MapStatus) ? (value as MapStatus) : 'offline';

export function statusStyle(status: unknown): StatusStyle {
  const s = toMapStatus(status);
  return { color: COLORS[s], shape: s === 'offline' || s === 'unused' ? 'dot' : 'arrow', icon: `device-${s}` };
}
