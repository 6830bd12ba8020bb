import type { FenceGeometry, LineGeometry } from '@lodestar/domain';
import { fenceBBox, fenceShapeOf, lineBBox, validateFence, validateLine } from '@lodestar/domain';
import { badRequest } from '../../lib/errors.ts';
import { formatInZone, parseInZone } from '../../lib/time.ts';
import { GEOMETRY_PROBLEM } from './messages.ts';

/**
 * What the fence and road calls take apart before storing: geometry checked and boxed, clocks as minutes,
 * times as instants. Every refusal is a 400 naming the field.
 */

export function fenceGeometryColumns(g: FenceGeometry) {
  const problem = validateFence(g);
  if (problem) throw badRequest(GEOMETRY_PROBLEM[problem], 'Geometry');
  const [minLng, minLat, maxLng, maxLat] = fenceBBox(g);
  return { shape: fenceShapeOf(g), geometry: g, minLng, minLat, maxLng, maxLat };
}

/** A road's box is its line's widened by half the corridor, so a device at the corridor's edge is in it. */
export function roadGeometryColumns(g: LineGeometry, width: number) {
  const problem = validateLine(g);
  if (problem) throw badRequest(GEOMETRY_PROBLEM[problem], 'Geometry');
  const [minLng, minLat, maxLng, maxLat] = lineBBox(g, width / 2);
  return { geometry: g, minLng, minLat, maxLng, maxLat };
}

/** `HH:mm` (the schema checked its form) as minutes after midnight; null stays null. */
export const clockMinutes = (text: string | null): number | null => {
  if (text === null) return null;
  const [h, m] = text.split(':');
  return Number(h) * 60 + Number(m);
};
export const clockText = (minutes: number | null): string | null =>
  minutes === null
    ? null
    : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A time the caller typed in its zone; null clears, undefined leaves as it is. */
export function instantIn(text: string | null | undefined, timeZone: string, field: string): Date | null | undefined {
  if (text === undefined || text === null) return text;
  const at = parseInZone(text, timeZone);
  if (!at) throw badRequest('invalidField', field);
  return at;
}

export const timeText = (d: Date | null, timeZone: string): string | null => (d ? formatInZone(d, timeZone) : null);

/** A valid period ends after it starts; a daily window has both ends or neither, and they differ. */
export function checkFenceTimes(f: {
  validFrom: Date | null;
  validTo: Date | null;
  dailyFrom: number | null;
  dailyTo: number | null;
}): void {
  if (f.validFrom && f.validTo && f.validTo <= f.validFrom) throw badRequest('zoneValidToBeforeFrom', 'ValidTo');
  if ((f.dailyFrom === null) !== (f.dailyTo === null) || (f.dailyFrom !== null && f.dailyFrom === f.dailyTo))
    throw badRequest('zoneDailyWindow', 'DailyTo');
}

/** One limit (or null) per segment of the road: its vertices less one. */
export function checkSegmentLimits(limits: (number | null)[] | null, g: LineGeometry): void {
  if (limits && limits.length !== g.coordinates.length - 1) throw badRequest('zoneSegmentLimits', 'SegmentLimits');
}
