import type { MarkReadInput, MarkReadResult, NoticeList, NoticeListInput, NoticeRow } from '@lodestar/contract/notices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

/** docs/SIM-API-2.md "Notices": title and text come rendered in the caller's language. */
export type { NoticeRow };

export const noticeListRoot = ['notices', 'list'] as const;
export const unreadKey = ['notices', 'unread'] as const;

const REFRESH_MS = 60_000;

/** Newest first: the list takes no order. */
export const getNoticeList = (q: NoticeListInput) => api.post<NoticeList>('Notice/GetNoticeList', q);

/** The header bell's count: the reply's data is the number itself. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: unreadKey,
    queryFn: () => api.post<number>('Notice/GetUnreadCount'),
    enabled,
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkReadInput) => api.post<MarkReadResult>('Notice/MarkRead', body),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: unreadKey });
      void qc.invalidateQueries({ queryKey: noticeListRoot });
    },
  });
}
