import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import i18n from '../../../i18n/index.ts';
import { useSession } from '../../../store/session.ts';
import { apiUrl, TransferError } from '../../sims/api/files.ts';

function authHeaders(): Record<string, string> {
  const { token, language } = useSession.getState();
  return { Authorization: token, 'Accept-Language': language };
}

/** Device/UploadPhoto: a person device's photo (JPG or PNG), multipart, the device in the query. */
export async function uploadPhoto(deviceId: string, file: File): Promise<void> {
  const form = new FormData();
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(apiUrl('Device/UploadPhoto', { DeviceID: deviceId }), {
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

export const photoKey = (deviceId: string) => ['devices', 'photo', deviceId] as const;

/** The person's photo as an object URL (the call needs the token, which an <img src> cannot send). */
export function usePhotoUrl(deviceId: string | undefined, hasPhoto: boolean) {
  const query = useQuery({
    queryKey: photoKey(deviceId ?? ''),
    enabled: Boolean(deviceId) && hasPhoto,
    queryFn: async () => {
      const res = await fetch(apiUrl('Device/GetPhoto', { DeviceID: deviceId! }), { headers: authHeaders() });
      const type = res.headers.get('content-type') ?? '';
      if (!res.ok || !type.startsWith('image/')) return null;
      return URL.createObjectURL(await res.blob());
    },
    // Not kept once unused: each URL is revoked when the component showing it goes, and a new one fetched.
    gcTime: 0,
  });
  const url = query.data ?? null;
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return { url, refetch: () => void query.refetch() };
}
