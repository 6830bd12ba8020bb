import type { CommandService } from '../commands/service.ts';
import { fenceArea, ROAD_AREA_ID_BASE, roadRoute } from './push-payload.ts';
import type { PushTarget, ZonePushRepository } from './push-repository.ts';

/**
 * Writes fences and roads to JT/T 808 terminals (issue #17, "Pushing to the device") through the command
 * queue, so a terminal out of coverage still alarms by itself. Only bound devices of protocol jt808 are
 * written; each binding's command_id is the last push, whose status (pending → sent → acknowledged by the
 * terminal's 0x0001, or failed / expired) is what the page shows. The callers (the zones service) have
 * already checked the caller's reach over the zone and the devices.
 */
export class ZonePush {
  constructor(
    private readonly commands: CommandService,
    private readonly repo: ZonePushRepository,
  ) {}

  /**
   * Queues a set-area command for each JT/T 808 device among devicePks (bound to the fence), records its id
   * in fence_devices.command_id; returns how many queued. A fence no terminal can hold (across the equator or
   * the prime meridian) queues none.
   */
  async pushFence(fenceId: number, devicePks: number[], userId: number): Promise<number> {
    if (!devicePks.length) return 0;
    const fence = await this.repo.fence(fenceId);
    const area = fence && fenceArea(fence);
    if (!area) return 0;
    const targets = await this.repo.fenceTargets(fenceId, devicePks);
    const pushed: { pk: number; commandId: number }[] = [];
    for (const d of targets) {
      // A fence redrawn as another shape lives in another of the terminal's lists: take the old one out first.
      if (d.lastArea && d.lastArea !== area.area) await this.queueDelete(d, d.lastArea, fenceId, userId);
      pushed.push({ pk: d.pk, commandId: await this.commands.queue(device(d), 'zoneSet', { ...area }, userId) });
    }
    await this.repo.setFenceCommands(fenceId, pushed);
    return pushed.length;
  }

  async pushRoad(roadId: number, devicePks: number[], userId: number): Promise<number> {
    if (!devicePks.length) return 0;
    const road = await this.repo.road(roadId);
    if (!road) return 0;
    const route = roadRoute(road);
    const targets = await this.repo.roadTargets(roadId, devicePks);
    const pushed: { pk: number; commandId: number }[] = [];
    for (const d of targets)
      pushed.push({ pk: d.pk, commandId: await this.commands.queue(device(d), 'zoneSet', { ...route }, userId) });
    await this.repo.setRoadCommands(roadId, pushed);
    return pushed.length;
  }

  /** After a ModifyFence: writes the fence again to every terminal it was pushed to; returns how many queued. */
  async repushFence(fenceId: number, userId: number): Promise<number> {
    return this.pushFence(fenceId, await this.repo.fencePushed(fenceId), userId);
  }

  async repushRoad(roadId: number, userId: number): Promise<number> {
    return this.pushRoad(roadId, await this.repo.roadPushed(roadId), userId);
  }

  /**
   * Queues the deletions (call before the bindings are deleted): for each bound JT/T 808 device the fence was
   * pushed to, of the kind last pushed. A binding never pushed has nothing on the terminal to delete.
   */
  async removeFence(fenceId: number, devicePks: number[], userId: number): Promise<number> {
    if (!devicePks.length) return 0;
    let queued = 0;
    for (const d of await this.repo.fenceTargets(fenceId, devicePks)) {
      if (!d.lastArea) continue;
      await this.queueDelete(d, d.lastArea, fenceId, userId);
      queued++;
    }
    return queued;
  }

  async removeRoad(roadId: number, devicePks: number[], userId: number): Promise<number> {
    if (!devicePks.length) return 0;
    let queued = 0;
    for (const d of await this.repo.roadTargets(roadId, devicePks)) {
      if (!d.lastArea) continue;
      await this.queueDelete(d, 'route', roadId + ROAD_AREA_ID_BASE, userId);
      queued++;
    }
    return queued;
  }

  private queueDelete(d: PushTarget, area: string, id: number, userId: number): Promise<number> {
    return this.commands.queue(device(d), 'zoneDelete', { area, ids: [id] }, userId);
  }
}

const device = (d: PushTarget) => ({ pk: d.pk, deviceId: d.deviceId });
