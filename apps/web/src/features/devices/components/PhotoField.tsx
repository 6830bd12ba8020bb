import { UploadOutlined } from '@ant-design/icons';
import { PERSON_PHOTO_MAX_BYTES } from '@lodestar/domain';
import { Button, Image, Space, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhotoUrl } from '../api/device-photo.ts';

const TYPES = ['image/jpeg', 'image/png'];

interface Props {
  /** The saved device (edit form); a new device has no photo yet. */
  deviceId: string | undefined;
  hasPhoto: boolean;
  /** The photo chosen to upload once the device is saved. */
  file: File | null;
  onChange: (file: File | null) => void;
}

/** A person's photo: the stored one, or the one chosen (JPG or PNG, ≤ 2 MB), which is uploaded after saving. */
export function PhotoField({ deviceId, hasPhoto, file, onChange }: Props) {
  const { t } = useTranslation('devices');
  const stored = usePhotoUrl(deviceId, hasPhoto);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ?? stored.url;
  return (
    <Space align="start" className="device-photo">
      {shown ? (
        <Image src={shown} width={72} height={90} className="device-photo-img" alt={t('person.photo')} />
      ) : (
        <div className="device-photo-empty">{t('photo.none')}</div>
      )}
      <div>
        <Upload
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          showUploadList={false}
          beforeUpload={(f) => {
            if (!TYPES.includes(f.type)) setError(t('photo.type'));
            else if (f.size > PERSON_PHOTO_MAX_BYTES)
              setError(t('photo.size', { mb: PERSON_PHOTO_MAX_BYTES / 1024 / 1024 }));
            else {
              setError('');
              onChange(f);
            }
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid="person-photo">
            {shown ? t('photo.replace') : t('photo.choose')}
          </Button>
        </Upload>
        <div className="muted device-photo-hint">
          {file
            ? t('photo.pending', { name: file.name })
            : t('photo.hint', { mb: PERSON_PHOTO_MAX_BYTES / 1024 / 1024 })}
        </div>
        {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
      </div>
    </Space>
  );
}
