import type {
  AddNoticeInput,
  BulletinListInput,
  BulletinRow,
  CurrentBulletin,
  ModifyNoticeInput,
  MyBulletinListInput,
  MyBulletinRow,
} from '@lodestar/contract/bulletins';
import type { Page } from '@lodestar/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export type { AddNoticeInput, BulletinListInput, BulletinRow, CurrentBulletin, MyBulletinListInput, MyBulletinRow };

export const bulletinListKey = ['bulletins', 'list'] as const;
export const currentKey = ['bulletins', 'current'] as const;
/** Under currentKey: marking a notice read refreshes the user's own list too. */
export const myListKey = ['bulletins', 'current', 'mine'] as const;

export const getBulletinList = (q: BulletinListInput) => api.post<Page<BulletinRow>>('Notice/GetBulletinList', q);
/** The user's own notice list: current and old versions of its unit's and its superiors' notices, read marks. */
export const getMyBulletins = (q: MyBulletinListInput) => api.post<Page<MyBulletinRow>>('Notice/GetMyBulletins', q);
export const addNotice = (b: AddNoticeInput) => api.post<{ BulletinID: number }>('Notice/AddNotice', b);
export const modifyNotice = (b: ModifyNoticeInput) => api.post<{ VersionID: number }>('Notice/ModifyNotice', b);
export const removeNotice = (BulletinIDs: number[]) => api.post<null>('Notice/RemoveNotice', { BulletinIDs });

/** The current notices of the user's unit and its ancestors; looked at again every five minutes. */
export function useCurrentBulletins() {
  return useQuery({
    queryKey: currentKey,
    queryFn: () => api.post<CurrentBulletin[]>('Notice/GetCurrent'),
    refetchInterval: 300_000,
  });
}

export function useMarkCurrentRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (VersionIDs: number[]) => api.post<null>('Notice/MarkCurrentRead', { VersionIDs }),
    onSettled: () => void qc.invalidateQueries({ queryKey: currentKey }),
  });
}
