import { DeleteOutlined, LoadingOutlined, WarningOutlined } from '@ant-design/icons';
import type { TaskPhoto } from '@lodestar/contract/install';
import { Image, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemoveTaskPhoto, useTaskPhotoUrl } from '../api/photos.ts';

function Thumb({ photo, taskId, editable }: { photo: TaskPhoto; taskId: number; editable: boolean }) {
  const { t } = useTranslation('install-phone');
  const thumb = useTaskPhotoUrl(photo.PhotoID, photo.HasThumb);
  // The original is fetched only when the photo is opened large (a thumbnail is all the grid needs).
  const [open, setOpen] = useState(false);
  const original = useTaskPhotoUrl(photo.PhotoID, false, open && photo.HasThumb);
  const remove = useRemoveTaskPhoto(taskId);
  return (
    <div className="ip-thumb" data-photo={photo.PhotoID}>
      {thumb.url ? (
        <Image
          src={thumb.url}
          alt=""
          className="ip-thumb-img"
          preview={{ mask: null, open, onOpenChange: setOpen, src: (photo.HasThumb && original.url) || thumb.url }}
        />
      ) : (
        <span className="ip-thumb-wait">{thumb.failed ? <WarningOutlined /> : <LoadingOutlined />}</span>
      )}
      {editable ? (
        <Popconfirm
          title={t('photos.removeConfirm')}
          okText={t('common:ok')}
          cancelText={t('common:cancel')}
          onConfirm={() => remove.mutateAsync(photo.PhotoID)}
        >
          <button type="button" className="ip-thumb-remove" aria-label={t('photos.remove')}>
            <DeleteOutlined />
          </button>
        </Popconfirm>
      ) : null}
    </div>
  );
}

/** Stored photos as a grid of thumbnails (tap to see one large); each removable while the task is worked on. */
export function PhotoThumbs({ photos, taskId, editable }: { photos: TaskPhoto[]; taskId: number; editable: boolean }) {
  if (photos.length === 0) return null;
  return (
    <div className="ip-thumbs">
      {photos.map((p) => (
        <Thumb key={p.PhotoID} photo={p} taskId={taskId} editable={editable} />
      ))}
    </div>
  );
}
