import type { UploadedFile } from '@lodestar/contract/sims';
import { API_BASE, DEFAULT_APP_ID, ReplyCode } from '@lodestar/domain';
import i18n from '../../../i18n/index.ts';
import { useSession } from '../../../store/session.ts';

/**
 * File transfers that the JSON api client cannot do: an upload with progress events and
 * downloads saved as blobs. Same URL, query and headers as `api/client.ts`.
 */
export function apiUrl(path: string, query: Record<string, string | number> = {}): string {
  const base = import.meta.env.VITE_API_BASE || API_BASE;
  const params = new URLSearchParams({ format: 'json', appid: import.meta.env.VITE_APP_ID || DEFAULT_APP_ID });
  for (const [k, v] of Object.entries(query)) params.set(k, String(v));
  return `${base.endsWith('/') ? base : `${base}/`}${path.replace(/^\.?\/+/, '')}?${params}`;
}

function authHeaders(): Record<string, string> {
  const { token, language } = useSession.getState();
  return { Authorization: token, 'Accept-Language': language };
}

/** A failed transfer, with the server's message when it sent one. */
export class TransferError extends Error {
  override name = 'TransferError';
}

interface Reply<T> {
  code?: number;
  msg?: string;
  data?: T;
}

function unauthorized(): never {
  useSession.getState().clearSession();
  window.location.assign('/login');
  throw new TransferError(i18n.t('errors:headerModified'));
}

function unwrap<T>(status: number, text: string): T {
  if (status === 401) unauthorized();
  let reply: Reply<T>;
  try {
    reply = JSON.parse(text) as Reply<T>;
  } catch {
    throw new TransferError(i18n.t(status >= 500 ? 'errors:internal' : 'errors:badReply'));
  }
  if (reply.code === ReplyCode.Unauthorized) unauthorized();
  if (reply.code !== ReplyCode.Ok) throw new TransferError(reply.msg || i18n.t('errors:tryLater'));
  return reply.data as T;
}

export type { UploadedFile };

/** `FileManage/UploadFile` through XMLHttpRequest, because fetch reports no upload progress. */
export function uploadFile(
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('FileManage/UploadFile'));
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      try {
        resolve(unwrap<UploadedFile>(xhr.status, xhr.responseText));
      } catch (e) {
        reject(e);
      }
    };
    xhr.onerror = () => reject(new TransferError(i18n.t('errors:network')));
    xhr.onabort = () => reject(new TransferError(i18n.t('sims:upload.cancelled')));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** RFC 6266 / 5987: prefer `filename*=UTF-8''…` (Chinese names) over the plain `filename`. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // a badly encoded name: fall through to the plain one
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/** GETs a file with the token and hands it to the browser as a download. */
export async function downloadFile(path: string, query: Record<string, string | number>, fallbackName: string) {
  let res: Response;
  try {
    res = await fetch(apiUrl(path, query), { headers: authHeaders() });
  } catch {
    throw new TransferError(i18n.t('errors:network'));
  }
  const type = res.headers.get('content-type') ?? '';
  // Errors come back as the usual JSON reply, files as anything else.
  if (!res.ok || type.includes('application/json')) {
    unwrap<unknown>(res.status, await res.text());
    throw new TransferError(i18n.t('errors:tryLater'));
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameFrom(res.headers.get('content-disposition'), fallbackName);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
