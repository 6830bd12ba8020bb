import { type Db, deviceObjects, devices, holds, operationLogs, sims, vehicles } from '@lodestar/db';
import { SimState } from '@lodestar/domain';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { ownedInSubtree } from '../../lib/hold-scope-repository.ts';
import { typedIdsMatch } from '../devices/repository.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface MovingDevice {
  pk: number;
  deviceId: string;
  protocol: string;
  name: string;
  sim: string;
  objectType: number;
  holdId: number;
  holdName: string;
  holdPath: string;
  vehicleId: number | null;
  /** The bound vehicle's hold and plate, null when it is outside the caller's subtree (or there is none). */
  vehicleHoldId: number | null;
  plate: string | null;
  /** The person's or asset's name (device_objects), null when the device has no such row. */
  objectName: string | null;
}

export interface MovingVehicle {
  id: number;
  plate: string;
  holdId: number;
  holdName: string;
}

export interface MovingSim {
  id: number;
  iccid: string;
  msisdn: string;
  state: number;
  holdId: number;
  holdName: string;
}

/** What one move writes: the rows already checked by the service, and who asked. */
export interface MoveWrite {
  target: { id: number; name: string };
  userId: number;
  holdId: number;
  ip: string;
  vehicles: MovingVehicle[];
  devices: MovingDevice[];
  /** Device pks taken off their vehicle (it does not come to the target). */
  unbind: number[];
  sims: (MovingSim & { deviceId: string })[];
}

/** A move runs in one transaction: rows locked and read, checked by the service, then written. */
export class MoveRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: MoveTx) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new MoveTx(tx)));
  }
}

export class MoveTx {
  constructor(private readonly tx: Tx) {}

  private selectDevices(holdPath: string) {
    return (
      this.tx
        .select({
          protocol: devices.protocol,
          pk: devices.id,
          deviceId: devices.deviceId,
          name: devices.name,
          sim: devices.sim,
          objectType: devices.objectType,
          holdId: devices.holdId,
          holdName: holds.name,
          holdPath: holds.path,
          vehicleId: devices.vehicleId,
          vehicleHoldId: vehicles.holdId,
          plate: vehicles.plate,
          objectName: deviceObjects.name,
        })
        .from(devices)
        .innerJoin(holds, eq(holds.id, devices.holdId))
        // Only a vehicle the caller may see lends its plate and hold; another's is just "not coming along".
        .leftJoin(vehicles, and(eq(vehicles.id, devices.vehicleId), ownedInSubtree(vehicles.holdId, holdPath)))
        .leftJoin(deviceObjects, eq(deviceObjects.devicePk, devices.id))
    );
  }

  /**
   * The devices in the caller's subtree that typed ids name (as typed or in their protocol's form,
   * typedIdsMatch), row-locked in id order: a concurrent edit or move of the same devices waits for this one.
   */
  lockDevices(typed: string[], holdPath: string): Promise<MovingDevice[]> {
    return this.selectDevices(holdPath)
      .where(and(typedIdsMatch(typed), ownedInSubtree(devices.holdId, holdPath)))
      .orderBy(asc(devices.id))
      .for('update', { of: devices });
  }

  /** Every device bound to these vehicles, wherever it is: the service refuses one outside the subtree. */
  lockDevicesOf(vehicleIds: number[], holdPath: string): Promise<MovingDevice[]> {
    return this.selectDevices(holdPath)
      .where(inArray(devices.vehicleId, vehicleIds))
      .orderBy(asc(devices.id))
      .for('update', { of: devices });
  }

  lockVehicles(vehicleIds: number[], holdPath: string): Promise<MovingVehicle[]> {
    return this.tx
      .select({ id: vehicles.id, plate: vehicles.plate, holdId: vehicles.holdId, holdName: holds.name })
      .from(vehicles)
      .innerJoin(holds, eq(holds.id, vehicles.holdId))
      .where(and(inArray(vehicles.id, vehicleIds), ownedInSubtree(vehicles.holdId, holdPath)))
      .orderBy(asc(vehicles.id))
      .for('update', { of: vehicles });
  }

  /**
   * The caller's SIM cards a device's SIM field names: by ICCID, or by MSISDN among live cards (a
   * cancelled card's number may be handed out again).
   */
  lockSims(numbers: string[], holdPath: string): Promise<MovingSim[]> {
    if (!numbers.length) return Promise.resolve([]);
    return this.tx
      .select({
        id: sims.id,
        iccid: sims.iccid,
        msisdn: sims.msisdn,
        state: sims.state,
        holdId: sims.holdId,
        holdName: holds.name,
      })
      .from(sims)
      .innerJoin(holds, eq(holds.id, sims.holdId))
      .where(
        and(
          or(
            inArray(sims.iccid, numbers),
            and(inArray(sims.msisdn, numbers), ne(sims.msisdn, ''), ne(sims.state, SimState.Cancelled)),
          ),
          ownedInSubtree(sims.holdId, holdPath),
        ),
      )
      .orderBy(asc(sims.id))
      .for('update', { of: sims });
  }

  async move(w: MoveWrite): Promise<void> {
    const to = w.target.id;
    if (w.vehicles.length)
      await this.tx
        .update(vehicles)
        .set({ holdId: to, updatedAt: sql`now()` })
        .where(
          inArray(
            vehicles.id,
            w.vehicles.map((v) => v.id),
          ),
        );
    if (w.devices.length)
      await this.tx
        .update(devices)
        .set({
          holdId: to,
          vehicleId: sql`CASE WHEN ${devices.id} = ANY(${sql.param(w.unbind)}::int[]) THEN NULL ELSE ${devices.vehicleId} END`,
        })
        .where(
          inArray(
            devices.id,
            w.devices.map((d) => d.pk),
          ),
        );
    if (w.sims.length) {
      const ids = w.sims.map((s) => s.id);
      await this.tx.update(sims).set({ holdId: to, updatedAt: sql`now()` }).where(inArray(sims.id, ids));
      const details = w.sims.map((s) =>
        JSON.stringify({ holdId: [s.holdId, to], holdName: [s.holdName, w.target.name], deviceId: s.deviceId }),
      );
      await this.tx.execute(sql`
        INSERT INTO sim_history (sim_id, action, detail, user_id)
        SELECT u.id, 'move', u.detail, ${w.userId}
          FROM unnest(${sql.param(ids)}::int[], ${sql.param(details)}::jsonb[]) AS u(id, detail)`);
    }
    const unbound = new Set(w.unbind);
    const arrow = (from: string) => `${from} → ${w.target.name}`;
    const lines = [
      ...w.vehicles.map((v) => ({ action: 'moveVehicle', detail: `${v.plate}: ${arrow(v.holdName)}` })),
      ...w.devices.map((d) => ({
        action: 'moveDevice',
        // ✕: taken off its vehicle, named by plate when the caller may see it.
        detail: `${d.deviceId}: ${arrow(d.holdName)}${unbound.has(d.pk) ? (d.plate ? ` (✕ ${d.plate})` : ' (✕)') : ''}`,
      })),
      ...w.sims.map((s) => ({ action: 'moveSim', detail: `${s.iccid} (${s.deviceId}): ${arrow(s.holdName)}` })),
    ];
    if (lines.length)
      await this.tx
        .insert(operationLogs)
        .values(lines.map((l) => ({ ...l, userId: w.userId, holdId: w.holdId, ip: w.ip })));
  }
}
