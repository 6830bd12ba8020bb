import type { ImportBatchRow } from '@lodestar/contract/sims';
import { Fn } from '@lodestar/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExportButton } from '../../../components/table/ExportButton.tsx';
import { type PagedColumn, PagedTable } from '../../../components/table/PagedTable.tsx';
import { useServerList } from '../../../components/table/use-server-list.ts';
import { useFunctionSet } from '../../../store/session.ts';
import { exportImportBatchList } from '../api/export-import-batch-list.ts';
import { getImportBatchList, importBatchRoot } from '../api/get-import-batch-list.ts';

const NO_FILTERS = {};

/** Past imports (`Sim/GetImportBatchList`), each linking to its SIMs in the business list. */
export function BatchHistory() {
  const { t } = useTranslation('sims');
  const funs = useFunctionSet();
  const list = useServerList<ImportBatchRow, object>(importBatchRoot, getImportBatchList, NO_FILTERS, {
    pageSize: 10,
  });
  const columns: PagedColumn<ImportBatchRow>[] = [
    { key: 'BatchID', title: t('batch.id'), dataIndex: 'BatchID', width: 64 },
    { key: 'SupplierName', title: t('field.supplier'), dataIndex: 'SupplierName', width: 130, ellipsis: true },
    { key: 'FileName', title: t('batch.file'), dataIndex: 'FileName', width: 140, ellipsis: true },
    { key: 'Total', title: t('batch.total'), dataIndex: 'Total', width: 64, align: 'right' },
    { key: 'Imported', title: t('batch.imported'), dataIndex: 'Imported', width: 100, align: 'right' },
    { key: 'Failed', title: t('batch.failed'), dataIndex: 'Failed', width: 90, align: 'right' },
    { key: 'UserName', title: t('batch.user'), dataIndex: 'UserName', width: 80, ellipsis: true },
    { key: 'CreateTime', title: t('field.createTime'), dataIndex: 'CreateTime', width: 150 },
    {
      key: 'sims',
      title: t('actions'),
      width: 90,
      resizable: false,
      render: (_: unknown, row) =>
        funs.has(Fn.simBusiness) && row.Imported > 0 ? (
          <Link to={`/manage/sim?BatchID=${row.BatchID}`} data-testid="batch-view-sims">
            {t('batch.view')}
          </Link>
        ) : null,
    },
  ];
  return (
    <PagedTable<ImportBatchRow>
      id="sims-batches"
      list={list}
      columns={columns}
      rowKey="BatchID"
      extra={
        funs.has(Fn.export) ? (
          <span data-testid="batch-export">
            <ExportButton exportFile={exportImportBatchList} />
          </span>
        ) : undefined
      }
    />
  );
}
