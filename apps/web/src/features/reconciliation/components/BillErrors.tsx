import type { BillRowError } from '@lodestar/contract/reconciliation';
import { Alert, Table } from 'antd';
import { useTranslation } from 'react-i18next';

/** Why an uploaded bill was refused: every bad row, nothing saved. */
export function BillErrors({ errors, onClose }: { errors: BillRowError[]; onClose: () => void }) {
  const { t } = useTranslation('reconciliation');
  const names: Record<string, string> = {
    ICCID: 'ICCID',
    MSISDN: t('col.msisdn'),
    PackageName: t('col.package'),
    Amount: t('col.amount'),
  };
  const fieldName = (field: string) => names[field] ?? field;
  return (
    <div data-testid="bill-errors" style={{ marginBottom: 16 }}>
      <Alert
        type="error"
        showIcon
        closable
        onClose={onClose}
        title={t('upload.rejected', { count: errors.length })}
        description={t('upload.rejectedHint')}
        style={{ marginBottom: 8 }}
      />
      <Table
        size="small"
        rowKey={(e) => `${e.Row}-${e.Field}-${e.Reason}`}
        dataSource={errors}
        pagination={errors.length > 10 ? { pageSize: 10 } : false}
        columns={[
          { key: 'Row', dataIndex: 'Row', title: t('upload.row'), width: 80 },
          { key: 'ICCID', dataIndex: 'ICCID', title: 'ICCID', width: 220 },
          { key: 'Field', title: t('upload.field'), width: 120, render: (_, e) => fieldName(e.Field) },
          { key: 'Reason', dataIndex: 'Reason', title: t('upload.reason') },
        ]}
      />
    </div>
  );
}
