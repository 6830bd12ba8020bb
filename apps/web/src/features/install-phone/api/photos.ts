import type { InstallPositionCode } from '@lodestar/domain';
import { INSTALL_PHOTO, ReplyCode } from '@lodestar/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../api/instance.ts';
import i18n from '../../../i18n/index.ts';
import { useSession } from '../../../store/session.ts';
import { apiUrl, TransferError } from '../../sims/api/files.ts';
import { taskKey } from './tasks.ts';

function authHeaders(): Record<string, string> {
  const { token, language } = useSession.getState();
  return { Authorization: token, 'Accept-Language': language };
}

/** The long side of a thumbnail: sharp enough for a 3-column grid on a phone, a few dozen KB. */
const THUMB_SIDE = 320;

/**
 * A small JPEG of the photo, made here because the server has no image library (docs/install-flow.md); null
 * when the browser cannot decode it (the grid then scales the original).
 */
export async function makeThumb(file: Blob): Promise<Blob | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, THUMB_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.75));
    return blob && blob.size < INSTALL_PHOTO.thumbMaxBytes ? blob : null;
  } catch {
    return null;
  }
}

export interface PhotoUpload {
  taskId: number;
  deviceId?: string;
  position?: InstallPositionCode;
  file: File;
  thumb: Blob | null;
}

/** Task/UploadPhoto through XMLHttpRequest, which reports upload progress (fetch does not). */
export function uploadTaskPhoto(u: PhotoUpload, onProgress: (percent: number) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('Task/UploadPhoto'));
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status === 401) {
        useSession.getState().clearSession();
        window.location.assign('/login');
        return reject(new TransferError(i18n.t('errors:headerModified')));
      }
      let reply: { code?: number; msg?: string; data?: { PhotoID: number } };
      try {
        reply = JSON.parse(xhr.responseText);
      } catch {
        return reject(new TransferError(i18n.t(xhr.status >= 500 ? 'errors:internal' : 'errors:badReply')));
      }
      if (reply.code !== ReplyCode.Ok || !reply.data)
        return reject(new TransferError(reply.msg || i18n.t('errors:tryLater')));
      resolve(reply.data.PhotoID);
    };
    xhr.onerror = () => reject(new TransferError(i18n.t('errors:network')));
    // The server reads the fields before the files (the contract's UploadPhotoFields).
    const form = new FormData();
    form.append('TaskID', String(u.taskId));
    if (u.deviceId) form.append('DeviceID', u.deviceId);
    if (u.position) form.append('Position', String(u.position));
    form.append('file', u.file, u.file.name || 'photo.jpg');
    if (u.thumb) form.append('thumb', u.thumb, 'thumb.jpg');
    xhr.send(form);
  });
}

export const removeTaskPhoto = (photoId: number) => api.post<null>('Task/RemovePhoto', { PhotoID: photoId });

export function useRemoveTaskPhoto(taskId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeTaskPhoto,
    onSuccess: () => client.invalidateQueries({ queryKey: taskKey(taskId) }),
  });
}

/** A stored photo (its thumbnail when `thumb`) as an object URL: an <img> cannot send the token header. */
export function useTaskPhotoUrl(photoId: number, thumb: boolean, enabled = true) {
  const query = useQuery({
    enabled,
    queryKey: ['install-phone', 'photo', photoId, thumb],
    queryFn: async () => {
      const res = await fetch(apiUrl('Task/GetPhoto', { PhotoID: photoId, ...(thumb ? { Thumb: 1 } : {}) }), {
        headers: authHeaders(),
      });
      const type = res.headers.get('content-type') ?? '';
      if (!res.ok || !type.startsWith('image/')) throw new TransferError(String(res.status));
      return URL.createObjectURL(await res.blob());
    },
    // Photos never change; each URL is released when the thumbnail showing it goes.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const url = query.data ?? null;
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return { url, failed: query.isError };
}
