import '../../monitor/monitor.css';
import '../live-track.css';
import { SwapOutlined } from '@ant-design/icons';
import { Alert, Button, Result, Segmented, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { useUserTimeZone } from '../../../lib/user-time.ts';
import type { TrailMode } from '../../../map/layers/TrailLayer.tsx';
import { FeedBar } from '../../monitor/components/FeedBar.tsx';
import { useLiveFeed } from '../../monitor/live/use-live-feed.ts';
import { DevicePicker } from '../components/DevicePicker.tsx';
import { LiveTrackMap } from '../components/LiveTrackMap.tsx';
import { latestOf } from '../components/latest.ts';
import { SpeedLegend } from '../components/SpeedLegend.tsx';
import { TrackPanel } from '../components/TrackPanel.tsx';
import { PRELOAD_MINUTES, type Preload, useLiveTrack } from '../hooks/use-live-track.ts';
import { useLiveTrackStore } from '../live-track-store.ts';
import { MAX_TRAIL_POINTS } from '../track-points.ts';

/** The panel's width over the map (live-track.css); below PHONE_WIDTH it sits under the map's bottom edge. */
const PANEL_WIDTH = 300;
const PHONE_WIDTH = 768;

/**
 * Live track (issue #16, function 50): one device followed in real time, opened from the monitor's row
 * menu in a tab of its own (`?device=ID`), or picked here.
 */
export default function LiveTrackPage() {
  const { t } = useTranslation('monitor');
  const [search, setSearch] = useSearchParams();
  const deviceId = search.get('device')?.trim() || null;
  const pick = (id: string | null) => setSearch(id ? { device: id } : {});
  if (!deviceId)
    return (
      <PageLayout title={t('liveTrack.title')}>
        <DevicePicker onPick={pick} />
      </PageLayout>
    );
  return <Tracking key={deviceId} deviceId={deviceId} onChange={() => pick(null)} />;
}

function Tracking({ deviceId, onChange }: { deviceId: string; onChange: () => void }) {
  const { t } = useTranslation('monitor');
  const timeZone = useUserTimeZone();
  const { preload, refresh, catchUp } = useLiveTrack(deviceId, timeZone);
  const mode = useLiveTrackStore((s) => s.mode);
  const [trailMode, setTrailMode] = useState<TrailMode>('line');
  const phone = usePhone();
  const [panelOpen, setPanelOpen] = useState(!phone);
  const name = useLiveTrackStore((s) => s.row?.DeviceName) || deviceId;

  // Unknown, or not the user's: the server's message, and the way to another device.
  if (preload.status === 'error')
    return (
      <PageLayout title={t('liveTrack.titleOf', { name })}>
        <Result
          status="warning"
          className="live-track-error"
          title={preload.message}
          extra={
            <Button icon={<SwapOutlined />} className="live-track-change" onClick={onChange}>
              {t('liveTrack.change')}
            </Button>
          }
        />
      </PageLayout>
    );
  return (
    <PageLayout
      title={t('liveTrack.titleOf', { name })}
      extra={<FeedBar mode={mode} refresh={refresh} onRefresh={catchUp} holdsLive />}
    >
      <div className="live-track-page">
        <div className="live-track-toolbar">
          <Segmented<TrailMode>
            size="small"
            className="live-track-mode"
            value={trailMode}
            onChange={setTrailMode}
            options={[
              { value: 'line', label: t('actions.trailLine') },
              { value: 'point', label: t('actions.trailPoint') },
            ]}
          />
          <SpeedLegend />
          <Button size="small" type="link" icon={<SwapOutlined />} className="live-track-change" onClick={onChange}>
            {t('liveTrack.change')}
          </Button>
        </div>
        <div className="live-track-body">
          <LiveFeed deviceId={deviceId} />
          <LiveTrackMap
            deviceId={deviceId}
            mode={trailMode}
            coveredRight={panelOpen && !phone ? PANEL_WIDTH + 10 : 0}
          />
          <Notices preload={preload} />
          <TrackPanel deviceId={deviceId} open={panelOpen} onToggle={() => setPanelOpen((o) => !o)} />
        </div>
      </div>
    </PageLayout>
  );
}

/** The monitor's live feed controller, narrowed to this one device, feeding the live track store. */
function LiveFeed({ deviceId }: { deviceId: string }) {
  const ids = useMemo(() => [deviceId], [deviceId]);
  useLiveFeed(null, ids, useLiveTrackStore.getState);
  return null;
}

/** Loading, no position in the last 30 minutes (with the last known one), offline, trail trimmed. */
function Notices({ preload }: { preload: Preload }) {
  const { t } = useTranslation('monitor');
  const empty = useLiveTrackStore((s) => s.seeded && s.points.length === 0);
  const row = useLiveTrackStore((s) => s.row);
  const last = useLiveTrackStore((s) => s.points[s.points.length - 1]);
  const trimmed = useLiveTrackStore((s) => s.trimmed);
  const latest = latestOf(row, last);
  const notices: { key: string; text: string; type: 'info' | 'warning' }[] = [];
  if (row && !row.Online)
    notices.push({
      key: 'offline',
      type: 'warning',
      text: row.ReceiveTime ? t('liveTrack.offlineSince', { time: row.ReceiveTime }) : t('liveTrack.offline'),
    });
  if (empty)
    notices.push({
      key: 'empty',
      type: 'info',
      text: latest?.time
        ? t('liveTrack.noRecentLast', { minutes: PRELOAD_MINUTES, time: latest.time })
        : t('liveTrack.noRecent', { minutes: PRELOAD_MINUTES }),
    });
  if (trimmed) notices.push({ key: 'trimmed', type: 'info', text: t('liveTrack.trimmed', { max: MAX_TRAIL_POINTS }) });
  return (
    <div className="live-track-notices">
      {preload.status === 'loading' ? (
        <div className="live-track-loading">
          <Spin size="small" /> {t('liveTrack.loading')}
        </div>
      ) : null}
      {notices.map((n) => (
        <Alert key={n.key} type={n.type} showIcon className={`live-track-notice live-track-${n.key}`} title={n.text} />
      ))}
    </div>
  );
}

function usePhone(): boolean {
  const query = `(max-width: ${PHONE_WIDTH}px)`;
  const [phone, setPhone] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const change = () => setPhone(list.matches);
    list.addEventListener('change', change);
    return () => list.removeEventListener('change', change);
  }, [query]);
  return phone;
}
