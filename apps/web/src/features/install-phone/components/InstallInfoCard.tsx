import { DeleteOutlined } from '@ant-design/icons';
import type { InstallInfo, TaskDevice, TaskPhoto } from '@lodestar/contract/install';
import { INSTALL_PHOTO, type InstallPositionCode } from '@lodestar/domain';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRemoveInstallInfo } from '../api/install-infos.ts';
import { DeviceState } from './DeviceState.tsx';
import { PhotoPicker } from './PhotoPicker.tsx';
import { PhotoThumbs } from './PhotoThumbs.tsx';

/** One fitted device at one position: its live state, who fitted it when, and that position's photos. */
export function InstallInfoCard({
  info,
  device,
  photos,
  taskPhotos,
  taskId,
  editable,
}: {
  info: InstallInfo;
  device: TaskDevice | undefined;
  photos: TaskPhoto[];
  taskPhotos: number;
  taskId: number;
  editable: boolean;
}) {
  const { t } = useTranslation('install-phone');
  const remove = useRemoveInstallInfo(taskId);
  const position = t(`position.${info.Position}`);
  return (
    <article className="ip-card ip-info" data-device={info.DeviceID} data-position={info.Position}>
      <div className="ip-card-head">
        <span className="ip-mono ip-device-id-text">{info.DeviceID}</span>
        <span className="ip-position-name">{position}</span>
      </div>
      <DeviceState device={device} />
      <div className="ip-line ip-muted">
        {info.People} · {info.Time.slice(0, 16)}
      </div>
      <div className="ip-photos-head">
        <span>{t('photos.title')}</span>
        <span className="ip-muted ip-photo-count">
          {t('photos.count', { count: photos.length, max: INSTALL_PHOTO.perPosition })}
        </span>
      </div>
      <PhotoThumbs photos={photos} taskId={taskId} editable={editable} />
      {editable ? (
        <PhotoPicker
          taskId={taskId}
          deviceId={info.DeviceID}
          position={info.Position as InstallPositionCode}
          stored={{ task: taskPhotos, position: photos.length }}
          extra={
            <Popconfirm
              title={t('devices.removeConfirm', { id: info.DeviceID, position })}
              okText={t('common:ok')}
              cancelText={t('common:cancel')}
              onConfirm={() => remove.mutateAsync(info.InfoID)}
            >
              <Button danger type="text" icon={<DeleteOutlined />} className="ip-remove-info">
                {t('devices.remove')}
              </Button>
            </Popconfirm>
          }
        />
      ) : null}
    </article>
  );
}
