import { useTranslation } from 'react-i18next';

export interface BarSeries {
  key: string;
  label: string;
  color: string;
  values: number[];
}

const W = 720;
const H = 280;
const PAD = { top: 24, right: 16, bottom: 36, left: 44 };

/** A round axis maximum and its ticks (1, 2 or 5 × 10ⁿ steps). */
export function niceTicks(max: number, count = 5): number[] {
  if (max <= 0) return [0, 1];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const stepInt = Math.max(1, Math.round(step));
  const top = Math.ceil(max / stepInt) * stepInt;
  const ticks: number[] = [];
  for (let v = 0; v <= top; v += stepInt) ticks.push(v);
  return ticks;
}

/**
 * Grouped monthly bars (SVG). DESIGN.md names ECharts for charts, but the console does not ship it;
 * this draws the half-year report's two series without a new dependency.
 */
export function MonthBarChart({ months, series, title }: { months: string[]; series: BarSeries[]; title: string }) {
  const { t } = useTranslation('reports');
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  const ticks = niceTicks(max);
  const top = ticks.at(-1) ?? 1;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const slot = plotW / Math.max(months.length, 1);
  const barW = Math.min(28, (slot * 0.7) / Math.max(series.length, 1));
  const groupW = barW * series.length;

  return (
    <figure className="report-chart" data-testid="report-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title}>
        <title>{title}</title>
        {ticks.map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#e5e5e5" />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fontSize="11" fill="#888">
              {v}
            </text>
          </g>
        ))}
        {months.map((m, i) => {
          const x0 = PAD.left + slot * i + (slot - groupW) / 2;
          return (
            <g key={m}>
              {series.map((s, k) => {
                const v = s.values[i] ?? 0;
                const x = x0 + k * barW;
                return (
                  <g key={s.key}>
                    <rect
                      x={x + 1}
                      y={y(v)}
                      width={barW - 2}
                      height={Math.max(0, PAD.top + plotH - y(v))}
                      fill={s.color}
                      rx="2"
                    >
                      <title>{`${m} ${s.label}: ${v}`}</title>
                    </rect>
                    <text x={x + barW / 2} y={y(v) - 4} textAnchor="middle" fontSize="11" fill="#555">
                      {v}
                    </text>
                  </g>
                );
              })}
              <text x={PAD.left + slot * i + slot / 2} y={H - PAD.bottom + 18} textAnchor="middle" fontSize="12">
                {m}
              </text>
            </g>
          );
        })}
        <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + plotH} y2={PAD.top + plotH} stroke="#bbb" />
      </svg>
      <figcaption className="report-chart-legend" title={t('chart.legend')}>
        {series.map((s) => (
          <span key={s.key}>
            <span className="report-chart-swatch" style={{ background: s.color }} />
            {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
