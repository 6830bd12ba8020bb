import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DOWNLOAD_CENTRE_PATH } from '../../../components/table/ExportButton.tsx';
import { exportHistory, type HistoryExportFormat } from '../api/export-history.ts';
import type { HistoryChoice } from '../history-url.ts';

const FORMATS: HistoryExportFormat[] = ['gpx', 'kml', 'csv', 'xlsx'];

/**
 * The period's export in one of four formats. History/Export writes a download-centre entry in the
 * background, so, as every export of the console, the person is told and given a link to /user/download.
 */
export function ExportMenu({ choice, disabled }: { choice: HistoryChoice; disabled?: boolean }) {
  const { t } = useTranslation('history');
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const run = async (format: HistoryExportFormat) => {
    setBusy(true);
    try {
      const { FileID } = await exportHistory({
        DeviceIDs: choice.devices,
        StartTime: choice.start,
        EndTime: choice.end,
        Format: format,
      });
      const key = `export-${FileID}`;
      notification.success({
        key,
        className: 'history-export-started',
        title: t('table:exportStarted'),
        description: (
          <span>
            {t('table:exportPreparing')}{' '}
            <a
              href={DOWNLOAD_CENTRE_PATH}
              onClick={(e) => {
                e.preventDefault();
                notification.destroy(key);
                navigate(DOWNLOAD_CENTRE_PATH);
              }}
            >
              {t('table:openDownloads')}
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
    <Dropdown
      disabled={disabled}
      trigger={['click']}
      menu={{
        className: 'history-export-menu',
        items: FORMATS.map((f) => ({ key: f, label: t(`export.${f}`) })),
        onClick: ({ key }) => void run(key as HistoryExportFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy} className="history-export">
        {t('export.button')}
      </Button>
    </Dropdown>
  );
}
