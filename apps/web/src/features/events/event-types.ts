import { DEVICE_ALARM_TYPES, EVENT_TYPES, ZONE_EVENT_TYPES } from '@lodestar/domain';
import type { TFunction } from 'i18next';

/** The event list's type filter, grouped as a person looks for them: fences and roads, device alarms, state changes. */
export const EVENT_GROUPS = {
  zone: ZONE_EVENT_TYPES,
  alarm: DEVICE_ALARM_TYPES,
  state: EVENT_TYPES.filter(
    (t) =>
      !(ZONE_EVENT_TYPES as readonly string[]).includes(t) && !(DEVICE_ALARM_TYPES as readonly string[]).includes(t),
  ),
} as const;

const KNOWN = new Set<string>(EVENT_TYPES);

/** The text of an event type (fenceEnter, sos, ignitionOn …); a name the console does not know shows as it comes. */
export const eventLabel = (t: TFunction<'events'>, type: string): string =>
  KNOWN.has(type) ? t(`type.${type}` as 'type.sos') : t('type.other', { name: type });

export const isZoneEvent = (type: string | undefined): boolean =>
  type !== undefined && (ZONE_EVENT_TYPES as readonly string[]).includes(type);
