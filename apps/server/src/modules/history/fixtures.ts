import { Fn, formatInZone } from '@lodestar/domain';
import type { TestApp } from '../../test/harness.ts';

export const STEP_S = 60;
export const DAY_MS = 86_400_000;
export const VIP_DEVICE = '860000000000101';
export const FREE_DEVICE = '860000000000102';
export const B_DEVICE = '860000000000199';

/**
 * Positions written straight into the table, a fix a minute over `days` days up to the last whole minute:
 * every 17th without a valid fix, every 500th with an alarm, coordinates with more decimals than the compact
 * form keeps, attributes on each.
 */
export async function writePositions(t: TestApp, deviceId: string, endMs: number, days: number): Promise<void> {
  await t.database.pool.query(
    `INSERT INTO positions (device_pk, fix_time, server_time, valid, lat, lon, speed, course, altitude, satellites,
                            alarms, attributes)
     SELECT d.id, to_timestamp($2::float8 - k * ${STEP_S}), to_timestamp($2::float8 - k * ${STEP_S} + 2),
            k % 17 <> 0, 31.2 + sin(k / 300.0) * 0.05 + 0.0000004, 121.4 + cos(k / 400.0) * 0.05 - 0.0000004,
            (k % 90)::real + 0.25, (k * 7) % 360, CASE WHEN k % 2 = 0 THEN 12.5 END, 8 + k % 5,
            CASE WHEN k % 500 = 0 THEN ARRAY['overspeed'] ELSE ARRAY[]::text[] END,
            jsonb_build_object('ignition', k % 3 <> 0, 'odometer', k * 100)
       FROM devices d, generate_series(0, $3::int) k
      WHERE d.device_id = $1`,
    [deviceId, endMs / 1000, Math.floor((days * DAY_MS) / 1000 / STEP_S)],
  );
}

export async function historyFixture(t: TestApp) {
  const fleet = await t.buildHold('History fleet');
  const otherHold = await t.buildHold('Other fleet');
  const all = [Fn.deviceManage, Fn.playback, Fn.trackQuery, Fn.export];
  const user = await t.buildUser(fleet, all);
  const newYork = await t.buildUser(fleet, all);
  await t.database.pool.query(`UPDATE users SET time_zone = 'America/New_York' WHERE id = $1`, [newYork.id]);
  const noPlayback = await t.buildUser(fleet, [Fn.deviceManage, Fn.export]);
  const noExport = await t.buildUser(fleet, [Fn.deviceManage, Fn.playback, Fn.trackQuery]);
  const other = await t.buildUser(otherHold, all);
  for (const [DeviceID, token, HoldID] of [
    [VIP_DEVICE, user.token, fleet.id],
    [FREE_DEVICE, user.token, fleet.id],
    [B_DEVICE, other.token, otherHold.id],
  ] as const) {
    const r = await t.call('POST', 'Device/AddDevice', { token, body: { DeviceID, Protocol: 'gt06', HoldID } });
    if (r.code !== 200) throw new Error(`AddDevice ${DeviceID}: ${r.msg}`);
  }
  await t.database.pool.query(
    `UPDATE devices SET vip_expires_at = CASE WHEN device_id = $1 THEN current_date + 365 END,
            name = '车 ' || device_id
      WHERE device_id IN ($1, $2, $3)`,
    [VIP_DEVICE, FREE_DEVICE, B_DEVICE],
  );
  // The last whole minute, so every fix is a whole second and the newest is not in the future.
  const end = Math.floor((Date.now() - 120_000) / 60_000) * 60_000;
  await writePositions(t, VIP_DEVICE, end, 40);
  await writePositions(t, FREE_DEVICE, end, 10);
  await writePositions(t, B_DEVICE, end, 2);
  return { fleet, user, newYork, noPlayback, noExport, other, end };
}

export const shanghai = (ms: number) => formatInZone(new Date(ms), 'Asia/Shanghai');
export const inZone = (ms: number, zone: string) => formatInZone(new Date(ms), zone);
