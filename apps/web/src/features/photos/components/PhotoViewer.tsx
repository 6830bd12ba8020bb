import { DownloadOutlined } from '@ant-design/icons';
import { Button, Descriptions, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { type PhotoRow, usePhotoBlob } from '../api/photos.ts';

/** One photo large, with its device, time, channel, position and size, and its download. */
export function PhotoViewer({ row, onClose }: { row: PhotoRow | null; onClose: () => void }) {
  const { t } = useTranslation('photos');
  const src = usePhotoBlob(row?.PhotoID ?? null);
  const name = row ? `${row.DeviceID}_${row.Time.replace(/[^0-9]/g, '')}_${row.Channel}.jpg` : '';
  return (
    <Modal
      open={row !== null}
      title={row ? row.DeviceName || row.DeviceID : ''}
      width={900}
      onCancel={onClose}
      destroyOnHidden
      className="photo-viewer"
      footer={
        <Button
          icon={<DownloadOutlined />}
          href={src.data}
          download={name}
          disabled={!src.data}
          className="photo-download"
        >
          {t('viewer.download')}
        </Button>
      }
    >
      {row ? (
        <>
          <div className="photo-viewer-img">{src.data ? <img src={src.data} alt={name} /> : <Spin />}</div>
          <Descriptions
            size="small"
            column={2}
            items={[
              { key: 'device', label: t('viewer.device'), children: `${row.DeviceName} (${row.DeviceID})` },
              { key: 'plate', label: t('viewer.plate'), children: row.Plate ?? '—' },
              { key: 'time', label: t('viewer.time'), children: row.Time },
              { key: 'channel', label: t('viewer.channel'), children: row.Channel },
              {
                key: 'pos',
                label: t('viewer.position'),
                children: row.Lat !== null && row.Lng !== null ? `${row.Lat.toFixed(6)}, ${row.Lng.toFixed(6)}` : '—',
              },
              { key: 'size', label: t('viewer.size'), children: t('viewer.kb', { n: (row.Size / 1024).toFixed(1) }) },
              {
                key: 'event',
                label: t('viewer.event'),
                children: t(`event.${row.Event}`, { defaultValue: String(row.Event) }),
              },
            ]}
          />
        </>
      ) : null}
    </Modal>
  );
}
