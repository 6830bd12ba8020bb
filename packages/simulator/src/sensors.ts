import type { SimFix } from './route.ts';

/**
 * Readings of the sensors some simulated vehicles carry, deterministic per device and fix, so the monitor's
 * device panel shows oil, tyre pressures and Wi-Fi: JT/T 808 trucks with an odd terminal number report fuel
 * (item 0x02) and four tyre pressures (item 0x05; one in four has a soft rear-left tyre); OsmAnd phones with
 * an even id report the Wi-Fi access points and the cell they see.
 */

const serial = (deviceId: string) => Number(deviceId.slice(-6)) || 0;

export function hasVehicleSensors(deviceId: string): boolean {
  return deviceId.startsWith('139') && serial(deviceId) % 2 === 1;
}

export function reportsWifi(deviceId: string): boolean {
  return deviceId.startsWith('77') && serial(deviceId) % 2 === 0;
}

const TANK_L = 60;
const LITRES_PER_KM = 0.09;

/** Litres in the tank: 60 L drained at 9 L/100 km, refilled to full when under 10 L. */
export function fuelLitres(deviceId: string, fix: SimFix): number {
  const used = ((fix.odometerM / 1000) * LITRES_PER_KM + serial(deviceId) * 7) % (TANK_L - 10);
  return Math.round((TANK_L - used) * 10) / 10;
}

/** Four tyres (front left, front right, rear left, rear right) in kPa, a little warmer on the move. */
export function tyresKPa(deviceId: string, fix: SimFix): number[] {
  const warm = Math.round(Math.min(fix.speedKmh, 100) / 25);
  const wobble = (i: number) => Math.round(Math.sin(fix.time.getTime() / 600_000 + i + serial(deviceId)) * 2);
  const soft = serial(deviceId) % 4 === 1;
  return [236, 234, soft ? 168 : 238, 235].map((p, i) => p + warm + wobble(i));
}

function hex2(n: number): string {
  return (n & 0xff).toString(16).padStart(2, '0').toUpperCase();
}

/** Two access points near the phone (locally administered MACs from its id) and their signal. */
export function wifiNearby(deviceId: string, fix: SimFix): { mac: string; rssi: number }[] {
  const s = serial(deviceId);
  const minute = Math.floor(fix.time.getTime() / 60_000);
  return [0, 1].map((i) => ({
    mac: ['02', '4C', hex2(s >> 16), hex2(s >> 8), hex2(s), hex2(0x10 + i)].join(':'),
    rssi: -55 - i * 17 - ((minute + i * 3) % 6),
  }));
}

/** The serving cell a phone reports: China Mobile (460/0) in China, Orange France (208/1) in Europe. */
export function phoneCell(
  deviceId: string,
  fix: SimFix,
): { mcc: number; mnc: number; lac: number; cid: number; rssi: number } {
  const s = serial(deviceId);
  return {
    ...(fix.lon < 60 ? { mcc: 208, mnc: 1 } : { mcc: 460, mnc: 0 }),
    lac: 0x2800 + (s % 200),
    cid: 0x1f00 + (s % 4000),
    rssi: -70 - (Math.floor(fix.time.getTime() / 60_000) % 8),
  };
}
