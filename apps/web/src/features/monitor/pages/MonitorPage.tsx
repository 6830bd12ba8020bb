import '../monitor.css';
import { CodeOutlined } from '@ant-design/icons';
import type { MonitorRow } from '@lodestar/contract/monitor';
import {
  Fn,
  LIMITS,
  STATUS_FILTERS,
  type StatusFilter,
  VIP_FILTERS,
  type VipFilter as VipState,
} from '@lodestar/domain';
import { Alert, App, Button } from 'antd';
import { type ComponentProps, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import type { TrailMode } from '../../../map/layers/TrailLayer.tsx';
import { useFunctionSet, useSession } from '../../../store/session.ts';
import { BatchDialog } from '../../commands/components/BatchDialog.tsx';
import { LiveAlarms } from '../../events/live/LiveAlarms.tsx';
import { monitorSink } from '../../events/live/monitor-sink.ts';
import { SendMessageDialog } from '../../messages/components/SendMessageDialog.tsx';
import { useUserInfo } from '../../user/api/get-user-info.ts';
import { useFollowDevice } from '../api/follow-device.ts';
import { useMonitorCounts } from '../api/get-monitor-counts.ts';
import { useMonitorList } from '../api/get-monitor-list.ts';
import { DeviceDetails } from '../components/DeviceDetails.tsx';
import { DeviceList } from '../components/DeviceList.tsx';
import { DeviceSearch } from '../components/DeviceSearch.tsx';
import { FeedBar } from '../components/FeedBar.tsx';
import { LifeStatusDialog } from '../components/LifeStatusDialog.tsx';
import { MonitorMap } from '../components/MonitorMap.tsx';
import { ReleaseAlarmDialog } from '../components/ReleaseAlarmDialog.tsx';
import { StatusFilters } from '../components/StatusFilters.tsx';
import { VipFilter } from '../components/VipFilter.tsx';
import { useLiveTrails } from '../hooks/use-live-trails.ts';
import { useRowActions } from '../hooks/use-row-actions.tsx';
import { useMonitorStore } from '../live/monitor-store.ts';
import { useAutoRefresh } from '../live/use-auto-refresh.ts';
import { useListedRow, useListedRows } from '../live/use-listed-rows.ts';
import { useLiveFeed } from '../live/use-live-feed.ts';

/** Counts come from the server; statuses change with every report, so they are asked again often. */
const COUNTS_REFRESH_MS = 10_000;

const statusFromUrl = (v: string | null): StatusFilter =>
  STATUS_FILTERS.includes(v as StatusFilter) ? (v as StatusFilter) : 'all';
const vipFromUrl = (v: string | null): VipState | undefined =>
  VIP_FILTERS.includes(v as VipState) ? (v as VipState) : undefined;

/** Online monitor (issue #4): the devices of the chosen unit on the map, live. */
export default function MonitorPage() {
  const { t } = useTranslation('monitor');
  const { message } = App.useApp();
  const holdId = useSession((s) => s.currentHoldId);
  // A link may open the monitor on one status filter (the GPS home's alarms: ?Status=alarm).
  const [search] = useSearchParams();
  const [filter, setFilter] = useState<StatusFilter>(() => statusFromUrl(search.get('Status')));
  const [keyword, setKeyword] = useState('');
  const [vip, setVip] = useState<VipState | undefined>(() => vipFromUrl(search.get('Vip')));
  const [batch, setBatch] = useState<string[] | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [trailOn, setTrailOn] = useState(true);
  const [trailMode, setTrailMode] = useState<TrailMode>('line');
  const [releaseFor, setReleaseFor] = useState<string | null>(null);
  const [policyFor, setPolicyFor] = useState<string | null>(null);
  // The devices the send-message and command dialogs open with (one row's, or every listed row's).
  const [messageFor, setMessageFor] = useState<string[] | null>(null);
  const [commandFor, setCommandFor] = useState<string[] | null>(null);
  const funs = useFunctionSet();

  const list = useMonitorList({
    HoldID: holdId ?? undefined,
    Status: filter,
    DeviceIDs: batch?.join(','),
    Keyword: keyword || undefined,
    Vip: vip,
  });
  const counts = useMonitorCounts(holdId ?? undefined);
  const profile = useUserInfo();
  const mode = useMonitorStore((s) => s.mode);
  // The page itself does not read the rows: live updates re-render only what shows them.
  const order = useMonitorStore((s) => s.order);
  useLiveFeed(holdId, order, monitorSink);
  useLiveTrails(selectedId, trailOn);

  useEffect(() => useMonitorStore.getState().setTimeZone(profile.data?.TimeZone ?? undefined), [profile.data]);
  useEffect(() => {
    if (list.data) useMonitorStore.getState().setRows(list.data.rows);
  }, [list.data]);
  useEffect(() => {
    const id = setInterval(() => void counts.refetch(), COUNTS_REFRESH_MS);
    return () => clearInterval(id);
  }, [counts.refetch]);

  const refreshAll = useCallback(() => {
    void list.refetch();
    void counts.refetch();
  }, [list.refetch, counts.refetch]);
  const refresh = useAutoRefresh(mode === 'polling' || mode === 'forbidden', refreshAll);

  const { mutate: followMutate } = useFollowDevice();
  // Callbacks stay the same object across live updates, so the memoised rows, filters, search and
  // details panel skip the render when their own data did not change.
  const toggleFollow = useCallback(
    (row: MonitorRow) =>
      followMutate(row.DeviceID, {
        onSuccess: ({ Followed }) => {
          useMonitorStore.getState().patchRow(row.DeviceID, { Followed });
          void message.success(t(Followed ? 'actions.followed' : 'actions.unfollowed', { name: row.DeviceName }));
        },
      }),
    [followMutate, message, t],
  );
  const changeFilter = useCallback((f: StatusFilter) => {
    setFilter(f);
    setSelectedId(null);
  }, []);
  const release = useCallback((row: MonitorRow) => setReleaseFor(row.DeviceID), []);
  const closeDetails = useCallback(() => setSelectedId(null), []);
  const closeRelease = useCallback(() => setReleaseFor(null), []);
  const closePolicy = useCallback(() => setPolicyFor(null), []);
  const rowAction = useRowActions({
    select: setSelectedId,
    follow: toggleFollow,
    trail: (id) => {
      setSelectedId(id);
      setTrailOn(true);
    },
    release,
    policy: (row) => setPolicyFor(row.DeviceID),
    message: (row) => setMessageFor([row.DeviceID]),
    command: (row) => setCommandFor([row.DeviceID]),
  });

  const total = list.data?.total ?? 0;
  const loaded = list.data?.rows.length ?? 0;
  // Any filter or keyword may match more than the server loads (spec section 9); a batch is capped at its own limit.
  const capped = !batch && total > LIMITS.monitorAllDevices;
  const fitKey = `${holdId ?? ''}|${filter}|${vip ?? ''}|${batch?.join(',') ?? ''}|${keyword}`;

  return (
    <PageLayout
      title={t('title')}
      extra={
        <>
          <LiveAlarms onLocate={setSelectedId} onRelease={setReleaseFor} />
          {funs.has(Fn.batchCommand) ? <BatchCommandButton onOpen={setCommandFor} /> : null}
          <FeedBar mode={mode} refresh={refresh} onRefresh={refreshAll} />
        </>
      }
    >
      <div className="monitor-page">
        <section className="monitor-side">
          <StatusFilters value={filter} counts={counts.data} onChange={changeFilter} />
          <div className="monitor-search-row">
            <DeviceSearch batch={batch} onKeyword={setKeyword} onBatch={setBatch} />
            <VipFilter value={vip} onChange={setVip} />
          </div>
          {capped ? (
            <Alert
              type="warning"
              showIcon
              className="monitor-capped"
              title={t('list.capped', { max: LIMITS.monitorAllDevices, shown: loaded, total })}
            />
          ) : null}
          <ShownCount />
          <DeviceList
            loading={list.isLoading}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onFollow={toggleFollow}
            onAction={rowAction}
          />
        </section>
        <section className="monitor-main">
          <MonitorMap selectedId={selectedId} onSelect={setSelectedId} fitKey={fitKey} trailMode={trailMode} />
          {selectedId ? (
            <SelectedDetails
              id={selectedId}
              trailOn={trailOn}
              trailMode={trailMode}
              onTrail={setTrailOn}
              onTrailMode={setTrailMode}
              onFollow={toggleFollow}
              onRelease={release}
              onClose={closeDetails}
            />
          ) : null}
        </section>
      </div>
      <ReleaseFor id={releaseFor} onClose={closeRelease} />
      <PolicyFor id={policyFor} onClose={closePolicy} />
      <SendMessageDialog devices={messageFor} onClose={() => setMessageFor(null)} />
      {commandFor ? <BatchDialog open selection={commandFor} onClose={() => setCommandFor(null)} /> : null}
    </PageLayout>
  );
}

/** Batch command over the devices the list shows now (a filter, a keyword or a pasted batch chose them). */
function BatchCommandButton({ onOpen }: { onOpen: (ids: string[]) => void }) {
  const { t } = useTranslation('commands');
  const rows = useListedRows();
  return (
    <Button
      size="small"
      icon={<CodeOutlined />}
      className="batch-command"
      onClick={() => onOpen(rows.map((r) => r.DeviceID))}
    >
      {t('batch.open')}
    </Button>
  );
}

function ShownCount() {
  const { t } = useTranslation('monitor');
  return <div className="monitor-list-head muted">{t('list.shown', { count: useListedRows().length })}</div>;
}

function SelectedDetails({ id, ...props }: { id: string } & Omit<ComponentProps<typeof DeviceDetails>, 'device'>) {
  const device = useListedRow(id);
  return device ? <DeviceDetails device={device} {...props} /> : null;
}

function ReleaseFor({ id, onClose }: { id: string | null; onClose: () => void }) {
  return <ReleaseAlarmDialog device={useListedRow(id)} onClose={onClose} />;
}

function PolicyFor({ id, onClose }: { id: string | null; onClose: () => void }) {
  return <LifeStatusDialog device={useListedRow(id)} onClose={onClose} />;
}
