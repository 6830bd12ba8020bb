import type { SimFix } from '../route.ts';
import { phoneCell, reportsWifi, wifiNearby } from '../sensors.ts';

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
  if (reportsWifi(id)) {
    // Traccar Client's network parameters: cell=mcc,mnc,lac,cid,rssi and one wifi=mac,rssi per access point.
    const c = phoneCell(id, fix);
    q.append('cell', [c.mcc, c.mnc, c.lac, c.cid, c.rssi].join(','));
    for (const w of wifiNearby(id, fix)) q.append('wifi', `${w.mac.replaceAll(':', '-')},${w.rssi}`);
  }
  return `/?${q.toString()}`;
}
