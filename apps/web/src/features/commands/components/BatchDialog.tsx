import '../commands.css';
import type { CommandTypesInput } from '@lodestar/contract/commands';
import { BATCH_DEVICES_MAX } from '@lodestar/domain';
import { Alert, App, Button, Form, Input, Modal, Segmented } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldsNamedIn } from '../../../components/table/FormModal.tsx';
import { useSession } from '../../../store/session.ts';
import { HoldTreeSelect } from '../../holds/components/HoldTreeSelect.tsx';
import { parseBatchIds } from '../../monitor/batch-ids.ts';
import { sendBatch } from '../api/batch.ts';
import { useCommandTypes } from '../api/get-command-types.ts';
import { paramsToSend } from '../params.ts';
import { BatchProgress } from './BatchProgress.tsx';
import { COMMAND_FORM_DEFAULTS, CommandForm, type CommandFormValues } from './CommandForm.tsx';

type Source = 'selection' | 'unit' | 'paste';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The devices chosen where the dialog was opened from (the monitor's listed rows, or one device). */
  selection: readonly string[];
}

/**
 * Batch command (spec section 2's dialog): devices by the selection, a unit or pasted IDs (≤ 1000, "too many
 * selected" beyond), a command from what they support, then the live progress of every device's command.
 */
export function BatchDialog({ open, onClose, selection }: Props) {
  const { t } = useTranslation('commands');
  const { message } = App.useApp();
  const [form] = Form.useForm<CommandFormValues>();
  const treeHold = useSession((s) => s.currentHoldId);
  const [source, setSource] = useState<Source>(selection.length ? 'selection' : 'unit');
  const [holdId, setHoldId] = useState<number | undefined>(treeHold ?? undefined);
  const [pasted, setPasted] = useState('');
  const [pastedApplied, setPastedApplied] = useState('');
  const [batchId, setBatchId] = useState<number | null>(null);
  const [sending, setSending] = useState(false);

  // Pasted IDs are asked about once typing pauses, not at every key.
  useEffect(() => {
    const timer = setTimeout(() => setPastedApplied(pasted), 400);
    return () => clearTimeout(timer);
  }, [pasted]);
  const parsed = useMemo(() => parseBatchIds(pastedApplied, BATCH_DEVICES_MAX), [pastedApplied]);
  const tooMany =
    (source === 'selection' && selection.length > BATCH_DEVICES_MAX) || (source === 'paste' && parsed.tooMany);
  const target: CommandTypesInput | null = tooMany
    ? null
    : source === 'selection'
      ? selection.length
        ? { DeviceIDs: [...selection] }
        : null
      : source === 'unit'
        ? holdId !== undefined
          ? { HoldID: holdId }
          : null
        : parsed.ids.length
          ? { DeviceIDs: parsed.ids }
          : null;
  const types = useCommandTypes(open ? target : null);

  const close = () => {
    setBatchId(null);
    form.resetFields();
    onClose();
  };

  const send = async () => {
    if (!target) return void message.warning(t(tooMany ? 'batch.tooMany' : 'batch.selectTarget'));
    const v = await form.validateFields().catch(() => null);
    if (!v?.Type) return;
    const row = types.data?.Types.find((r) => r.Type === v.Type);
    setSending(true);
    try {
      const r = await sendBatch({
        ...target,
        Type: v.Type as never,
        Params: paramsToSend(row?.Params ?? [], v.Params),
        ExpireMinutes: v.ExpireMinutes,
        ...(v.Password ? { Password: v.Password } : {}),
      });
      setBatchId(r.BatchID);
    } catch (e) {
      // Every typed value stays; the field the server names shows its message under it.
      const msg = e instanceof Error ? e.message : '';
      const keys = row?.Params.map((p) => p.Key) ?? [];
      const named = fieldsNamedIn(msg, keys.map((k) => `Params.${k}`).concat(keys, ['Password']));
      form.setFields(
        named.map((n) => ({
          name: n === 'Password' ? 'Password' : ['Params', n.replace(/^Params\./, '')],
          errors: [msg],
        })),
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('batch.title')}
      width={batchId ? 980 : 640}
      onCancel={close}
      destroyOnHidden
      className="batch-dialog"
      footer={
        batchId ? (
          <Button onClick={close}>{t('batch.close')}</Button>
        ) : (
          <>
            <Button onClick={close}>{t('common:cancel')}</Button>
            <Button type="primary" className="batch-send" loading={sending} onClick={() => void send()}>
              {t('batch.send')}
            </Button>
          </>
        )
      }
    >
      {batchId ? (
        <BatchProgress batchId={batchId} />
      ) : (
        <Form form={form} layout="vertical" initialValues={COMMAND_FORM_DEFAULTS} name="batch-command">
          <Form.Item label={t('batch.devices')}>
            <Segmented<Source>
              className="batch-source"
              value={source}
              onChange={setSource}
              options={[
                {
                  value: 'selection',
                  label: t('batch.selection', { count: selection.length }),
                  disabled: !selection.length,
                },
                { value: 'unit', label: t('batch.unit') },
                { value: 'paste', label: t('batch.paste') },
              ]}
            />
          </Form.Item>
          {source === 'unit' ? (
            <Form.Item label={t('batch.unit')}>
              <HoldTreeSelect value={holdId} onChange={setHoldId} className="batch-unit" />
            </Form.Item>
          ) : null}
          {source === 'paste' ? (
            <Form.Item label={t('batch.paste')} extra={t('batch.pasteHint', { max: BATCH_DEVICES_MAX })}>
              <Input.TextArea
                className="batch-ids"
                rows={3}
                value={pasted}
                onChange={(e) => setPasted(e.target.value)}
              />
            </Form.Item>
          ) : null}
          {tooMany ? <Alert type="error" showIcon className="batch-too-many" title={t('batch.tooMany')} /> : null}
          {!target && !tooMany ? (
            <Alert type="info" showIcon className="batch-select-target" title={t('batch.selectTarget')} />
          ) : (
            <CommandForm form={form} types={types.data} loading={types.isFetching} />
          )}
        </Form>
      )}
    </Modal>
  );
}
