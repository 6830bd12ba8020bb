import type { Db } from '@lodestar/db';
import { devices, holds, photos, vehicles } from '@lodestar/db';
import { and, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import { ownedInSubtree } from '../../lib/hold-scope-repository.ts';

export interface PhotoFilter {
  /** The subtree searched: the caller's, or the HoldID's within it. */
  holdPath: string;
  devicePk?: number;
  channel?: number;
  from?: Date;
  to?: Date;
  limit: number;
}

/** Photos' SQL: the list (newest first, by the hold or device index) and one photo with its owner's path. */
export class PhotoRepository {
  constructor(private readonly db: Db) {}

  async list(f: PhotoFilter) {
    const where: SQL[] = [ownedInSubtree(photos.holdId, f.holdPath)];
    if (f.devicePk !== undefined) where.push(eq(photos.devicePk, f.devicePk));
    if (f.channel !== undefined) where.push(eq(photos.channel, f.channel));
    if (f.from) where.push(gte(photos.takenAt, f.from));
    if (f.to) where.push(lte(photos.takenAt, f.to));
    return this.db
      .select({
        id: photos.id,
        deviceId: devices.deviceId,
        deviceName: devices.name,
        plate: vehicles.plate,
        channel: photos.channel,
        event: photos.event,
        takenAt: photos.takenAt,
        lat: photos.lat,
        lng: photos.lng,
        size: photos.size,
      })
      .from(photos)
      .innerJoin(devices, eq(devices.id, photos.devicePk))
      .leftJoin(vehicles, eq(vehicles.id, devices.vehicleId))
      .where(and(...where))
      .orderBy(desc(photos.takenAt), desc(photos.id))
      .limit(f.limit);
  }

  /** One photo and the path of the hold that owns it (the caller's subtree is the service's check). */
  async find(id: number): Promise<{ file: string; holdPath: string } | undefined> {
    const [row] = await this.db
      .select({ file: photos.path, holdPath: holds.path })
      .from(photos)
      .innerJoin(holds, eq(holds.id, photos.holdId))
      .where(eq(photos.id, id))
      .limit(1);
    return row;
  }
}
