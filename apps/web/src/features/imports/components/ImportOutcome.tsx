import type { InfoImportError } from '@lodestar/contract/imports';
import { Alert, Button, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InfoImportResult } from '../api/import-records.ts';

interface Props {
  result: InfoImportResult;
  busy: boolean;
  /** Absent once the good rows went in. */
  onImportGood: (() => void) | undefined;
}

/** What an import did: the count, or every row error (row, column, reason) and the choice to take the good rows. */
export function ImportOutcome({ result, busy, onImportGood }: Props) {
  const { t } = useTranslation('imports');
  const good = result.Total - result.Failed;
  const nothing = result.Imported === 0;
  return (
    <div className="info-import-result" data-testid="info-import-result">
      {result.Errors.length === 0 ? (
        <Alert type="success" showIcon title={t('success', { count: result.Imported })} />
      ) : (
        <Alert
          type={nothing ? 'error' : 'warning'}
          showIcon
          title={
            nothing
              ? t('nothing', { count: result.Failed, total: result.Total })
              : t('partial', { count: result.Imported, failed: result.Failed })
          }
          action={
            nothing && onImportGood && good > 0 ? (
              <Button type="primary" onClick={onImportGood} loading={busy} data-testid="info-import-good">
                {t('importGood', { count: good })}
              </Button>
            ) : undefined
          }
        />
      )}
      {result.Errors.length > 0 ? (
        <Table<InfoImportError>
          className="info-import-errors"
          data-testid="info-import-errors"
          size="small"
          rowKey={(e) => `${e.Row}:${e.Column}:${e.Reason}`}
          dataSource={result.Errors}
          pagination={{ pageSize: 8, showSizeChanger: false, hideOnSinglePage: true }}
          columns={[
            { title: t('row'), dataIndex: 'Row', width: 80 },
            { title: t('column'), dataIndex: 'Column', width: 180 },
            { title: t('reason'), dataIndex: 'Reason' },
          ]}
        />
      ) : null}
    </div>
  );
}
