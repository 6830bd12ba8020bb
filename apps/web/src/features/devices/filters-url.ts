import {
  DEVICE_STATE_FILTERS,
  type DeviceStateFilter,
  type ObjectTypeCode,
  PROTOCOLS,
  type Protocol,
  VIP_FILTERS,
  type VipFilter,
} from '@lodestar/domain';
import type { DeviceFilterInput } from './api/get-device-list.ts';

/**
 * The device list's filters live in the address (`/info/device?State=online&HoldID=4`), so the GPS home links to a
 * filtered list and a reload keeps it. Anything the list does not know is dropped.
 */
const positive = (v: string | null): number | undefined => {
  if (v === null || !/^\d+$/.test(v)) return undefined;
  const n = Number(v);
  return n > 0 && n <= 2_147_483_647 ? n : undefined;
};
const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined =>
  list.includes(v as T) ? (v as T) : undefined;

export function filtersFromSearch(params: URLSearchParams): DeviceFilterInput {
  const objectType = positive(params.get('ObjectType'));
  const f: DeviceFilterInput = {
    HoldID: positive(params.get('HoldID')),
    Keyword: params.get('Keyword')?.trim().slice(0, 64) || undefined,
    State: oneOf<DeviceStateFilter>(DEVICE_STATE_FILTERS, params.get('State')),
    Vip: oneOf<VipFilter>(VIP_FILTERS, params.get('Vip')),
    Recent: params.get('Recent') === '1' ? 1 : undefined,
    ObjectType: objectType && objectType <= 3 ? (objectType as ObjectTypeCode) : undefined,
    TrackerType: oneOf(['wired', 'wireless'] as const, params.get('TrackerType')),
    Protocol: oneOf<Protocol>(PROTOCOLS, params.get('Protocol')),
  };
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as DeviceFilterInput;
}

export function searchFromFilters(f: DeviceFilterInput): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined || v === '' || v === 0) continue;
    params.set(k, String(v));
  }
  return params;
}
