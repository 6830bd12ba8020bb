import { NotificationOutlined } from '@ant-design/icons';
import { Alert, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CurrentBulletin, useCurrentBulletins, useMarkCurrentRead } from '../api/bulletins.ts';
import { NoticeBody } from './NoticeBody.tsx';

/**
 * The pop-up notices the user has not seen, once: closing the dialog marks them read on the server, so a reload
 * or another log-in does not show them again (an edited notice is a new version and shows again).
 */
export function BulletinPopup() {
  const { t } = useTranslation('bulletins');
  const current = useCurrentBulletins();
  const markRead = useMarkCurrentRead();
  const [shown, setShown] = useState<CurrentBulletin[]>([]);
  // Closed here: the list still says unread until the mark-read call is answered and the list fetched again, and
  // must not open the dialog once more in between.
  const closed = useRef(new Set<number>());
  useEffect(() => {
    if (shown.length) return;
    const unread = (current.data ?? []).filter(
      (c) => c.ShowLevel === 'popup' && !c.Read && !closed.current.has(c.VersionID),
    );
    if (unread.length) setShown(unread);
  }, [current.data, shown.length]);
  if (!shown.length) return null;
  const close = () => {
    for (const s of shown) closed.current.add(s.VersionID);
    markRead.mutate(shown.map((s) => s.VersionID));
    setShown([]);
  };
  return (
    <Modal
      open
      title={
        <span>
          <NotificationOutlined /> {t('popupTitle')}
        </span>
      }
      onOk={close}
      onCancel={close}
      okText={t('gotIt')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={640}
      className="bulletin-popup"
    >
      {shown.map((s) => (
        <section key={s.VersionID} className="bulletin-popup-item" data-testid="bulletin-popup-item">
          <h3>{s.Title}</h3>
          <div className="bulletin-meta">
            {s.HoldName} · {s.BeginTime}
          </div>
          <NoticeBody html={s.Body} />
        </section>
      ))}
    </Modal>
  );
}

/** Banner notices at the top of the page area until the user dismisses each (marked read on the server). */
export function BulletinBanner() {
  const current = useCurrentBulletins();
  const markRead = useMarkCurrentRead();
  const banners = (current.data ?? []).filter((c) => c.ShowLevel === 'banner' && !c.Read);
  if (!banners.length) return null;
  return (
    <div className="bulletin-banners">
      {banners.map((b) => (
        <Alert
          key={b.VersionID}
          type="info"
          showIcon
          icon={<NotificationOutlined />}
          banner
          closable={{ onClose: () => markRead.mutate([b.VersionID]) }}
          title={<strong>{b.Title}</strong>}
          description={<NoticeBody html={b.Body} />}
          data-testid="bulletin-banner"
        />
      ))}
    </div>
  );
}
