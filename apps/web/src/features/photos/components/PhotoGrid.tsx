import { PictureOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { type PhotoRow, usePhotoBlob } from '../api/photos.ts';

/** Thumbnails, newest first; a click opens the viewer. */
export function PhotoGrid({ rows, onOpen }: { rows: readonly PhotoRow[]; onOpen: (row: PhotoRow) => void }) {
  return (
    <div className="photo-grid">
      {rows.map((r) => (
        <Thumb key={r.PhotoID} row={r} onOpen={onOpen} />
      ))}
    </div>
  );
}

function Thumb({ row, onOpen }: { row: PhotoRow; onOpen: (row: PhotoRow) => void }) {
  const { t } = useTranslation('photos');
  const src = usePhotoBlob(row.PhotoID);
  return (
    <button type="button" className="photo-thumb" data-photo={row.PhotoID} onClick={() => onOpen(row)}>
      <span className="photo-thumb-img">
        {src.data ? (
          <img src={src.data} alt={t('viewer.alt', { device: row.DeviceName || row.DeviceID, time: row.Time })} />
        ) : src.isLoading ? (
          <Spin size="small" />
        ) : (
          <PictureOutlined />
        )}
      </span>
      <span className="photo-thumb-name">{row.DeviceName || row.DeviceID}</span>
      <span className="photo-thumb-time muted">
        {row.Time} · {t('channelN', { n: row.Channel })}
      </span>
    </button>
  );
}
