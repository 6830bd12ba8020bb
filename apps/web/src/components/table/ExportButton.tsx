import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export const DOWNLOAD_CENTRE_PATH = '/user/download';

export interface ExportButtonProps {
  /** Starts the export on the server; answers the download-centre entry (`{ FileID }` or the id). */
  exportFile: () => Promise<number | { FileID: number }>;
  disabled?: boolean;
  /** The button's text when the file is not an Excel sheet (the default label says Excel). */
  label?: string;
}

/**
 * "Export to Excel": exports run in the background on the server, so the person is told the
 * file is being prepared and given a link to the download centre rather than a file.
 */
export function ExportButton({ exportFile, disabled, label }: ExportButtonProps) {
  const { t } = useTranslation('table');
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const reply = await exportFile();
      const fileId = typeof reply === 'number' ? reply : reply.FileID;
      const key = `export-${fileId}`;
      notification.success({
        key,
        title: t('exportStarted'),
        description: (
          <span>
            {t('exportPreparing')}{' '}
            <a
              href={DOWNLOAD_CENTRE_PATH}
              onClick={(e) => {
                e.preventDefault();
                notification.destroy(key);
                navigate(DOWNLOAD_CENTRE_PATH);
              }}
            >
              {t('openDownloads')}
            </a>
          </span>
        ),
      });
    } catch {
      // The api client has already shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button icon={<DownloadOutlined />} loading={busy} disabled={disabled} onClick={() => void run()}>
      {label ?? t('export')}
    </Button>
  );
}
