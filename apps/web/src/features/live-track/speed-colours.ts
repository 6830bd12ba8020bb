/**
 * Speed classes of spec section 9 for the live trail (under 30 km/h red, under 60 blue, 60 to 80 a
 * fourth colour, over 80 green). Kept minimal here: history playback's own helper
 * (features/history/speed-colours.ts) had not landed when this was written. 80 exactly counts as over
 * 80, 60 exactly as 60–80, 30 exactly as under 60.
 */
export const SPEED_CLASSES = [
  { key: 'slow', below: 30, color: '#f5222d' },
  { key: 'medium', below: 60, color: '#1677ff' },
  { key: 'fast', below: 80, color: '#fa8c16' },
  { key: 'fastest', below: Number.POSITIVE_INFINITY, color: '#52c41a' },
] as const;

export type SpeedClass = (typeof SPEED_CLASSES)[number];

export function speedClass(kmh: number): SpeedClass {
  for (const c of SPEED_CLASSES) if (kmh < c.below) return c;
  // NaN compares false with every bound: the fastest class, as the last one.
  return SPEED_CLASSES[3];
}
