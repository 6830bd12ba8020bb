import { Alert, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  word: string;
  pending: boolean;
  /** The server's refusal of the word, shown in the dialog. */
  error: string;
  onCancel(): void;
  onConfirm(word: string): void;
}

/**
 * A change that reaches every subordinate unit goes on only after the person types the confirm word (spec
 * section 5): OK stays disabled until it is typed exactly, and the server checks it again.
 */
export function ConfirmWordDialog({ open, word, pending, error, onCancel, onConfirm }: Props) {
  const { t } = useTranslation('bulletins');
  const [typed, setTyped] = useState('');
  return (
    <Modal
      open={open}
      title={t('branding.confirmTitle')}
      okText={t('branding.confirmOk')}
      cancelText={t('common:cancel')}
      okButtonProps={{ danger: true, disabled: typed.trim() !== word, id: 'branding-confirm-ok' }}
      confirmLoading={pending}
      onOk={() => onConfirm(typed.trim())}
      onCancel={onCancel}
      afterClose={() => setTyped('')}
      destroyOnHidden
      className="branding-confirm"
    >
      <Typography.Paragraph>{t('branding.confirmText')}</Typography.Paragraph>
      <Typography.Paragraph strong>{t('branding.confirmWord', { word })}</Typography.Paragraph>
      <Input
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        placeholder={word}
        autoFocus
        aria-label={t('branding.confirmWord', { word })}
        data-testid="branding-confirm-word"
        onPressEnter={() => typed.trim() === word && onConfirm(typed.trim())}
      />
      {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} /> : null}
    </Modal>
  );
}
