import { isVehicleLifeStatus, VEHICLE_LIFE_KEYS } from '@lodestar/domain';
import type { TFunction } from 'i18next';

/** Tag colours of the VehicleLifeStatus codes: 1 normal … 5 scrapped. */
const COLOURS: Record<string, string> = {
  normal: '#16a34a',
  overdue: '#d97706',
  repossessed: '#dc2626',
  settled: '#2563eb',
  scrapped: '#6b7280',
};

/** The key ('overdue' …) of a life status code, or null for none or an unknown code. */
export const lifeKey = (code: number | null | undefined): string | null =>
  isVehicleLifeStatus(code) ? VEHICLE_LIFE_KEYS[code] : null;

export const lifeColour = (key: string): string => COLOURS[key] ?? '#6b7280';

export const lifeLabel = (t: TFunction<'monitor'>, key: string): string =>
  t(`lifeStatus.${key}` as 'lifeStatus.normal', { defaultValue: key });
