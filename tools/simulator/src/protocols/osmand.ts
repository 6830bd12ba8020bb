import type { SimFix } from '../route.ts';

const KMH_PER_KNOT = 1.852;

/** Traccar Client's request: GET /?id=…&lat=…&lon=…&timestamp=…&speed=<knots>&bearing=…&altitude=…&batt=… */
export function osmandPath(id: string, fix: SimFix): string {
  const q = new URLSearchParams({
    id,
    timestamp: String(Math.floor(fix.time.getTime() / 1000)),
    lat: fix.lat.toFixed(6),
    lon: fix.lon.toFixed(6),
    speed: (fix.speedKmh / KMH_PER_KNOT).toFixed(2),
    bearing: String(fix.course),
    altitude: String(fix.altitude),
    batt: '87',
    ignition: String(fix.acc),
    odometer: String(fix.odometerM),
  });
  if (fix.alarm) q.set('alarm', fix.alarm);
  return `/?${q.toString()}`;
}
