import { api } from '../../../api/instance.ts';
import type { SortType } from '../../../components/table/index.ts';

/** A list's filters and order, without paging: the export holds every matching row. */
export type ExportQuery<F> = F & { SortColumn?: string; SortType?: SortType };
type Started = Promise<{ FileID: number }>;

/** The catalogue list exports (docs/SIM-API.md, "Exports"); each answers a download-centre entry. */
export const exportOperatorList = (q: ExportQuery<object>): Started => api.post('operator/exportoperatorlist', q);
export const exportCardTypeList = (q: ExportQuery<object>): Started => api.post('cardtype/exportcardtypelist', q);
export const exportPackageList = (q: ExportQuery<object>): Started => api.post('package/exportpackagelist', q);
export const exportSupplierList = (q: ExportQuery<object>): Started => api.post('supplier/exportsupplierlist', q);
