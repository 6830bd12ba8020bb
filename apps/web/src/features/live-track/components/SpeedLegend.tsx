import { useTranslation } from 'react-i18next';
import { SPEED_CLASSES } from '../../history/speed-colours.ts';

/**
 * What the trail's colours mean: history playback's classes and texts, laid out in the page's toolbar
 * (history's own legend floats over its map, where the live track's panel is).
 */
export function SpeedLegend() {
  const { t } = useTranslation('history');
  return (
    <ul className="live-track-legend" aria-label={t('legend.title')}>
      <li className="live-track-legend-title">{t('legend.title')}</li>
      {SPEED_CLASSES.map((c, i) => (
        <li key={c.key} data-speed-class={c.key}>
          <span className="live-track-legend-swatch" style={{ background: c.color }} />
          {t(`legend.${c.key}`, { from: c.from, to: SPEED_CLASSES[i + 1]?.from })}
        </li>
      ))}
    </ul>
  );
}
