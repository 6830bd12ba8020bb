import type { ImportError, ImportResult } from '@lodestar/contract/sims';
import { Alert, Button, Table } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  result: ImportResult;
  partialBusy: boolean;
  /** Absent once the good rows went in. */
  onImportGood: (() => void) | undefined;
}

/** What an import did: the count, or every bad row and the choice to take the good ones. */
export function ImportResultView({ result, partialBusy, onImportGood }: Props) {
  const { t } = useTranslation('sims');
  const good = result.Total - result.Failed;
  const nothing = result.Imported === 0;
  return (
    <div className="import-result" data-testid="import-result">
      {result.Errors.length === 0 ? (
        <Alert
          type="success"
          showIcon
          title={t('import.success', { count: result.Imported, batch: result.BatchID ?? '' })}
        />
      ) : (
        <Alert
          type={nothing ? 'error' : 'warning'}
          showIcon
          title={
            nothing
              ? t('import.nothing', { failed: result.Failed, total: result.Total })
              : t('import.partial', { count: result.Imported, failed: result.Failed, batch: result.BatchID ?? '' })
          }
          action={
            nothing && onImportGood && good > 0 ? (
              <Button type="primary" onClick={onImportGood} loading={partialBusy} data-testid="import-good-rows">
                {t('import.importGood', { count: good })}
              </Button>
            ) : undefined
          }
        />
      )}
      {result.Errors.length > 0 ? (
        <Table<ImportError>
          className="import-errors"
          data-testid="import-errors"
          size="small"
          rowKey={(e) => `${e.Row}:${e.Field}:${e.Reason}`}
          dataSource={result.Errors}
          pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
          columns={[
            { title: t('import.row'), dataIndex: 'Row', width: 80 },
            {
              title: 'ICCID',
              dataIndex: 'ICCID',
              width: 220,
              render: (v: string) => <span className="sim-mono">{v}</span>,
            },
            { title: t('import.field'), dataIndex: 'Field', width: 140 },
            { title: t('import.reason'), dataIndex: 'Reason' },
          ]}
        />
      ) : null}
    </div>
  );
}
