import type { Page } from '@lodestar/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export interface DownloadRow {
  FileID: number;
  FileName: string;
  Status: number | string;
  Progress: number;
  Size: number;
  CreateTime: string;
}

export const getDownloadList = (pageIndex: number, pageSize: number) =>
  api.get<Page<DownloadRow>>('Download/GetDownloadList', { PageIndex: pageIndex, PageSize: pageSize });

export const useDownloadList = (pageIndex: number, pageSize: number) =>
  useQuery({
    queryKey: ['download', 'list', pageIndex, pageSize],
    queryFn: () => getDownloadList(pageIndex, pageSize),
    placeholderData: keepPreviousData,
  });
