import { ImportOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportKind } from '../api/import-records.ts';
import { BatchImportDialog } from './BatchImportDialog.tsx';

interface Props {
  kinds: readonly ImportKind[];
  holdId?: number | undefined;
  onImported?: (kind: ImportKind) => void;
}

/** The toolbar's "Batch import" button and its dialog (the info pages' toolbars carry it). */
export function BatchImportButton({ kinds, holdId, onImported }: Props) {
  const { t } = useTranslation('imports');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<ImportOutlined />} onClick={() => setOpen(true)} data-testid="batch-import">
        {t('button')}
      </Button>
      <BatchImportDialog
        open={open}
        onClose={() => setOpen(false)}
        kinds={kinds}
        holdId={holdId}
        {...(onImported ? { onImported } : {})}
      />
    </>
  );
}
