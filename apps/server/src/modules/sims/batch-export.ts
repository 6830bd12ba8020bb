import type { ColumnSpec } from '../../lib/list-export.ts';
import type { ImportService } from './import-service.ts';

type BatchRow = Awaited<ReturnType<ImportService['batches']>>['rows'][number];

/** The inbound page's import history, column for column. */
export const BATCH_COLUMNS: ColumnSpec<BatchRow>[] = [
  [{ zh: '批次', en: 'Batch', fr: 'Lot' }, 8, (r) => r.BatchID],
  [{ zh: '供应商', en: 'Supplier', fr: 'Fournisseur' }, 18, (r) => r.SupplierName],
  [{ zh: '文件', en: 'File', fr: 'Fichier' }, 24, (r) => r.FileName],
  [{ zh: '总行数', en: 'Rows', fr: 'Lignes' }, 8, (r) => r.Total],
  [{ zh: '已导入', en: 'Imported', fr: 'Importées' }, 10, (r) => r.Imported],
  [{ zh: '失败', en: 'Failed', fr: 'En échec' }, 8, (r) => r.Failed],
  [{ zh: '操作人', en: 'By', fr: 'Par' }, 12, (r) => r.UserName],
  [{ zh: '创建时间', en: 'Created', fr: 'Créée le' }, 20, (r) => r.CreateTime],
];

export const BATCH_EXPORT_NAME = { zh: '导入记录', en: 'Import history', fr: 'Historique des imports' };
