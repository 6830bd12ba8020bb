import { PrinterOutlined } from '@ant-design/icons';
import type { CompactTrack } from '@lodestar/contract/history';
import { decodeCompactTrack } from '@lodestar/domain';
import { useQueries } from '@tanstack/react-query';
import { Button, Descriptions } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/instance.ts';
import { userNow, useUserTimeZone } from '../../../lib/user-time.ts';
import { useSession } from '../../../store/session.ts';
import { useMonitorList } from '../../monitor/api/get-monitor-list.ts';
import { useStops } from '../api/get-stops.ts';
import { EvidenceSection } from '../components/EvidenceSection.tsx';
import { deviceColour } from '../device-colours.ts';
import { useHistoryChoice } from '../history-url.ts';
import { TIME_FORMAT } from '../period.ts';
import { drawTrackSnapshot, type SnapshotTrack } from '../track-snapshot.ts';
import '../history-page.css';

/**
 * /monitor/history/print: the evidence page of a replay, opened in a new tab with the replay's URL
 * parameters: the track as a still image, then per device its vehicle, totals, trips and stops, and when
 * and by whom the page was made (the user's zone). Print CSS leaves out the button.
 */
export default function HistoryPrintPage() {
  const { t } = useTranslation('history');
  const [choice] = useHistoryChoice();
  const timeZone = useUserTimeZone();
  const userName = useSession((s) => s.userName);
  const generatedAt = useMemo(() => userNow(timeZone).format(TIME_FORMAT), [timeZone]);
  const rows = useMonitorList({ DeviceIDs: choice.devices.join(','), Status: 'all' });
  const tracks = useQueries({
    queries: choice.devices.map((id) => ({
      queryKey: ['history', 'print-track', id, choice.start, choice.end],
      queryFn: async () => {
        const c = await api.post<CompactTrack>('History/GetTrack', {
          DeviceID: id,
          StartTime: choice.start,
          EndTime: choice.end,
          Format: 'compact',
        });
        return { n: c.Count, ...decodeCompactTrack(c) };
      },
    })),
  });
  // The first device's stops are numbered on the image as its list numbers them.
  const stops = useStops(
    choice.devices[0] ? { DeviceID: choice.devices[0], StartTime: choice.start, EndTime: choice.end } : null,
  );
  const canvas = useRef<HTMLCanvasElement>(null);
  // Drawn once every track answered, a refused one (another unit's device, a period past its allowance) left out.
  const ready = tracks.every((q) => !q.isPending) && !stops.isLoading;
  const points = tracks.reduce((n, q) => n + (q.data?.n ?? 0), 0);
  useEffect(() => {
    if (!ready || !canvas.current) return;
    const drawn: SnapshotTrack[] = tracks.map((q, i) =>
      q.data ? { ...q.data, color: deviceColour(i) } : { n: 0, lat: [], lng: [], color: deviceColour(i) },
    );
    drawTrackSnapshot(
      canvas.current,
      drawn,
      (stops.data ?? []).map((s, i) => ({ lat: s.Lat, lng: s.Lng, n: i + 1 })),
    );
    canvas.current.dataset.ready = 'true';
  });

  return (
    <div className="evidence-page">
      <header className="evidence-head">
        <h1>{t('print.title')}</h1>
        <Button icon={<PrinterOutlined />} className="evidence-print no-print" onClick={() => window.print()}>
          {t('print.print')}
        </Button>
      </header>
      <Descriptions
        size="small"
        column={2}
        className="evidence-meta"
        items={[
          { key: 'period', label: t('print.period'), children: `${choice.start} — ${choice.end}` },
          { key: 'zone', label: t('print.timeZone'), children: timeZone ?? '—' },
          { key: 'at', label: t('print.generatedAt'), children: <span className="evidence-at">{generatedAt}</span> },
          { key: 'by', label: t('print.generatedBy'), children: <span className="evidence-by">{userName}</span> },
        ]}
      />
      <figure className="evidence-map">
        <canvas ref={canvas} width={1000} height={520} className="evidence-canvas" />
        <figcaption className="muted">
          {t('print.map')} · {t('print.points', { count: points })}
        </figcaption>
      </figure>
      {choice.devices.map((id, i) => (
        <EvidenceSection
          key={id}
          deviceId={id}
          row={rows.data?.rows.find((r) => r.DeviceID === id)}
          period={choice}
          color={deviceColour(i)}
        />
      ))}
    </div>
  );
}
