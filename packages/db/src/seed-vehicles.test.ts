import { HoldType, isVehicleLifeStatus } from '@lodestar/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { devices, holds, vehicles } from './schema.ts';
import { seedVehicleDemo } from './seed-vehicles.ts';
import { createTestDatabase, dbTargets, stopTestServers } from './testing.ts';

afterAll(stopTestServers);

describe.each(dbTargets())('demo vehicles on $name PostgreSQL', (target) => {
  it('binds six demo devices to vehicles with a life status, once (migration 0006 columns)', async () => {
    const t = await createTestDatabase(target);
    try {
      expect(await seedVehicleDemo(t.db)).toBe(0); // no fleet yet: nothing to bind, tried again later
      const [hold] = await t.db
        .insert(holds)
        .values({ name: 'Fleet', holdType: HoldType.Fleet, path: '/' })
        .returning();
      await t.db.insert(devices).values(
        Array.from({ length: 20 }, (_, i) => ({
          deviceId: `86000000000${String(1000 + i)}`,
          protocol: 'gt06',
          holdId: hold!.id,
          name: `沪A${1000 + i}`,
        })),
      );
      expect(await seedVehicleDemo(t.db)).toBe(6);
      expect(await seedVehicleDemo(t.db)).toBe(0);
      const rows = await t.db
        .select({
          plate: vehicles.plate,
          deviceId: devices.deviceId,
          holdId: vehicles.holdId,
          lifeStatus: vehicles.lifeStatus,
        })
        .from(vehicles)
        .innerJoin(devices, eq(devices.vehicleId, vehicles.id))
        .orderBy(asc(vehicles.id));
      expect(rows.map((v) => [v.plate, v.deviceId])).toEqual(
        [0, 3, 6, 9, 12, 15].map((i) => [`沪A${1000 + i}`, `86000000000${1000 + i}`]),
      );
      expect(rows.every((v) => isVehicleLifeStatus(v.lifeStatus) && v.holdId === hold!.id)).toBe(true);
      expect(new Set(rows.map((v) => v.lifeStatus)).size).toBeGreaterThanOrEqual(3);
      const [device] = await t.db.select().from(devices).limit(1);
      expect(device?.activatedAt).toBeNull();
    } finally {
      await t.close();
    }
  });
});
