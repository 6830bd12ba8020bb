import type { FileIdData } from '@lodestar/contract/common';
import type {
  AddInstallerInput,
  InstallerExportInput,
  InstallerListInput,
  InstallerRow,
  InstallerSortColumn,
  ModifyInstallerInput,
} from '@lodestar/contract/install';
import type { Page } from '@lodestar/domain';
import { api } from '../../../api/instance.ts';

export type { InstallerRow, InstallerSortColumn };
export type InstallerFilters = Omit<InstallerExportInput, 'SortColumn' | 'SortType'>;

export const INSTALLERS_KEY = ['info', 'installers'] as const;

export const getInstallerList = (q: InstallerListInput) =>
  api.post<Page<InstallerRow>>('Installer/GetInstallerList', q);
export const exportInstallers = (q: InstallerExportInput) => api.post<FileIdData>('Installer/ExportInstallerList', q);
export const addInstaller = (body: AddInstallerInput) =>
  api.post<{ InstallerID: number }>('Installer/AddInstaller', body);
export const modifyInstaller = (body: ModifyInstallerInput) => api.post<null>('Installer/ModifyInstaller', body);
