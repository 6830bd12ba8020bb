import type { DownloadRow } from '@lodestar/contract/downloads';
import type { Page } from '@lodestar/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export type { DownloadRow };

export const getDownloadList = (pageIndex: number, pageSize: number) =>
  api.get<Page<DownloadRow>>('Download/GetDownloadList', { PageIndex: pageIndex, PageSize: pageSize });

export const DownloadStatus = { Preparing: 0, Ready: 1, Failed: 2 } as const;

/** Asks again every 2 s while a file on the page is still being prepared. */
export const useDownloadList = (pageIndex: number, pageSize: number) =>
  useQuery({
    queryKey: ['download', 'list', pageIndex, pageSize],
    queryFn: () => getDownloadList(pageIndex, pageSize),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.rows.some((r) => Number(r.Status) === DownloadStatus.Preparing) ? 2000 : false,
  });
