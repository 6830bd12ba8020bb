import { useTranslation } from 'react-i18next';
import { SPEED_CLASSES } from '../speed-colours.ts';

/** What the trail's colours mean (spec section 9). */
export function SpeedLegend() {
  const { t } = useTranslation('monitor');
  return (
    <ul className="live-track-legend" aria-label={t('liveTrack.legend.title')}>
      {SPEED_CLASSES.map((c) => (
        <li key={c.key} data-speed-class={c.key}>
          <span className="live-track-legend-swatch" style={{ background: c.color }} />
          {t(`liveTrack.legend.${c.key}`)}
        </li>
      ))}
    </ul>
  );
}
