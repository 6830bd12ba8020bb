import { badRequest } from './errors.ts';
import { parseInZone } from './time.ts';

/** A list call's optional time range, as the caller typed it in their own zone. */
export interface TimeRangeInput {
  StartTime?: string | null | undefined;
  EndTime?: string | null | undefined;
}

/**
 * StartTime / EndTime ('YYYY-MM-DD HH:mm:ss' in `timeZone`) as instants; blank means no bound.
 * A time that does not parse, or a start after the end, is a 400 naming the field.
 */
export function parseTimeRange(input: TimeRangeInput, timeZone: string): { from?: Date; to?: Date } {
  const time = (field: 'StartTime' | 'EndTime') => {
    const text = input[field];
    if (!text) return undefined;
    const at = parseInZone(text, timeZone);
    if (!at) throw badRequest('invalidField', field);
    return at;
  };
  const from = time('StartTime');
  const to = time('EndTime');
  if (from && to && from > to) throw badRequest('invalidField', 'StartTime > EndTime');
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}
