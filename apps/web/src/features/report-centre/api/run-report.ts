import type { ReportChart, ReportResult, ReportRow, ReportRunInput } from '@lodestar/contract/report-centre';
import { api } from '../../../api/instance.ts';

export type { ReportChart, ReportRow, ReportRunInput };
/** The report's choices: the call's body without paging and order. */
export type ReportQuery = Omit<ReportRunInput, 'PageIndex' | 'PageSize' | 'SortColumn' | 'SortType'>;

/** What the table's totals slot carries: the sums, the chart and a background file (one reply, one query). */
export interface ReportExtras {
  sums: Record<string, number>;
  chart: ReportChart | undefined;
  fileId: number | undefined;
}

export const reportRoot = ['report-centre', 'run'] as const;

export async function runReport(q: ReportRunInput) {
  const r = await api.post<ReportResult>('Report/Run', q);
  const Totals: ReportExtras = { sums: r.Totals, chart: r.Chart, fileId: r.FileID };
  return { rows: r.rows, total: r.total, Totals };
}
