import '../history.css';
import { Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { useUserTimeZone } from '../../../lib/user-time.ts';
import { useTimelineEvents } from '../../events/api/get-event-list.ts';
import { useStops } from '../api/get-stops.ts';
import { useTracks } from '../api/get-track.ts';
import { HistoryFrame } from '../components/HistoryFrame.tsx';
import { HistoryMap, type MapFocus, type MapStop, type MapTrack } from '../components/HistoryMap.tsx';
import type { PanelTarget } from '../components/HistorySidebar.tsx';
import { PlayerBar } from '../components/PlayerBar.tsx';
import type { PointRef } from '../components/PointDetails.tsx';
import { SpeedLegend } from '../components/SpeedLegend.tsx';
import { deviceColour } from '../device-colours.ts';
import { useHistoryChoice } from '../history-url.ts';
import { usePlayer } from '../player-store.ts';
import type { StopSpan } from '../timeline-spans.ts';
import { indexAt, type TrackArrays } from '../track-arrays.ts';
import { unixToWallClock, wallClockToUnix } from '../zone-time.ts';

/**
 * History playback (issue #16): the tracks of up to 10 devices over one period, replayed together
 * on one time axis. The URL holds the devices and the period (`?devices=ID1,ID2&start=…&end=…`).
 */
export default function HistoryPage() {
  const { t } = useTranslation('menu');
  const zone = useUserTimeZone();
  const [choice, setChoice] = useHistoryChoice();
  const results = useTracks(choice.devices, choice.start, choice.end, zone);
  const [picked, setPicked] = useState<string | null>(null);
  const [point, setPoint] = useState<PointRef | null>(null);
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const [mode, setMode] = useState<'line' | 'point'>('line');
  const active = picked && choice.devices.includes(picked) ? picked : (choice.devices[0] ?? null);

  const loading = results.some((r) => r.isLoading);
  const dataKey = results.map((r) => r.dataUpdatedAt).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: dataKey says when any track's data changed
  const tracks = useMemo<MapTrack[]>(
    () => results.flatMap((r, i) => (r.data ? [{ track: r.data, color: deviceColour(i) }] : [])),
    [dataKey],
  );

  // The active device's stops: numbered on the map and grey on the timeline (the stops panel shares the query).
  const stops = useStops(active ? { DeviceID: active, StartTime: choice.start, EndTime: choice.end } : null);
  const mapStops = useMemo<MapStop[]>(
    () => (active ? (stops.data ?? []).map((s, i) => ({ deviceId: active, lat: s.Lat, lng: s.Lng, n: i + 1 })) : []),
    [stops.data, active],
  );
  const stopSpans = useMemo<StopSpan[] | undefined>(
    () =>
      // No stops answered (none, or a period the trip tracking never saw): the timeline derives them from speed.
      active && stops.data?.length
        ? stops.data.map((s) => ({
            deviceId: active,
            start: wallClockToUnix(s.StartTime, zone) ?? 0,
            end: wallClockToUnix(s.EndTime, zone) ?? 0,
          }))
        : undefined,
    [stops.data, active, zone],
  );

  const events = useTimelineEvents(choice.devices, choice.start, choice.end, (wall) => wallClockToUnix(wall, zone));

  useEffect(() => {
    const start = wallClockToUnix(choice.start, zone) ?? 0;
    usePlayer.getState().reset(start, wallClockToUnix(choice.end, zone) ?? start);
    setPoint(null);
    setFocus(null);
  }, [choice.start, choice.end, zone]);
  useEffect(() => {
    usePlayer.getState().setTracks(tracks.map((x) => x.track));
  }, [tracks]);
  useEffect(() => () => usePlayer.getState().pause(), []);

  const onTarget = (target: PanelTarget) => {
    const track = tracks.find((x) => x.track.deviceId === target.deviceId)?.track;
    if (target.kind === 'stop') {
      const { stop } = target;
      setFocus({ point: [stop.Lng, stop.Lat], zoom: 16 });
      usePlayer.getState().seek(wallClockToUnix(stop.StartTime, zone) ?? usePlayer.getState().time);
      return;
    }
    const from = wallClockToUnix(target.trip.StartTime, zone) ?? 0;
    const to = wallClockToUnix(target.trip.EndTime, zone) ?? from;
    usePlayer.getState().seek(from);
    setFocus({ bounds: (track && boundsBetween(track, from, to)) ?? tripEnds(target.trip) });
  };

  return (
    <PageLayout title={t('historyPlayback')}>
      <HistoryFrame
        choice={choice}
        onChoice={setChoice}
        active={active}
        onActive={setPicked}
        onTarget={onTarget}
        point={point}
        onClosePoint={() => setPoint(null)}
      >
        <div className="history-map-area">
          <HistoryMap
            tracks={tracks}
            mode={mode}
            colourBy={tracks.length > 1 ? 'device' : 'speed'}
            stops={mapStops}
            focus={focus}
            onPointClick={(deviceId, index) => {
              const track = tracks.find((x) => x.track.deviceId === deviceId)?.track;
              if (track) setPoint({ deviceId, gpsTime: unixToWallClock(track.time[index] as number, zone) });
            }}
          />
          {tracks.length <= 1 ? <SpeedLegend /> : null}
          {loading ? <Spin className="history-loading" /> : null}
        </div>
        <PlayerBar tracks={tracks} stops={stopSpans} events={events} mode={mode} onMode={setMode} />
      </HistoryFrame>
    </PageLayout>
  );
}

/** WGS-84 bounds of a track's valid points between two times, or null when there are none. */
function boundsBetween(track: TrackArrays, from: number, to: number): [number, number, number, number] | null {
  const b: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = Math.max(0, indexAt(track, from)); i < track.n && (track.time[i] as number) <= to; i++) {
    if (track.invalid[i]) continue;
    b[0] = Math.min(b[0], track.lng[i] as number);
    b[1] = Math.min(b[1], track.lat[i] as number);
    b[2] = Math.max(b[2], track.lng[i] as number);
    b[3] = Math.max(b[3], track.lat[i] as number);
  }
  return b[0] <= b[2] ? b : null;
}

const tripEnds = (trip: { StartLat: number; StartLng: number; EndLat: number; EndLng: number }) =>
  [
    Math.min(trip.StartLng, trip.EndLng),
    Math.min(trip.StartLat, trip.EndLat),
    Math.max(trip.StartLng, trip.EndLng),
    Math.max(trip.StartLat, trip.EndLat),
  ] as [number, number, number, number];
