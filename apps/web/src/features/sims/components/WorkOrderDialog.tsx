import type { SimRow } from '@lodestar/contract/sims';
import { formatFen, IMEI_RE, LockType, type SimWorkType, WorkType } from '@lodestar/domain';
import { Alert, App, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { fieldsNamedIn } from '../../../components/table/FormModal.tsx';
import { usePackageSelect } from '../../catalogue/api/selects.ts';
import { type AddWorkFlowInput, useAddWorkFlow } from '../api/add-work-flow.ts';
import { workTypeFits } from '../format.ts';

interface FormValues {
  WorkCont: string;
  PackageID?: number;
  Months?: number;
  LockType?: LockType;
  IMEI?: string;
}

interface Props {
  type: SimWorkType | null;
  targets: readonly SimRow[];
  onClose: () => void;
  /** After the orders are created. */
  onDone: (created: number) => void;
}

const REMARK_MAX = 200;

/** One dialog for the six work types: the fields the type needs, then `WorkFlow/AddWorkFlow`. */
export function WorkOrderDialog({ type, targets, onClose, onDone }: Props) {
  const { t } = useTranslation('sims');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const add = useAddWorkFlow();
  const open = type !== null;

  // SIMs with an open order, or in a state the type cannot start from, are left out and counted.
  const eligible = useMemo(
    () => (type === null ? [] : targets.filter((s) => !s.PendingWorkID && workTypeFits(type, s.State))),
    [targets, type],
  );
  const skipped = targets.length - eligible.length;
  const operators = new Set(eligible.map((s) => s.OperatorID));
  const operatorId = operators.size === 1 ? eligible[0]?.OperatorID : undefined;
  const needsPackages = type === WorkType.PackageChange || type === WorkType.Renewal;
  const packages = usePackageSelect(operatorId, open && needsPackages && operatorId !== undefined);
  const mixedCarriers = type === WorkType.PackageChange && operators.size > 1;
  const lockType = Form.useWatch('LockType', form);
  const [serverError, setServerError] = useState('');

  useEffect(() => {
    if (!open) return;
    setServerError('');
    form.resetFields();
    const only = targets.length === 1 ? targets[0] : undefined;
    form.setFieldsValue({
      Months: type === WorkType.Renewal ? 12 : undefined,
      // One IMEI binds one card: a batch can only unbind.
      LockType: !only || only.LockType === LockType.Locked ? LockType.Unlocked : LockType.Locked,
    });
  }, [open, type, targets, form]);

  async function submit(v: FormValues) {
    if (type === null) return;
    const body: AddWorkFlowInput = { WorkType: type, TargetIDs: eligible.map((s) => s.ICCID), WorkCont: v.WorkCont };
    if (type === WorkType.PackageChange && v.PackageID !== undefined) body.PackageID = v.PackageID;
    if (type === WorkType.Renewal) {
      body.Months = v.Months ?? 0;
      if (v.PackageID !== undefined) body.PackageID = v.PackageID;
    }
    if (type === WorkType.Lock) {
      body.LockType = v.LockType ?? LockType.Locked;
      if (body.LockType === LockType.Locked) body.IMEI = v.IMEI?.trim() ?? '';
    }
    setServerError('');
    try {
      const { WorkIDs } = await add.mutateAsync(body);
      void message.success(t('work.created', { count: WorkIDs.length }));
      onDone(WorkIDs.length);
    } catch (err) {
      // The dialog stays open with what was typed; the refusal shows here and under the field it names.
      const msg = err instanceof ApiError ? err.message : String(err);
      setServerError(msg);
      const named = fieldsNamedIn(msg, ['PackageID', 'Months', 'IMEI', 'WorkCont', 'LockType']);
      form.setFields(named.map((name) => ({ name: name as keyof FormValues, errors: [msg] })));
    }
  }

  const packageOptions = (packages.data ?? []).map((p) => ({
    value: p.PackageID,
    label: `${p.PackageName} · ${t('work.packageTerms', { months: p.PeriodMonths, price: formatFen(p.PriceFen) })}`,
  }));

  return (
    <Modal
      open={open}
      title={type === null ? '' : t(`work.type.${type}`)}
      okText={t('work.submit')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={add.isPending}
      okButtonProps={{ disabled: eligible.length === 0 || mixedCarriers, 'data-testid': 'work-submit' }}
      destroyOnHidden
      data-testid="work-dialog"
    >
      <p data-testid="work-targets">
        {targets.length === 1 && eligible.length === 1
          ? t('work.targetOne', { iccid: eligible[0]?.ICCID })
          : t('work.targetMany', { count: eligible.length })}
      </p>
      {skipped > 0 ? (
        <Alert
          className="sim-block"
          type={eligible.length === 0 ? 'error' : 'warning'}
          showIcon
          title={t('work.skipped', { count: skipped })}
        />
      ) : null}
      {mixedCarriers ? <Alert className="sim-block" type="error" showIcon title={t('work.mixedCarriers')} /> : null}
      {serverError ? (
        <Alert className="sim-block" type="error" showIcon title={serverError} data-testid="work-error" />
      ) : null}
      <Form<FormValues> form={form} layout="vertical" name="work-order" onFinish={(v) => void submit(v)}>
        {type === WorkType.PackageChange ? (
          <Form.Item
            name="PackageID"
            label={t('field.package')}
            rules={[
              { required: true, message: t('work.packageRequired') },
              {
                validator: async (_r, value: number | undefined) => {
                  const same = eligible.filter((s) => s.PackageID === value).length;
                  if (value !== undefined && same > 0) throw new Error(t('work.samePackage', { count: same }));
                },
              },
            ]}
          >
            <Select data-testid="work-package" loading={packages.isFetching} options={packageOptions} />
          </Form.Item>
        ) : null}
        {type === WorkType.Renewal ? (
          <>
            <Form.Item
              name="Months"
              label={t('work.months')}
              rules={[
                { required: true, message: t('work.monthsRequired') },
                { type: 'integer', min: 1, max: 60, message: t('work.monthsRange') },
              ]}
            >
              <InputNumber min={1} max={60} precision={0} data-testid="work-months" />
            </Form.Item>
            <Form.Item name="PackageID" label={t('field.package')} extra={t('work.renewPackageHint')}>
              <Select
                allowClear
                data-testid="work-package"
                disabled={operatorId === undefined}
                loading={packages.isFetching}
                options={packageOptions}
              />
            </Form.Item>
          </>
        ) : null}
        {type === WorkType.Lock ? (
          <>
            <Form.Item
              name="LockType"
              label={t('field.lock')}
              extra={eligible.length > 1 ? t('work.batchUnlockOnly') : undefined}
            >
              <Radio.Group
                data-testid="work-locktype"
                options={[
                  { value: LockType.Locked, label: t('lock.lock'), disabled: eligible.length > 1 },
                  { value: LockType.Unlocked, label: t('lock.unlock') },
                ]}
              />
            </Form.Item>
            {lockType === LockType.Locked ? (
              <Form.Item
                name="IMEI"
                label="IMEI"
                rules={[
                  { required: true, message: t('work.imeiRequired') },
                  { pattern: IMEI_RE, message: t('work.imeiFormat') },
                ]}
              >
                <Input maxLength={15} inputMode="numeric" data-testid="work-imei" />
              </Form.Item>
            ) : null}
          </>
        ) : null}
        <Form.Item
          name="WorkCont"
          label={t('work.remark')}
          rules={[
            { required: true, whitespace: true, message: t('work.remarkRequired') },
            { max: REMARK_MAX, message: t('work.remarkMax', { max: REMARK_MAX }) },
          ]}
        >
          <Input.TextArea rows={3} showCount maxLength={REMARK_MAX} data-testid="work-remark" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
