/**
 * Track colours by speed (spec section 9: under 30 red, under 60 blue, over 80 green). The spec leaves
 * 60–80 open; it gets a fourth colour, orange. Every class is half-open, [from, next from): exactly
 * 30 is blue, exactly 60 orange, and exactly 80 is green — "over 80" read as the class that starts at
 * 80, so that no speed falls between two classes.
 */
export const SPEED_CLASSES = [
  { key: 'slow', from: 0, color: '#f5222d' },
  { key: 'medium', from: 30, color: '#1677ff' },
  { key: 'fast', from: 60, color: '#fa8c16' },
  { key: 'fastest', from: 80, color: '#52c41a' },
] as const;

export type SpeedClass = 0 | 1 | 2 | 3;

/** The class (index into SPEED_CLASSES) of a speed in km/h; negative or NaN speeds count as stopped (class 0). */
export function speedClass(kmh: number): SpeedClass {
  if (kmh >= 80) return 3;
  if (kmh >= 60) return 2;
  if (kmh >= 30) return 1;
  return 0;
}

export const speedColour = (kmh: number): string => SPEED_CLASSES[speedClass(kmh)].color;
