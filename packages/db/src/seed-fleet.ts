import { HoldType } from '@lodestar/domain';
import { inArray } from 'drizzle-orm';
import type { Database } from './connect.ts';
import { devices, holds } from './schema.ts';

/** A simulated tracker to register: its id and protocol (the simulator's SimDeviceId fits). */
export interface DemoFleetDevice {
  deviceId: string;
  protocol: 'gt06' | 'jt808' | 'h02' | 'osmand';
}

const PLATE_PREFIX = ['沪A', '浙A', '粤B', '京N', '川A', 'AB-', 'LY-'];

/**
 * Registers the simulated fleet in the demo organisation's fleets and enterprises (round robin),
 * so that `npm start` shows devices moving. A demo seed like the others here, so the server's
 * start code runs no SQL of its own. Devices already registered are left as they are.
 */
export async function registerDemoFleet({ db }: Database, fleet: readonly DemoFleetDevice[]): Promise<number> {
  const targets = await db
    .select({ id: holds.id })
    .from(holds)
    .where(inArray(holds.holdType, [HoldType.Enterprise, HoldType.Fleet]))
    .orderBy(holds.id);
  if (!targets.length || !fleet.length) return 0;
  const rows = fleet.map((d, i) => ({
    deviceId: d.deviceId,
    protocol: d.protocol,
    holdId: targets[i % targets.length]!.id,
    name: `${PLATE_PREFIX[i % PLATE_PREFIX.length]}${String(10000 + i).slice(1)}`,
    model: { gt06: 'GT06N', jt808: 'JT701', h02: 'H02-TK103', osmand: 'Traccar Client' }[d.protocol],
    trackerType: d.protocol === 'osmand' ? 2 : 1,
    sim: `1440${String(1_000_000 + i)}`,
    // A demo VIP period (spec section 9: default VIP 4 years) so every history view works.
    vipExpiresAt: new Date(Date.now() + 4 * 365 * 86_400_000).toISOString().slice(0, 10),
  }));
  // PostgreSQL takes at most 65,535 parameters a statement: a 10,000-device fleet goes in chunks.
  let count = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    const inserted = await db
      .insert(devices)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing()
      .returning({ id: devices.id });
    count += inserted.length;
  }
  return count;
}
