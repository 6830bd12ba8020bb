import { Alert, App, Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';

export interface FormModalProps<V> {
  open: boolean;
  title: ReactNode;
  /** Values the form opens with (the row being edited, or defaults for a new one). */
  initialValues?: Partial<V>;
  onCancel: () => void;
  /** Saves; a rejection keeps the dialog open with what was typed. */
  onSubmit: (values: V) => Promise<unknown>;
  /** After a successful save, before the dialog closes. */
  onSaved?: () => void;
  children: ReactNode;
  form?: FormInstance<V>;
  width?: number;
  okText?: ReactNode;
  /** Prefix of the fields' DOM ids (`form_PackageName`), so they never clash with a filter form's. */
  name?: string;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Field names the server's message mentions (`Invalid field: PriceFen …`, `already exists: OperatorName`). */
export function fieldsNamedIn(msg: string, names: string[]): string[] {
  return names.filter((n) => new RegExp(`(^|[^A-Za-z0-9_])${escapeRegExp(n)}([^A-Za-z0-9_]|$)`).test(msg));
}

/**
 * Add/edit dialog around an antd Form. Validation errors show under their fields; when the
 * server refuses, its message shows in the dialog (and under the field it names) and every
 * typed value stays, so nothing has to be entered again.
 */
export function FormModal<V extends object>({
  open,
  title,
  initialValues,
  onCancel,
  onSubmit,
  onSaved,
  children,
  form,
  width = 560,
  okText,
  name = 'form',
}: FormModalProps<V>) {
  const { t } = useTranslation('table');
  const { message } = App.useApp();
  const [own] = Form.useForm<V>();
  const instance = form ?? own;
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState('');
  // Read at opening only: a parent re-rendering with a fresh object must not wipe what is being typed.
  const initial = useRef(initialValues);
  initial.current = initialValues;

  // Each opening starts from the given values; closing does not, so a failed save keeps its input.
  useEffect(() => {
    if (!open) return;
    setServerError('');
    instance.resetFields();
    const values = initial.current;
    if (values) instance.setFieldsValue(values as Parameters<typeof instance.setFieldsValue>[0]);
  }, [open, instance]);

  const submit = async () => {
    let values: V;
    try {
      values = await instance.validateFields();
    } catch {
      return; // antd shows each field's error beside it
    }
    setSaving(true);
    setServerError('');
    try {
      await onSubmit(values);
      message.success(t('common:saved'));
      onSaved?.();
      onCancel();
    } catch (err) {
      const msg = err instanceof ApiError ? err.message : String(err);
      setServerError(msg);
      const named = fieldsNamedIn(msg, Object.keys(instance.getFieldsValue(true) ?? {}));
      if (named.length)
        instance.setFields(
          named.map((field) => ({ name: field, errors: [msg] })) as Parameters<typeof instance.setFields>[0],
        );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      okText={okText ?? t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onCancel}
      forceRender
      mask={{ closable: false }}
      className="form-modal"
    >
      {serverError ? <Alert className="form-modal-error" type="error" showIcon title={serverError} /> : null}
      <Form<V>
        form={instance}
        name={name}
        layout="horizontal"
        labelCol={{ span: 7 }}
        wrapperCol={{ span: 16 }}
        onFinish={() => void submit()}
        // Enter in a text field saves; the hidden button makes the form submittable without a visible one.
      >
        {children}
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}

/** Open/close state for a FormModal used for both adding and editing. */
export function useFormModal<Row>() {
  const [state, setState] = useState<{ open: boolean; record?: Row }>({ open: false });
  return {
    open: state.open,
    record: state.record,
    editing: state.record !== undefined,
    openAdd: () => setState({ open: true }),
    openEdit: (record: Row) => setState({ open: true, record }),
    close: () => setState((s) => ({ ...s, open: false })),
  };
}
