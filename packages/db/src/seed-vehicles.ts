import { VehicleLifeStatus } from '@lodestar/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db } from './connect.ts';
import { devices, settings, vehicles } from './schema.ts';

const DONE_KEY = 'demo_vehicles_seeded';

/** Financed cars of the demo: owner, and where each is in its loan (VehicleLifeStatus). */
const DEMO_VEHICLES: { owner: string; status: VehicleLifeStatus }[] = [
  { owner: '张伟', status: VehicleLifeStatus.Normal },
  { owner: '李娜', status: VehicleLifeStatus.Overdue },
  { owner: 'Jean Dupont', status: VehicleLifeStatus.Normal },
  { owner: '王芳', status: VehicleLifeStatus.Repossessed },
  { owner: '刘洋', status: VehicleLifeStatus.Settled },
  { owner: 'Marie Curie', status: VehicleLifeStatus.Overdue },
];

/**
 * Binds a vehicle with a life status to every third of the first registered demo devices (plate = the
 * device's name, in the device's hold), so the monitor shows VehicleLifeStatus tags and the policy
 * management item. Runs once, after the demo fleet is registered; returns how many it bound.
 */
export async function seedVehicleDemo(db: Db): Promise<number> {
  const done = await db.select().from(settings).where(eq(settings.key, DONE_KEY));
  if (done.length) return 0;
  const fleet = await db
    .select({
      id: devices.id,
      deviceId: devices.deviceId,
      name: devices.name,
      holdId: devices.holdId,
      vehicleId: devices.vehicleId,
    })
    .from(devices)
    .orderBy(asc(devices.id))
    .limit(DEMO_VEHICLES.length * 3);
  if (fleet.length < DEMO_VEHICLES.length) return 0;
  const picked = fleet.filter((_, i) => i % 3 === 0).slice(0, DEMO_VEHICLES.length);
  const pairs = picked.map((d, i) => ({ d, v: DEMO_VEHICLES[i]! })).filter(({ d }) => d.vehicleId === null);
  for (const { d, v } of pairs) {
    const [row] = await db
      .insert(vehicles)
      .values({ holdId: d.holdId, plate: d.name || d.deviceId, ownerName: v.owner, lifeStatus: v.status })
      .returning({ id: vehicles.id });
    await db.update(devices).set({ vehicleId: row!.id }).where(eq(devices.id, d.id));
  }
  await db.insert(settings).values({ key: DONE_KEY, value: new Date().toISOString() });
  return pairs.length;
}
