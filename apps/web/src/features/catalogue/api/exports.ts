import type {
  CardTypeExportQuery,
  OperatorExportQuery,
  PackageExportQuery,
  SupplierExportQuery,
} from '@lodestar/contract/catalogue';
import type { FileIdData } from '@lodestar/contract/common';
import { api } from '../../../api/instance.ts';

/** The catalogue list exports (docs/SIM-API.md, "Exports"): a list's filters and order without paging; each answers a download-centre entry. */
export const exportOperatorList = (q: OperatorExportQuery) => api.post<FileIdData>('operator/exportoperatorlist', q);
export const exportCardTypeList = (q: CardTypeExportQuery) => api.post<FileIdData>('cardtype/exportcardtypelist', q);
export const exportPackageList = (q: PackageExportQuery) => api.post<FileIdData>('package/exportpackagelist', q);
export const exportSupplierList = (q: SupplierExportQuery) => api.post<FileIdData>('supplier/exportsupplierlist', q);
