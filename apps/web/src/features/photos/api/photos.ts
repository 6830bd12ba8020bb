import type { PhotoList, PhotoListInput, PhotoRow, TakePhotoInput } from '@lodestar/contract/photos';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import { useSession } from '../../../store/session.ts';
import { apiUrl } from '../../sims/api/files.ts';

export type { PhotoList, PhotoListInput, PhotoRow };

export const PHOTOS_KEY = ['photos'] as const;

export const getPhotoList = (body: PhotoListInput) => api.post<PhotoList>('Photo/GetPhotoList', body);
export const takePhoto = (body: TakePhotoInput) => api.post<{ CommandID: number }>('Photo/TakePhoto', body);

/** The newest 300 of the filters' photos; nothing is asked before a period is chosen. */
export const usePhotoList = (filters: PhotoListInput | null) =>
  useQuery({
    queryKey: [...PHOTOS_KEY, 'list', filters],
    queryFn: () => getPhotoList(filters as PhotoListInput),
    enabled: filters !== null,
    placeholderData: keepPreviousData,
  });

/** Photo/GetPhoto's address; it answers the JPEG to a request carrying the token, as Download/GetFile does. */
export const photoUrl = (photoId: number) => apiUrl('Photo/GetPhoto', { PhotoID: photoId });

async function fetchPhoto(photoId: number): Promise<Blob> {
  const { token, language } = useSession.getState();
  const res = await fetch(photoUrl(photoId), { headers: { Authorization: token, 'Accept-Language': language } });
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('image/')) throw new Error(String(res.status));
  return res.blob();
}

/**
 * A photo as an object URL for <img> (an <img> cannot send the token header). Kept while the grid shows it:
 * photos never change, so they are asked once; the URL is released when the query is dropped.
 */
export const usePhotoBlob = (photoId: number | null) =>
  useQuery({
    queryKey: [...PHOTOS_KEY, 'jpeg', photoId],
    queryFn: async () => URL.createObjectURL(await fetchPhoto(photoId ?? 0)),
    enabled: photoId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
  });
