import { PauseCircleOutlined, PlayCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { Badge, Button, Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FeedMode } from '../live/monitor-store.ts';
import { type AutoRefresh, REFRESH_SECONDS } from '../live/use-auto-refresh.ts';

/** Says how positions arrive: live over the WebSocket, or the auto-refresh countdown (on/off, pause/resume). */
export function FeedBar({ mode, refresh, onRefresh }: { mode: FeedMode; refresh: AutoRefresh; onRefresh: () => void }) {
  const { t } = useTranslation('monitor');
  if (mode === 'live' || mode === 'connecting')
    return (
      <div className="feed-bar" data-mode={mode}>
        <Tooltip title={t('feed.liveHint')}>
          <Badge status={mode === 'live' ? 'processing' : 'default'} text={t(`feed.${mode}`)} />
        </Tooltip>
      </div>
    );
  return (
    <div className="feed-bar" data-mode={mode}>
      <Tooltip title={t('feed.pollingHint', { seconds: REFRESH_SECONDS })}>
        <Badge status="warning" text={t(mode === 'forbidden' ? 'feed.forbidden' : 'feed.polling')} />
      </Tooltip>
      <Switch
        size="small"
        checked={refresh.enabled}
        onChange={refresh.setEnabled}
        aria-label={t('feed.autoRefresh')}
        className="feed-switch"
      />
      <span className="feed-countdown">
        {!refresh.enabled
          ? t('feed.off')
          : refresh.paused
            ? t('feed.paused')
            : t('feed.countdown', { seconds: refresh.remaining })}
      </span>
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
