import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openAttachment, type PolicyRow, uploadAttachment } from '../api/insurance.ts';

/** The policy's attachment: its name opens it; policy managers (163) upload a PDF or JPG in its place. */
export function AttachmentCell({
  row,
  canWrite,
  onUploaded,
}: {
  row: PolicyRow;
  canWrite: boolean;
  onUploaded: () => void;
}) {
  const { t } = useTranslation('insurance');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Space size={0}>
      {row.Attachment ? (
        <Button
          type="link"
          size="small"
          icon={<PaperClipOutlined />}
          onClick={() => void openAttachment(row.PolicyID).catch((e: Error) => void message.error(e.message))}
        >
          {t('view')}
        </Button>
      ) : null}
      {canWrite ? (
        <Upload
          accept=".pdf,.jpg,.jpeg,application/pdf,image/jpeg"
          showUploadList={false}
          customRequest={async ({ file }) => {
            setBusy(true);
            try {
              await uploadAttachment(row.PolicyID, file as File);
              void message.success(t('uploaded'));
              onUploaded();
            } catch (e) {
              void message.error((e as Error).message);
            } finally {
              setBusy(false);
            }
          }}
        >
          <Button type="link" size="small" icon={<UploadOutlined />} loading={busy} data-testid="policy-upload">
            {row.Attachment ? t('replace') : t('upload')}
          </Button>
        </Upload>
      ) : null}
    </Space>
  );
}
