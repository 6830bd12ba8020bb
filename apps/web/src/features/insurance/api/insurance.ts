import type { FileIdData } from '@lodestar/contract/common';
import type {
  AddPolicyInput,
  ModifyPolicyInput,
  PolicyExportInput,
  PolicyListInput,
  PolicyRow,
  VehicleOption,
} from '@lodestar/contract/insurance';
import type { Page } from '@lodestar/domain';
import { api } from '../../../api/instance.ts';
import i18n from '../../../i18n/index.ts';
import { useSession } from '../../../store/session.ts';
import { apiUrl, TransferError } from '../../sims/api/files.ts';

export type { PolicyRow };
export type PolicySortColumn = NonNullable<PolicyListInput['SortColumn']>;
export type PolicyFilters = Omit<PolicyExportInput, 'SortColumn' | 'SortType'>;

export const INSURANCE_KEY = ['insurance'] as const;
export const policyListKey = [...INSURANCE_KEY, 'policies'] as const;

export const getPolicyList = (q: PolicyListInput) => api.post<Page<PolicyRow>>('Insurance/GetPolicyList', q);
export const exportPolicyList = (q: PolicyExportInput) => api.post<FileIdData>('Insurance/ExportPolicyList', q);
export const addPolicy = (body: AddPolicyInput) => api.post<{ PolicyID: number }>('Insurance/AddPolicy', body);
export const modifyPolicy = (body: ModifyPolicyInput) => api.post<null>('Insurance/ModifyPolicy', body);
export const removePolicy = (PolicyID: number) => api.post<null>('Insurance/RemovePolicy', { PolicyIDs: [PolicyID] });
export const getVehicleSelect = (Keyword: string) =>
  api.post<VehicleOption[]>('Insurance/GetVehicleSelect', Keyword ? { Keyword } : {});

function authHeaders(): Record<string, string> {
  const { token, language } = useSession.getState();
  return { Authorization: token, 'Accept-Language': language };
}

/** Insurance/UploadAttachment: a PDF or JPG (the server checks the bytes), multipart, the policy in the query. */
export async function uploadAttachment(policyId: number, file: File): Promise<void> {
  const form = new FormData();
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(apiUrl('Insurance/UploadAttachment', { PolicyID: String(policyId) }), {
      method: 'POST',
      headers: authHeaders(),
      body: form,
    });
  } catch {
    throw new TransferError(i18n.t('errors:network'));
  }
  const reply = (await res.json().catch(() => ({}))) as { code?: number; msg?: string };
  if (reply.code !== 200) throw new TransferError(reply.msg || i18n.t('errors:tryLater'));
}

/** Opens the attachment in a new tab (the call needs the token, which a plain link cannot send). */
export async function openAttachment(policyId: number): Promise<void> {
  const tab = window.open('', '_blank');
  const res = await fetch(apiUrl('Insurance/GetAttachment', { PolicyID: String(policyId) }), {
    headers: authHeaders(),
  });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('json')) {
    tab?.close();
    const reply = (await res.json().catch(() => ({}))) as { msg?: string };
    throw new TransferError(reply.msg || i18n.t('errors:tryLater'));
  }
  const url = URL.createObjectURL(await res.blob());
  if (tab) tab.location.href = url;
  // The tab has loaded it by then; the URL is not needed past that.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
