import type {
  AddInvoiceInput,
  InvoiceableOrder,
  InvoiceableOrdersInput,
  InvoiceListInput,
  InvoiceRow,
} from '@lodestar/contract/invoices';
import type { Page } from '@lodestar/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import i18n from '../../../i18n/index.ts';
import { useSession } from '../../../store/session.ts';
import { apiUrl, downloadFile, TransferError } from '../../sims/api/files.ts';

export type { InvoiceableOrder, InvoiceRow };

const KEY = ['invoices'] as const;

export const useInvoiceList = (q: InvoiceListInput) =>
  useQuery({
    queryKey: [...KEY, 'list', q],
    queryFn: () => api.post<Page<InvoiceRow>>('Invoice/GetInvoiceList', q),
    placeholderData: keepPreviousData,
  });

export const useInvoiceableOrders = (q: InvoiceableOrdersInput, enabled: boolean) =>
  useQuery({
    queryKey: [...KEY, 'orders', q],
    queryFn: () => api.post<Page<InvoiceableOrder>>('Invoice/GetInvoiceableOrders', q),
    enabled,
  });

export function useAddInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AddInvoiceInput) => api.post<{ InvoiceID: number }>('Invoice/AddInvoice', body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** Invoice/IssueInvoice: the PDF as multipart `file`, the invoice and its number in the query. */
async function issueInvoice(v: { InvoiceID: number; InvoiceNo: string; file: File }): Promise<void> {
  const form = new FormData();
  form.append('file', v.file, v.file.name);
  const { token, language } = useSession.getState();
  let res: Response;
  try {
    res = await fetch(apiUrl('Invoice/IssueInvoice', { InvoiceID: v.InvoiceID, InvoiceNo: v.InvoiceNo }), {
      method: 'POST',
      headers: { Authorization: token, 'Accept-Language': language },
      body: form,
    });
  } catch {
    throw new TransferError(i18n.t('errors:network'));
  }
  const reply = (await res.json().catch(() => ({}))) as { code?: number; msg?: string };
  if (reply.code !== 200) throw new TransferError(reply.msg || i18n.t('errors:tryLater'));
}

export function useIssueInvoice() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: issueInvoice, onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }) });
}

export const downloadInvoice = (row: InvoiceRow) =>
  downloadFile('Invoice/GetInvoiceFile', { InvoiceID: row.InvoiceID }, `invoice-${row.InvoiceNo ?? row.InvoiceID}.pdf`);
