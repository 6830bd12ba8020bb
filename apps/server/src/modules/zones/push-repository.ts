import { commands, type Db, devices, fenceDevices, fences, roadDevices, roads } from '@lodestar/db';
import type { FenceGeometry, FenceRecordType, LineGeometry } from '@lodestar/domain';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { PushFence, PushRoad } from './push-payload.ts';

/** A bound JT/T 808 terminal, and the area kind its binding's last push wrote ('circle' …), null if never pushed. */
export interface PushTarget {
  pk: number;
  deviceId: string;
  lastArea: string | null;
}

/** What ZonePush reads and writes: zones, their bound JT/T 808 devices, the bindings' command ids. SQL only. */
export class ZonePushRepository {
  constructor(private readonly db: Db) {}

  async fence(id: number): Promise<PushFence | undefined> {
    const [f] = await this.db.select().from(fences).where(eq(fences.id, id));
    if (!f) return undefined;
    return {
      id: f.id,
      name: f.name,
      shape: f.shape,
      geometry: f.geometry as FenceGeometry,
      recordType: f.recordType as FenceRecordType,
      triggerAlarm: f.triggerAlarm,
      validFrom: f.validFrom,
      validTo: f.validTo,
      dailyFrom: f.dailyFrom,
      dailyTo: f.dailyTo,
      timeZone: f.timeZone,
      speedLimit: f.speedLimit,
    };
  }

  async road(id: number): Promise<PushRoad | undefined> {
    const [r] = await this.db.select().from(roads).where(eq(roads.id, id));
    if (!r) return undefined;
    return {
      id: r.id,
      name: r.name,
      geometry: r.geometry as LineGeometry,
      width: r.width,
      speedLimit: r.speedLimit,
      segmentLimits: r.segmentLimits as (number | null)[] | null,
      triggerAlarm: r.triggerAlarm,
    };
  }

  /** The devices among `devicePks` bound to the fence that speak JT/T 808. */
  fenceTargets(fenceId: number, devicePks: number[]): Promise<PushTarget[]> {
    return this.db
      .select({
        pk: devices.id,
        deviceId: devices.deviceId,
        lastArea: sql<string | null>`${commands.payload}->>'area'`,
      })
      .from(fenceDevices)
      .innerJoin(devices, eq(devices.id, fenceDevices.devicePk))
      .leftJoin(commands, eq(commands.id, fenceDevices.commandId))
      .where(
        and(
          eq(fenceDevices.fenceId, fenceId),
          inArray(fenceDevices.devicePk, devicePks),
          eq(devices.protocol, 'jt808'),
        ),
      )
      .orderBy(devices.id);
  }

  roadTargets(roadId: number, devicePks: number[]): Promise<PushTarget[]> {
    return this.db
      .select({
        pk: devices.id,
        deviceId: devices.deviceId,
        lastArea: sql<string | null>`${commands.payload}->>'area'`,
      })
      .from(roadDevices)
      .innerJoin(devices, eq(devices.id, roadDevices.devicePk))
      .leftJoin(commands, eq(commands.id, roadDevices.commandId))
      .where(
        and(eq(roadDevices.roadId, roadId), inArray(roadDevices.devicePk, devicePks), eq(devices.protocol, 'jt808')),
      )
      .orderBy(devices.id);
  }

  /** The devices the fence was pushed to (their binding has a command). */
  async fencePushed(fenceId: number): Promise<number[]> {
    const rows = await this.db
      .select({ pk: fenceDevices.devicePk })
      .from(fenceDevices)
      .where(and(eq(fenceDevices.fenceId, fenceId), isNotNull(fenceDevices.commandId)));
    return rows.map((r) => r.pk);
  }

  async roadPushed(roadId: number): Promise<number[]> {
    const rows = await this.db
      .select({ pk: roadDevices.devicePk })
      .from(roadDevices)
      .where(and(eq(roadDevices.roadId, roadId), isNotNull(roadDevices.commandId)));
    return rows.map((r) => r.pk);
  }

  /** Each binding's command_id, in one statement. */
  async setFenceCommands(fenceId: number, pushed: { pk: number; commandId: number }[]): Promise<void> {
    if (!pushed.length) return;
    await this.db.execute(sql`
      UPDATE fence_devices fd SET command_id = p.command_id
        FROM unnest(${sql.param(pushed.map((p) => p.pk))}::int[], ${sql.param(pushed.map((p) => p.commandId))}::int[])
          AS p(device_pk, command_id)
       WHERE fd.fence_id = ${fenceId} AND fd.device_pk = p.device_pk`);
  }

  async setRoadCommands(roadId: number, pushed: { pk: number; commandId: number }[]): Promise<void> {
    if (!pushed.length) return;
    await this.db.execute(sql`
      UPDATE road_devices rd SET command_id = p.command_id
        FROM unnest(${sql.param(pushed.map((p) => p.pk))}::int[], ${sql.param(pushed.map((p) => p.commandId))}::int[])
          AS p(device_pk, command_id)
       WHERE rd.road_id = ${roadId} AND rd.device_pk = p.device_pk`);
  }
}
