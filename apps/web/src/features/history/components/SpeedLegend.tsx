import { useTranslation } from 'react-i18next';
import { SPEED_CLASSES } from '../speed-colours.ts';

/** The four speed colours of the track and the ranges they stand for. */
export function SpeedLegend() {
  const { t } = useTranslation('history');
  return (
    <div className="history-legend" data-testid="speed-legend">
      <span className="history-legend-title">{t('legend.title')}</span>
      {SPEED_CLASSES.map((c, i) => (
        <span key={c.key} className="history-legend-item">
          <i style={{ background: c.color }} />
          {t(`legend.${c.key}`, { from: c.from, to: SPEED_CLASSES[i + 1]?.from })}
        </span>
      ))}
    </div>
  );
}
