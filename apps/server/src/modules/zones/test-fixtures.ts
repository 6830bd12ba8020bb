import { Fn } from '@lodestar/domain';
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness.ts';

/** Devices of the zone tests: which unit each is in, and what its VIP and model are. */
export const DEV = {
  /** Fleet east (the zones' unit), VIP for a year, a full-function model. */
  full: '868120400000001',
  /** Fleet east, VIP, a model not marked full-function. */
  plain: '868120400000002',
  /** Fleet east, VIP never bought. */
  lapsed: '868120400000003',
  /** Fleet east, VIP ended yesterday. */
  ended: '868120400000004',
  /** Fleet (above Fleet east), VIP. */
  above: '868120400000005',
  /** Rival, VIP. */
  theirs: '868120400000009',
} as const;
export const FULL_MODEL = 'LS-X9';

/**
 * A fleet with a sub-unit where the zones are drawn, a rival unit, their users and devices; the VIP and model
 * columns written straight (the VIP calls belong to another module).
 */
export async function zoneWorld(t: TestApp) {
  const hold = await t.buildHold('Fleet');
  const child = await t.buildHold('Fleet east', hold);
  const other = await t.buildHold('Rival');
  const token = (await t.buildUser(hold, [Fn.geofence, Fn.lineProvinceManage, Fn.deviceManage, Fn.export])).token;
  const theirs = (await t.buildUser(other, [Fn.geofence, Fn.lineProvinceManage, Fn.deviceManage])).token;
  const add = async (DeviceID: string, HoldID: number, as: string) => {
    const r = await t.call('POST', 'Device/AddDevice', { token: as, body: { DeviceID, Protocol: 'gt06', HoldID } });
    expect(r.code, r.msg).toBe(200);
  };
  for (const d of [DEV.full, DEV.plain, DEV.lapsed, DEV.ended]) await add(d, child.id, token);
  await add(DEV.above, hold.id, token);
  await add(DEV.theirs, other.id, theirs);
  const q = (text: string, params: unknown[] = []) => t.database.pool.query(text, params);
  await q(`UPDATE devices SET vip_expires_at = current_date + 365 WHERE device_id = ANY($1)`, [
    [DEV.full, DEV.plain, DEV.above, DEV.theirs],
  ]);
  await q(`UPDATE devices SET vip_expires_at = current_date - 2 WHERE device_id = $1`, [DEV.ended]);
  await q(`UPDATE devices SET model = $1 WHERE device_id = $2`, [FULL_MODEL, DEV.full]);
  await q(`UPDATE devices SET model = 'cheap' WHERE device_id = $1`, [DEV.plain]);
  await q(`INSERT INTO device_models (model, full_function) VALUES ($1, true), ('cheap', false)`, [FULL_MODEL]);
  const vehicle = await q(`INSERT INTO vehicles (hold_id, plate) VALUES ($1, '浙A00001') RETURNING id`, [child.id]);
  await q(`UPDATE devices SET vehicle_id = $1 WHERE device_id = $2`, [vehicle.rows[0].id, DEV.full]);
  const pkOf = async (deviceId: string) =>
    (await q('SELECT id FROM devices WHERE device_id = $1', [deviceId])).rows[0].id as number;
  return { hold, child, other, token, theirs, pkOf, q };
}

/** A 1 km square near Hangzhou, closed. */
export const SQUARE = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [120.1, 30.2],
      [120.11, 30.2],
      [120.11, 30.21],
      [120.1, 30.21],
      [120.1, 30.2],
    ],
  ],
};
/** A polygon (not a rectangle) with a hole. */
export const WITH_HOLE = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [120.0, 30.0],
      [120.2, 30.0],
      [120.25, 30.1],
      [120.1, 30.2],
      [120.0, 30.0],
    ],
    [
      [120.08, 30.05],
      [120.12, 30.05],
      [120.12, 30.08],
      [120.08, 30.05],
    ],
  ],
};
/** Two triangles meeting at a point: the outline crosses itself. */
export const BOWTIE = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [120.0, 30.0],
      [120.1, 30.1],
      [120.1, 30.0],
      [120.0, 30.1],
      [120.0, 30.0],
    ],
  ],
};
export const ROUTE = {
  type: 'LineString' as const,
  coordinates: [
    [120.1, 30.2],
    [120.15, 30.22],
    [120.2, 30.25],
  ],
};
