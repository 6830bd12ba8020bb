import type { WorkRow } from '@lodestar/contract/work-orders';
import { CheckStatus, WORK_ORDER_UI } from '@lodestar/domain';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckWorkFlow } from '../api/check-work-flow.ts';
import { approvalProblem, buildApprovalItems, type Decision, needsReceivingUnit } from '../work-order.ts';
import { ReceivingUnitSelect } from './ReceivingUnitSelect.tsx';
import { VipDevices, vipDetail } from './VipOrderCells.tsx';

export interface ApprovalTarget {
  rows: WorkRow[];
  decision: Decision;
}

interface Values {
  CheckText?: string;
  ReHoldID?: number;
}

/**
 * The inner approval dialog (spec sections 2, 5, 8, 9): a review comment, and for an approved
 * return the receiving unit. Saving starts after 200 ms; closes and resets after success or cancel.
 */
export function ApprovalDialog({
  target,
  onClose,
  onDone,
}: {
  target: ApprovalTarget | null;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation('work-orders');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const check = useCheckWorkFlow();
  const [saving, setSaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const rows = target?.rows ?? [];
  const approving = target?.decision === CheckStatus.Agreed;
  const unitNeeded = target ? needsReceivingUnit(rows, target.decision) : false;

  useEffect(() => () => clearTimeout(timer.current), []);

  const close = () => {
    clearTimeout(timer.current);
    setSaving(false);
    onClose();
  };

  const save = async () => {
    if (!target || saving) return;
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      if (form.getFieldError('ReHoldID').length) void message.error(t('unitRequired'));
      return;
    }
    const problem = approvalProblem(rows, target.decision, values.ReHoldID);
    if (problem) {
      void message.error(t(problem));
      return;
    }
    const items = buildApprovalItems(rows, target.decision, values.CheckText ?? '', values.ReHoldID);
    setSaving(true);
    timer.current = setTimeout(() => {
      check.mutate(items, {
        onSuccess: () => {
          setSaving(false);
          void message.success(t(approving ? 'approvedMsg' : 'rejectedMsg', { n: items.length }));
          onDone();
          onClose();
        },
        // The api client has already shown the server's message.
        onError: () => setSaving(false),
      });
    }, WORK_ORDER_UI.saveDelayMs);
  };

  return (
    <Modal
      open={target !== null}
      title={t(approving ? 'approveTitle' : 'rejectTitle', { n: rows.length })}
      onOk={() => void save()}
      onCancel={close}
      okText={t(approving ? 'approve' : 'reject')}
      okButtonProps={{ danger: !approving, className: 'approval-save' }}
      cancelText={t('common:cancel')}
      confirmLoading={saving}
      maskClosable={false}
      className="approval-dialog"
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <ul className="approval-orders">
        {rows.map((r) => (
          <li key={r.WorkID}>
            <span className="approval-order-type">{r.WorkTypeText}</span>
            <span className="mono">{r.TargetID}</span>
            {r.Vip ? (
              <>
                <VipDevices t={t} row={r} />
                <span className="muted">{vipDetail(t, r.Vip)}</span>
              </>
            ) : null}
            {r.WorkCont ? <span className="muted">{r.WorkCont}</span> : null}
          </li>
        ))}
      </ul>
      <Form form={form} layout="vertical" name="approval" preserve={false}>
        {approving && rows.some((r) => r.Vip) ? (
          <Alert className="approval-vip-note" type="info" showIcon title={t('vipApproveNote')} />
        ) : null}
        {!approving && rows.some((r) => r.Vip) ? (
          <Alert className="approval-vip-note" type="info" showIcon title={t('vipRejectNote')} />
        ) : null}
        {unitNeeded ? (
          <Form.Item
            name="ReHoldID"
            label={t('reHold')}
            extra={t('reHoldHint')}
            rules={[{ required: true, message: t('unitRequired') }]}
          >
            <ReceivingUnitSelect />
          </Form.Item>
        ) : null}
        <Form.Item name="CheckText" label={t('checkText')}>
          <Input.TextArea
            rows={WORK_ORDER_UI.commentRows}
            maxLength={500}
            showCount
            placeholder={t('checkTextPlaceholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
