import type {
  AddEnterpriseInput,
  AddEnterpriseResult,
  EnterpriseAdmin,
  EnterpriseListInput,
  EnterpriseRow,
  ModifyEnterpriseInput,
} from '@lodestar/contract/enterprise';
import type { Page } from '@lodestar/domain';
import { api } from '../../../api/instance.ts';

/** A row of `Enterprise/GetEnterpriseList`: a unit and its first administrator (null without one). */
export type { EnterpriseAdmin, EnterpriseRow };

export const ENTERPRISE_KEY = ['enterprise'] as const;

export const getEnterpriseList = (q: EnterpriseListInput) =>
  api.post<Page<EnterpriseRow>>('Enterprise/GetEnterpriseList', q);
export const addEnterprise = (body: AddEnterpriseInput) =>
  api.post<AddEnterpriseResult>('Enterprise/AddEnterprise', body);
export const modifyEnterprise = (body: ModifyEnterpriseInput) => api.post<null>('Enterprise/ModifyEnterprise', body);
export const removeEnterprise = (HoldID: number) => api.post<null>('Enterprise/RemoveEnterprise', { HoldID });
