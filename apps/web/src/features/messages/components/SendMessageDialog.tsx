import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { MessageForm } from './MessageForm.tsx';

/** The monitor row menu's "send message": the page's form in a dialog, its device filled in. */
export function SendMessageDialog({ devices, onClose }: { devices: readonly string[] | null; onClose: () => void }) {
  const { t } = useTranslation('messages');
  return (
    <Modal
      open={devices !== null}
      title={t('dialog.title')}
      width={760}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      className="send-message-dialog"
    >
      {devices ? <MessageForm devices={devices} /> : null}
    </Modal>
  );
}
