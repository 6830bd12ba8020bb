import './live-alarms.css';
import { AimOutlined, AlertOutlined, MutedOutlined, SoundOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, notification, Popover, Space, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMonitorStore } from '../../monitor/live/monitor-store.ts';
import { eventLabel } from '../event-types.ts';
import { type LiveNotice, useAlarmStore } from './alarm-store.ts';
import { beep, useAlarmSound } from './sound.ts';

/** Toasts on screen at once; older ones close as new ones come (a fleet-wide alarm storm stays readable). */
const TOASTS_MAX = 5;
/** A toast closes by itself after this; alarms stay until closed or acted on. */
const ZONE_TOAST_SECONDS = 8;
/** Beeps at most this often, however many alarms arrive together. */
const BEEP_GAP_MS = 1500;
/** Below the shell's header, tag bar and the page's title row: toasts never hide the log-out, the badge or the feed. */
const TOASTS_TOP = 150;

interface Props {
  /** Selects the device on the map. */
  onLocate: (deviceId: string) => void;
  /** Opens the release dialog for the device. */
  onRelease: (deviceId: string) => void;
}

/** What names a device on a toast: its plate or name as the monitor lists it, else its ID. */
const deviceTitle = (id: string) => {
  const row = useMonitorStore.getState().rows[id];
  return row?.Plate || row?.DeviceName || id;
};

/**
 * The monitor's live alarms: a toast per alarm or zone event as it arrives (top right, at most five), a beep
 * for alarms unless muted (kept in this browser), and a badge of the alarms not yet looked at, whose list
 * links to the event list. Only events that arrive while the page is open are told, never the list's state.
 */
export function LiveAlarms({ onLocate, onRelease }: Props) {
  const { t } = useTranslation('events');
  const [api, holder] = notification.useNotification({
    maxCount: TOASTS_MAX,
    placement: 'topRight',
    top: TOASTS_TOP,
    stack: false,
  });
  const unread = useAlarmStore((s) => s.unread);
  const incoming = useAlarmStore((s) => s.incoming.length);
  const muted = useAlarmSound((s) => s.muted);
  const setMuted = useAlarmSound((s) => s.setMuted);
  const lastBeep = useRef(0);
  const [beeps, setBeeps] = useState(0);
  const actions = useRef({ onLocate, onRelease });
  actions.current = { onLocate, onRelease };

  // Events from an earlier visit of the page were told then.
  useEffect(() => () => useAlarmStore.getState().reset(), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when notices are waiting; it takes them all
  useEffect(() => {
    const notices = useAlarmStore.getState().drain();
    if (!notices.length) return;
    for (const n of notices) show(n);
    const now = Date.now();
    if (notices.some((n) => n.alarm) && !useAlarmSound.getState().muted && now - lastBeep.current > BEEP_GAP_MS) {
      lastBeep.current = now;
      if (beep()) setBeeps((b) => b + 1);
    }
  }, [incoming]);

  const show = (n: LiveNotice) => {
    const close = () => api.destroy(n.key);
    api.open({
      key: n.key,
      type: n.alarm ? 'error' : 'info',
      className: `live-alarm-toast ${n.alarm ? 'is-alarm' : 'is-zone'}`,
      duration: n.alarm ? 0 : ZONE_TOAST_SECONDS,
      // Components, not text: a toast still on screen follows a change of language.
      title: <ToastTitle n={n} />,
      description: <ToastBody n={n} />,
      actions: (
        <ToastActions
          n={n}
          onLocate={() => {
            actions.current.onLocate(n.deviceId);
            close();
          }}
          onRelease={() => {
            actions.current.onRelease(n.deviceId);
            close();
          }}
        />
      ),
    });
  };

  return (
    <span className="live-alarms" data-beeps={beeps} data-muted={muted}>
      {holder}
      <Popover
        trigger="click"
        placement="bottomRight"
        title={t('live.badge')}
        content={<RecentList />}
        onOpenChange={(open) => {
          if (open) useAlarmStore.getState().markRead();
        }}
      >
        <Tooltip title={t('live.badge')}>
          <Button
            size="small"
            type="text"
            className="live-alarms-badge"
            data-unread={unread}
            aria-label={t('live.badge')}
          >
            <Badge count={unread} size="small" overflowCount={99}>
              <AlertOutlined className="live-alarms-icon" />
            </Badge>
          </Button>
        </Tooltip>
      </Popover>
      <Tooltip title={muted ? t('live.unmute') : t('live.mute')}>
        <Button
          size="small"
          type="text"
          className="live-alarms-mute"
          aria-pressed={muted}
          aria-label={muted ? t('live.unmute') : t('live.mute')}
          icon={muted ? <MutedOutlined /> : <SoundOutlined />}
          onClick={() => setMuted(!muted)}
        />
      </Tooltip>
    </span>
  );
}

function ToastTitle({ n }: { n: LiveNotice }) {
  const { t } = useTranslation('events');
  return (
    <span className="live-alarm-title" data-device={n.deviceId} data-type={n.type}>
      {deviceTitle(n.deviceId)} · {eventLabel(t, n.type)}
    </span>
  );
}

function ToastBody({ n }: { n: LiveNotice }) {
  const { t } = useTranslation('events');
  return (
    <div className="live-alarm-body">
      {n.zoneName ? <div className="live-alarm-zone">{n.zoneName}</div> : null}
      <div className="muted">
        {n.time}
        {n.speed !== null ? ` · ${t('live.speed', { v: Math.round(n.speed) })}` : ''}
      </div>
    </div>
  );
}

function ToastActions({ n, onLocate, onRelease }: { n: LiveNotice; onLocate: () => void; onRelease: () => void }) {
  const { t } = useTranslation('events');
  return (
    <Space size={4}>
      <Button size="small" icon={<AimOutlined />} className="live-alarm-locate" onClick={onLocate}>
        {t('live.locate')}
      </Button>
      {n.alarm ? (
        <Button size="small" danger className="live-alarm-release" onClick={onRelease}>
          {t('live.release')}
        </Button>
      ) : null}
    </Space>
  );
}

function RecentList() {
  const { t } = useTranslation('events');
  const recent = useAlarmStore((s) => s.recent);
  return (
    <div className="live-alarms-list">
      {recent.length ? (
        recent.slice(0, 20).map((n) => (
          <div key={n.key} className={`live-alarms-item ${n.alarm ? 'is-alarm' : ''}`}>
            <span className="live-alarms-item-title">
              {deviceTitle(n.deviceId)} · {eventLabel(t, n.type)}
              {n.zoneName ? ` · ${n.zoneName}` : ''}
            </span>
            <span className="muted">{n.time}</span>
          </div>
        ))
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('live.none')} />
      )}
      <Link to="/monitor/event" className="live-alarms-all">
        {t('live.all')}
      </Link>
    </div>
  );
}
