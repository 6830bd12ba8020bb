import { CameraOutlined, CloseOutlined, PictureOutlined } from '@ant-design/icons';
import { INSTALL_PHOTO, type InstallPositionCode } from '@lodestar/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Progress } from 'antd';
import { type ChangeEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { makeThumb, uploadTaskPhoto } from '../api/photos.ts';
import { taskKey } from '../api/tasks.ts';
import { checkPhotos, type PhoneRefusal, readHead } from '../photo-check.ts';

interface Item {
  key: string;
  name: string;
  percent: number;
  /** Refused in the browser: the rule, translated when shown (the language may change meanwhile). */
  refusal?: PhoneRefusal;
  /** The server's or the network's message once an upload failed. */
  failure?: string;
}

const isOpen = (i: Item) => !i.refusal && i.failure === undefined;

let seq = 0;

/**
 * Takes a photo with the camera or picks some from the album, checks each in the browser (JPEG bytes, size,
 * counts), then uploads the good ones one after another with their progress; a refused or failed file stays
 * listed with its reason until dismissed.
 */
export function PhotoPicker({
  taskId,
  deviceId,
  position,
  stored,
  extra,
}: {
  taskId: number;
  deviceId?: string;
  position?: InstallPositionCode;
  stored: { task: number; position: number | null };
  /** Shown at the end of the buttons' row (the card's own action). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation('install-phone');
  const { message } = App.useApp();
  const client = useQueryClient();
  const camera = useRef<HTMLInputElement>(null);
  const album = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Item[]>([]);
  const busy = items.some(isOpen);
  const reason = (i: Item) =>
    i.refusal
      ? t(`photos.refused.${i.refusal}`, {
          max: i.refusal === 'tooManyForPosition' ? INSTALL_PHOTO.perPosition : INSTALL_PHOTO.perTask,
        })
      : i.failure;
  const update = (key: string, patch: Partial<Item>) =>
    setItems((all) => all.map((i) => (i.key === key ? { ...i, ...patch } : i)));

  const onFiles = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = ''; // the same file can be chosen again after a refusal
    if (files.length === 0) return;
    const heads = await Promise.all(files.map((f) => readHead(f)));
    const verdicts = checkPhotos(
      files.map((f, i) => ({ size: f.size, head: heads[i] ?? new Uint8Array() })),
      stored,
    );
    const queued = files.map((file, i) => ({
      file,
      item: { key: `p${++seq}`, name: file.name, percent: 0, refusal: verdicts[i] ?? undefined } as Item,
    }));
    setItems((all) => [...all, ...queued.map((q) => q.item)]);
    let uploaded = 0;
    for (const { file, item } of queued) {
      if (item.refusal) continue;
      try {
        const thumb = await makeThumb(file);
        await uploadTaskPhoto({ taskId, deviceId, position, file, thumb }, (percent) => update(item.key, { percent }));
        uploaded++;
        setItems((all) => all.filter((i) => i.key !== item.key));
      } catch (err) {
        update(item.key, { failure: err instanceof Error ? err.message : String(err) });
      }
    }
    if (uploaded > 0) {
      message.success(t('photos.uploaded', { count: uploaded }));
      await client.invalidateQueries({ queryKey: taskKey(taskId) });
    }
  };

  return (
    <div className="ip-photo-picker">
      <div className="ip-photo-buttons">
        <Button icon={<CameraOutlined />} onClick={() => camera.current?.click()} disabled={busy} className="ip-take">
          {t('photos.take')}
        </Button>
        <Button icon={<PictureOutlined />} onClick={() => album.current?.click()} disabled={busy} className="ip-choose">
          {t('photos.choose')}
        </Button>
        {extra ? <span className="ip-photo-extra">{extra}</span> : null}
      </div>
      <input
        ref={camera}
        type="file"
        accept="image/jpeg"
        capture="environment"
        hidden
        className="ip-camera-input"
        onChange={(e) => void onFiles(e)}
      />
      <input
        ref={album}
        type="file"
        accept="image/jpeg"
        multiple
        hidden
        className="ip-album-input"
        onChange={(e) => void onFiles(e)}
      />
      {items.length > 0 ? (
        <ul className="ip-uploads">
          {items.map((i) => (
            <li key={i.key} className={`ip-upload${isOpen(i) ? '' : ' ip-upload-error'}`} data-name={i.name}>
              <span className="ip-upload-name">{i.name}</span>
              {!isOpen(i) ? (
                <>
                  <span className="ip-upload-reason">{reason(i)}</span>
                  <Button
                    type="text"
                    size="small"
                    icon={<CloseOutlined />}
                    aria-label={t('photos.dismiss')}
                    onClick={() => setItems((all) => all.filter((x) => x.key !== i.key))}
                  />
                </>
              ) : (
                <Progress percent={i.percent} size="small" className="ip-upload-progress" />
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
