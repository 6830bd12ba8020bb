import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DeleteButtonProps {
  /** What is deleted, shown in the question. */
  name: ReactNode;
  onConfirm: () => Promise<unknown>;
  disabled?: boolean;
  /** Button text; defaults to "Delete". */
  label?: ReactNode;
}

/** A row's delete link that asks first; the popover stays busy until the server answers. */
export function DeleteButton({ name, onConfirm, disabled, label }: DeleteButtonProps) {
  const { t } = useTranslation('table');
  const { message } = App.useApp();
  return (
    <Popconfirm
      title={t('confirmDeleteTitle')}
      description={t('confirmDelete', { name })}
      okText={t('delete')}
      okButtonProps={{ danger: true }}
      cancelText={t('common:cancel')}
      disabled={disabled}
      onConfirm={async () => {
        try {
          await onConfirm();
          message.success(t('deleted'));
        } catch {
          // The api client has already shown why the server refused.
        }
      }}
    >
      <Button type="link" size="small" danger icon={<DeleteOutlined />} disabled={disabled}>
        {label ?? t('delete')}
      </Button>
    </Popconfirm>
  );
}

export interface ConfirmOptions {
  title?: ReactNode;
  /** What is deleted; used in the default question. */
  name?: ReactNode;
  content?: ReactNode;
  okText?: ReactNode;
  onOk: () => Promise<unknown>;
}

/** `Modal.confirm` for deletes started from a toolbar (several rows, a tree node). */
export function useConfirmDelete() {
  const { t } = useTranslation('table');
  const { modal, message } = App.useApp();
  return ({ title, name, content, okText, onOk }: ConfirmOptions) =>
    modal.confirm({
      title: title ?? t('confirmDeleteTitle'),
      content: content ?? t('confirmDelete', { name }),
      okText: okText ?? t('delete'),
      okButtonProps: { danger: true },
      cancelText: t('common:cancel'),
      onOk: async () => {
        try {
          await onOk();
          message.success(t('deleted'));
        } catch {
          // Already shown by the api client; the dialog closes so the person can read the toast.
        }
      },
    });
}
