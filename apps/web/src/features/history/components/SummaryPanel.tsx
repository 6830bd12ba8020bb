import type { PeriodInput } from '@lodestar/contract/history';
import { Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { type HistorySummary, useSummary } from '../api/get-summary.ts';
import { formatDistance, formatDuration, formatSpeed } from '../format.ts';

/** The period's totals: distance, moving and stopped time, speeds, trip and stop counts. */
export function SummaryPanel({ query }: { query: PeriodInput | null }) {
  const summary = useSummary(query);
  if (summary.isLoading) return <Skeleton active className="history-panel-loading" />;
  return summary.data ? <SummaryFigures summary={summary.data} /> : null;
}

/** The totals as a list of figures, for the panel and the evidence page. */
export function SummaryFigures({ summary: s, columns = 2 }: { summary: HistorySummary; columns?: number }) {
  const { t } = useTranslation('history');
  return (
    <Descriptions
      className="history-summary"
      size="small"
      column={columns}
      items={[
        { key: 'distance', label: t('summary.distance'), children: formatDistance(t, s.Distance) },
        { key: 'moving', label: t('summary.movingTime'), children: formatDuration(t, s.MovingTime) },
        { key: 'stopped', label: t('summary.stoppedTime'), children: formatDuration(t, s.StoppedTime) },
        { key: 'max', label: t('summary.maxSpeed'), children: formatSpeed(t, s.MaxSpeed) },
        { key: 'avg', label: t('summary.avgSpeed'), children: formatSpeed(t, s.AvgSpeed) },
        { key: 'trips', label: t('summary.tripCount'), children: s.TripCount },
        {
          key: 'stops',
          label: t('summary.stopCount'),
          children: <span className="history-stop-count">{s.StopCount}</span>,
        },
      ]}
    />
  );
}
