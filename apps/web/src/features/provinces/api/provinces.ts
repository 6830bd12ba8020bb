import type {
  CityCount,
  LineListInput,
  LineRow,
  ProvinceCountsInput,
  ProvinceList,
  SetDefaultProvinceInput,
  SetHoldProvincesInput,
  SetLineProvinceInput,
} from '@lodestar/contract/provinces';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export type { CityCount, LineRow, ProvinceList };

export const PROVINCES_KEY = ['provinces'] as const;

export const getProvinceList = (HoldID?: number) =>
  api.post<ProvinceList>('Province/GetProvinceList', HoldID ? { HoldID } : {});
export const setHoldProvinces = (body: SetHoldProvincesInput) => api.post<null>('Province/SetHoldProvinces', body);
export const setDefaultProvince = (body: SetDefaultProvinceInput) =>
  api.post<null>('Province/SetDefaultProvince', body);
export const getCounts = (q: ProvinceCountsInput) => api.post<{ rows: CityCount[] }>('Province/GetCounts', q);
export const getLines = (q: LineListInput) => api.post<{ rows: LineRow[]; total: number }>('Province/GetLines', q);
export const setLineProvince = (body: SetLineProvinceInput) => api.post<null>('Province/SetLineProvince', body);

export const useProvinceList = (holdId?: number) =>
  useQuery({ queryKey: [...PROVINCES_KEY, 'list', holdId ?? null], queryFn: () => getProvinceList(holdId) });

export const useCityCounts = (q: ProvinceCountsInput) =>
  useQuery({ queryKey: [...PROVINCES_KEY, 'cities', q], queryFn: () => getCounts(q) });

export const useLines = (q: LineListInput) =>
  useQuery({ queryKey: [...PROVINCES_KEY, 'lines', q], queryFn: () => getLines(q) });
