/** Start points: real city centres (WGS-84), where the demo fleet drives. */
export interface City {
  name: string;
  lat: number;
  lon: number;
  /** Typical distance from the centre a vehicle roams, km. */
  radiusKm: number;
}

export const CITIES: readonly City[] = [
  { name: 'Shanghai', lat: 31.2304, lon: 121.4737, radiusKm: 20 },
  { name: 'Beijing', lat: 39.9042, lon: 116.4074, radiusKm: 20 },
  { name: 'Shenzhen', lat: 22.5431, lon: 114.0579, radiusKm: 15 },
  { name: 'Guangzhou', lat: 23.1291, lon: 113.2644, radiusKm: 15 },
  { name: 'Hangzhou', lat: 30.2741, lon: 120.1551, radiusKm: 12 },
  { name: 'Chengdu', lat: 30.5728, lon: 104.0668, radiusKm: 15 },
  { name: 'Wuhan', lat: 30.5928, lon: 114.3055, radiusKm: 12 },
  { name: "Xi'an", lat: 34.3416, lon: 108.9398, radiusKm: 12 },
  { name: 'Nanjing', lat: 32.0603, lon: 118.7969, radiusKm: 10 },
  { name: 'Paris', lat: 48.8566, lon: 2.3522, radiusKm: 12 },
  { name: 'Lyon', lat: 45.764, lon: 4.8357, radiusKm: 8 },
  { name: 'Marseille', lat: 43.2965, lon: 5.3698, radiusKm: 8 },
];

const EARTH_M_PER_DEG = 111_320;

/** Move `metres` from a point along a bearing (degrees): equirectangular, fine at city scale. */
export function moveBy(lat: number, lon: number, bearing: number, metres: number): { lat: number; lon: number } {
  const rad = (bearing * Math.PI) / 180;
  return {
    lat: lat + (metres * Math.cos(rad)) / EARTH_M_PER_DEG,
    lon: lon + (metres * Math.sin(rad)) / (EARTH_M_PER_DEG * Math.cos((lat * Math.PI) / 180)),
  };
}

export function distanceM(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const x = (bLon - aLon) * EARTH_M_PER_DEG * Math.cos((((aLat + bLat) / 2) * Math.PI) / 180);
  const y = (bLat - aLat) * EARTH_M_PER_DEG;
  return Math.hypot(x, y);
}

export function bearingTo(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const x = (bLon - aLon) * Math.cos((((aLat + bLat) / 2) * Math.PI) / 180);
  const y = bLat - aLat;
  return ((Math.atan2(x, y) * 180) / Math.PI + 360) % 360;
}
