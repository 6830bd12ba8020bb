import { SwapOutlined } from '@ant-design/icons';
import { LIMITS } from '@lodestar/domain';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MoveResult, MoveSelection } from '../api/move.ts';
import { MoveDialog } from './MoveDialog.tsx';

interface Props {
  selection: MoveSelection;
  labels: readonly string[];
  onMoved?: (result: MoveResult) => void;
}

/** The toolbar's "Move" button for the rows selected in a table (the device and vehicle pages carry it). */
export function MoveButton({ selection, labels, onMoved }: Props) {
  const { t } = useTranslation('moves');
  const [open, setOpen] = useState(false);
  const count = selection.ids.length;
  const hint =
    count === 0 ? t('buttonHint') : count > LIMITS.moveIdsMax ? t('tooMany', { max: LIMITS.moveIdsMax }) : '';
  return (
    <>
      <Tooltip title={hint}>
        <Button
          icon={<SwapOutlined />}
          disabled={count === 0 || count > LIMITS.moveIdsMax}
          onClick={() => setOpen(true)}
          data-testid="move-open"
        >
          {count > 0 ? `${t('button')} (${count})` : t('button')}
        </Button>
      </Tooltip>
      <MoveDialog
        open={open}
        onClose={() => setOpen(false)}
        selection={selection}
        labels={labels}
        {...(onMoved ? { onMoved } : {})}
      />
    </>
  );
}
