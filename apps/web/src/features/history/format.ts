type T = (key: string, o?: Record<string, unknown>) => string;

/** Seconds as "2 h 05 min", "12 min", "40 s" in the user's language (history.page.units.*). */
export function formatDuration(t: T, seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d) return t('page.units.dh', { d, h });
  if (h) return t('page.units.hm', { h, m: String(m).padStart(2, '0') });
  if (m) return t('page.units.m', { m });
  return t('page.units.s', { s });
}

/** Metres as kilometres with two decimals (the odometer's reading), or metres below one (999.6 m is 1.00 km). */
export const formatDistance = (t: T, metres: number) =>
  metres >= 999.5
    ? t('page.units.km', { v: (metres / 1000).toFixed(2) })
    : t('page.units.metres', { v: Math.round(metres) });

export const formatSpeed = (t: T, kmh: number) => t('page.units.kmh', { v: kmh.toFixed(1) });
