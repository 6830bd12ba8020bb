import type { TestApp } from './harness.ts';

/** Places with a known province (GB/T 2260) and city, WGS-84. */
export const PLACES = {
  guangzhou: { lon: 113.26, lat: 23.13, province: '44', city: '广州市' },
  shenzhen: { lon: 114.06, lat: 22.54, province: '44', city: '深圳市' },
  beijing: { lon: 116.4, lat: 39.9, province: '11', city: '北京市' },
  hangzhou: { lon: 120.15, lat: 30.28, province: '33', city: '杭州市' },
  paris: { lon: 2.35, lat: 48.85, province: '', city: '' },
} as const;

let seq = 0;

/** A device of `holdId` whose latest position is `at` (no position: never reported), optionally on a vehicle. */
export async function placeDevice(
  t: TestApp,
  holdId: number,
  at: { lon: number; lat: number } | null,
  vehicleId: number | null = null,
): Promise<number> {
  const id = `86${String(Date.now()).slice(-7)}${String(++seq).padStart(6, '0')}`;
  const { rows } = await t.database.pool.query<{ id: number }>(
    'INSERT INTO devices (device_id, protocol, hold_id, vehicle_id) VALUES ($1, $2, $3, $4) RETURNING id',
    [id, 'gt06', holdId, vehicleId],
  );
  const pk = rows[0]!.id;
  if (at)
    await t.database.pool.query(
      'INSERT INTO device_states (device_pk, fix_time, valid, lat, lon) VALUES ($1, now(), true, $2, $3)',
      [pk, at.lat, at.lon],
    );
  return pk;
}

export async function addVehicle(t: TestApp, holdId: number, plate: string): Promise<number> {
  const { rows } = await t.database.pool.query<{ id: number }>(
    'INSERT INTO vehicles (hold_id, plate) VALUES ($1, $2) RETURNING id',
    [holdId, plate],
  );
  return rows[0]!.id;
}

export async function moveDevice(t: TestApp, pk: number, at: { lon: number; lat: number }): Promise<void> {
  // As the ingest writes a newer fix: its receive time too (a request's locate pass looks at states newer than that).
  await t.database.pool.query(
    'UPDATE device_states SET lat = $2, lon = $3, receive_time = now() WHERE device_pk = $1',
    [pk, at.lat, at.lon],
  );
}
