import type { ReportTypeRow } from '@lodestar/contract/report-centre';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export type { ReportTypeRow };

/** The report types with their columns and params, titled in the user's language. */
export const getReportTypes = () => api.post<ReportTypeRow[]>('Report/GetReportTypes', {});

export const useReportTypes = (lang: string) =>
  useQuery({ queryKey: ['report-centre', 'types', lang], queryFn: getReportTypes, staleTime: 3_600_000 });
