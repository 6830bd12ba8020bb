import type { TFunction } from 'i18next';

const KNOWN_ALARMS = ['sos', 'powerCut', 'lowBattery', 'vibration', 'overspeed', 'removal'];

/** The text of an alarm code (sos, powerCut, …); unknown codes are shown as they come. */
export const alarmLabel = (t: TFunction<'monitor'>, code: string): string =>
  KNOWN_ALARMS.includes(code) ? t(`alarm.${code}` as 'alarm.sos') : t('alarm.other', { name: code });

export const statusLabel = (t: TFunction<'monitor'>, status: string): string =>
  t(`status.${status}` as 'status.moving', { defaultValue: status });
