import { PauseCircleOutlined, PlayCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { Badge, Button, Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FeedMode } from '../live/monitor-store.ts';
import { type AutoRefresh, REFRESH_SECONDS } from '../live/use-auto-refresh.ts';

interface Props {
  mode: FeedMode;
  refresh: AutoRefresh;
  onRefresh: () => void;
  /**
   * On/off and pause/resume apply to the live feed too (live track holds the positions meanwhile);
   * on the monitor they drive the countdown only.
   */
  holdsLive?: boolean;
}

/** Says how positions arrive: live over the WebSocket, or the auto-refresh countdown (on/off, pause/resume). */
export function FeedBar({ mode, refresh, onRefresh, holdsLive = false }: Props) {
  const { t } = useTranslation('monitor');
  const live = mode === 'live' || mode === 'connecting';
  if (live && !holdsLive)
    return (
      <div className="feed-bar" data-mode={mode}>
        <Tooltip title={t('feed.liveHint')}>
          <Badge status={mode === 'live' ? 'processing' : 'default'} text={t(`feed.${mode}`)} />
        </Tooltip>
      </div>
    );
  const held = !refresh.enabled || refresh.paused;
  return (
    <div className="feed-bar" data-mode={mode} data-held={held}>
      {live ? (
        <Tooltip title={t('feed.liveHint')}>
          <Badge status={mode === 'live' && !held ? 'processing' : 'default'} text={t(`feed.${mode}`)} />
        </Tooltip>
      ) : (
        <Tooltip title={t('feed.pollingHint', { seconds: REFRESH_SECONDS })}>
          <Badge status="warning" text={t(mode === 'forbidden' ? 'feed.forbidden' : 'feed.polling')} />
        </Tooltip>
      )}
      <Switch
        size="small"
        checked={refresh.enabled}
        onChange={refresh.setEnabled}
        aria-label={t('feed.autoRefresh')}
        className="feed-switch"
      />
      {live && !held ? null : (
        <span className="feed-countdown">
          {!refresh.enabled
            ? t('feed.off')
            : refresh.paused
              ? t('feed.paused')
              : t('feed.countdown', { seconds: refresh.remaining })}
        </span>
      )}
      {refresh.enabled ? (
        <Button
          size="small"
          type="text"
          className="feed-pause"
          icon={refresh.paused ? <PlayCircleOutlined /> : <PauseCircleOutlined />}
          onClick={() => refresh.setPaused(!refresh.paused)}
        >
          {t(refresh.paused ? 'feed.resume' : 'feed.pause')}
        </Button>
      ) : null}
      <Tooltip title={t('feed.refreshNow')}>
        <Button
          size="small"
          type="text"
          icon={<ReloadOutlined />}
          onClick={onRefresh}
          aria-label={t('feed.refreshNow')}
        />
      </Tooltip>
    </div>
  );
}
