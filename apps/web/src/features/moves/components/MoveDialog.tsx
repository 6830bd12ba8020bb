import { LIMITS } from '@lodestar/domain';
import { Alert, Button, Form, Modal, Result, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HoldTreeSelect } from '../../holds/components/HoldTreeSelect.tsx';
import { type MoveResult, type MoveSelection, useMove, useMovePreview } from '../api/move.ts';
import { MovePreview, movedText, movesSomething } from './MovePreview.tsx';
import '../moves.css';

export interface MoveDialogProps {
  open: boolean;
  onClose: () => void;
  selection: MoveSelection;
  /** What the user recognises each selected row by (device ID, plate), in the selection's order. */
  labels: readonly string[];
  /** After the move went through: the page clears its selection and refreshes its list. */
  onMoved?: (result: MoveResult) => void;
}

/** Selected labels shown; the rest are counted. */
const SHOWN = 24;

/**
 * The "move parent / migrate" dialog of spec section 2: the selection, the unit it goes to (the caller's unit
 * tree), the server's preview of what moves along (a vehicle's devices, the SIM cards, devices taken off a vehicle
 * that stays), then the move in one call and its result.
 */
export function MoveDialog({ open, onClose, selection, labels, onMoved }: MoveDialogProps) {
  const { t } = useTranslation('moves');
  const [holdId, setHoldId] = useState<number | undefined>();
  const [done, setDone] = useState<MoveResult | null>(null);
  const preview = useMovePreview(selection, holdId, open && !done);
  const run = useMove();

  useEffect(() => {
    if (!open) {
      setHoldId(undefined);
      setDone(null);
    }
  }, [open]);

  async function confirm() {
    if (holdId === undefined) return;
    try {
      const result = await run.mutateAsync({ selection, holdId });
      setDone(result);
      onMoved?.(result);
    } catch {
      // the api client has shown the server's message; the dialog stays as it was
    }
  }

  const ready = preview.data && !preview.isFetching && movesSomething(preview.data);
  const footer = done
    ? [
        <Button key="close" type="primary" onClick={onClose} data-testid="move-close">
          {t('close')}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose} disabled={run.isPending}>
          {t('cancel')}
        </Button>,
        <Button
          key="confirm"
          type="primary"
          danger
          disabled={!ready || selection.ids.length > LIMITS.moveIdsMax}
          loading={run.isPending}
          onClick={() => void confirm()}
          data-testid="move-confirm"
        >
          {t('confirm')}
        </Button>,
      ];

  return (
    <Modal
      open={open}
      title={t(`title.${selection.kind}`)}
      width={920}
      onCancel={run.isPending ? undefined : onClose}
      maskClosable={!run.isPending}
      closable={!run.isPending}
      destroyOnHidden
      footer={footer}
      className="move-dialog"
    >
      {done ? (
        <Result
          status="success"
          title={t('done', { unit: done.HoldName })}
          subTitle={t('doneDetail', { what: movedText(t, done) })}
          data-testid="move-done"
        />
      ) : (
        <>
          <div className="move-selected" data-testid="move-selected">
            <div className="move-label">{t(`selected.${selection.kind}`, { count: labels.length })}</div>
            <div className="move-tags">
              {labels.slice(0, SHOWN).map((l) => (
                <Tag key={l} className="move-mono">
                  {l}
                </Tag>
              ))}
              {labels.length > SHOWN ? <Tag>{t('more', { count: labels.length - SHOWN })}</Tag> : null}
            </div>
            {selection.ids.length > LIMITS.moveIdsMax ? (
              <Alert type="error" showIcon title={t('tooMany', { max: LIMITS.moveIdsMax })} />
            ) : null}
          </div>
          <Form layout="vertical">
            <Form.Item label={t('unit')} required className="move-unit">
              <HoldTreeSelect
                value={holdId}
                onChange={setHoldId}
                placeholder={t('unitPlaceholder')}
                data-testid="move-hold"
              />
            </Form.Item>
          </Form>
          {holdId === undefined ? (
            <Alert type="info" title={t('unitFirst')} />
          ) : preview.isFetching || !preview.data ? (
            <div className="move-loading">
              <Spin />
            </div>
          ) : (
            <MovePreview result={preview.data} />
          )}
        </>
      )}
    </Modal>
  );
}
