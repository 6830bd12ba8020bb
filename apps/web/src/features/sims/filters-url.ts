import type { SimFilterInput } from '@lodestar/contract/sims';
import { SIM_DISPLAY_STATES, SIM_STATES, type SimDisplayState, type SimState } from '@lodestar/domain';

/**
 * The SIM list's filters live in the address (`/manage/sim?DisplayState=expiring`), so the home
 * page and the batch history can link to a filtered list and a reload keeps it.
 */
const positive = (v: string | null): number | undefined => {
  if (v === null || !/^\d+$/.test(v)) return undefined;
  const n = Number(v);
  return n > 0 ? n : undefined;
};
const day = (v: string | null): string | undefined => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);
const text = (v: string | null): string | undefined => v?.trim() || undefined;

export function filtersFromSearch(params: URLSearchParams): SimFilterInput {
  const state = positive(params.get('State'));
  const display = params.get('DisplayState');
  const f: SimFilterInput = {
    ICCID: text(params.get('ICCID')),
    MSISDN: text(params.get('MSISDN')),
    State: state !== undefined && (SIM_STATES as readonly number[]).includes(state) ? (state as SimState) : undefined,
    DisplayState: SIM_DISPLAY_STATES.includes(display as SimDisplayState) ? (display as SimDisplayState) : undefined,
    HoldID: positive(params.get('HoldID')),
    OnlyHold: params.get('OnlyHold') === '1' ? true : undefined,
    SupplierID: positive(params.get('SupplierID')),
    OperatorID: positive(params.get('OperatorID')),
    ExpiresFrom: day(params.get('ExpiresFrom')),
    ExpiresTo: day(params.get('ExpiresTo')),
    BatchID: positive(params.get('BatchID')),
  };
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as SimFilterInput;
}

export function searchFromFilters(f: SimFilterInput): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined || v === '' || v === 0 || v === false) continue;
    params.set(k, v === true ? '1' : String(v));
  }
  return params;
}
