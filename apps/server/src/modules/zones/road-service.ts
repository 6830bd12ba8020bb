import type {
  AddRoadInput,
  BindResult,
  ModifyRoadInput,
  RoadBindInput,
  RoadDetail,
  RoadListInput,
  RoadRow,
  RoadUnbindInput,
} from '@lodestar/contract/zones';
import type { LineGeometry } from '@lodestar/domain';
import { outsideHold } from '../../lib/errors.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import { formatInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { type ZoneBinder, zoneDeviceRow } from './binder.ts';
import { checkSegmentLimits, roadGeometryColumns } from './fields.ts';
import { zoneLog } from './log.ts';
import type { RoadPatch, RoadRepository, RoadWithHold } from './road-repository.ts';

/**
 * Roads (/monitor/road, function 40 or 51): routes with a corridor width and speed limits, and the devices bound
 * to them. The same rules as fences (ZoneBinder); every write tells the fence engine (`changed`).
 */
export class RoadService {
  constructor(
    private readonly repo: RoadRepository,
    private readonly holds: HoldScope,
    private readonly logs: OperationLogRepository,
    private readonly binder: ZoneBinder,
    private readonly changed: () => void,
  ) {}

  async add(auth: AuthContext, input: AddRoadInput): Promise<{ RoadID: number }> {
    const hold = await this.holds.inReach(auth, input.HoldID);
    checkSegmentLimits(input.SegmentLimits ?? null, input.Geometry);
    const id = await this.repo.insert({
      holdId: hold.id,
      name: input.RoadName,
      ...roadGeometryColumns(input.Geometry, input.Width),
      width: input.Width,
      speedLimit: input.SpeedLimit ?? null,
      segmentLimits: input.SegmentLimits ?? null,
      triggerAlarm: input.TriggerAlarm,
      createdBy: auth.userId,
    });
    this.changed();
    await zoneLog(this.logs, auth, 'addRoad', `${input.RoadName} #${id}`);
    return { RoadID: id };
  }

  async modify(auth: AuthContext, input: ModifyRoadInput): Promise<void> {
    const { name, repush } = await this.repo.transaction(async (repo) => {
      const current = await this.owned(auth, repo, input.RoadID, true);
      const patch: RoadPatch = {};
      if (input.RoadName !== undefined) patch.name = input.RoadName;
      if (input.Width !== undefined) patch.width = input.Width;
      if (input.SpeedLimit !== undefined) patch.speedLimit = input.SpeedLimit;
      if (input.SegmentLimits !== undefined) patch.segmentLimits = input.SegmentLimits;
      if (input.TriggerAlarm !== undefined) patch.triggerAlarm = input.TriggerAlarm;
      const geometry = input.Geometry ?? (current.geometry as LineGeometry);
      // The box depends on the line and the width: either changing redraws it.
      if (input.Geometry !== undefined || input.Width !== undefined)
        Object.assign(patch, roadGeometryColumns(geometry, input.Width ?? current.width));
      const limits = patch.segmentLimits === undefined ? current.segmentLimits : patch.segmentLimits;
      checkSegmentLimits(limits as (number | null)[] | null, geometry);
      await repo.update(current.id, patch);
      const repush =
        input.Geometry || input.Width !== undefined || input.SpeedLimit !== undefined
          ? await repo.bindings.pushedPks('road', current.id)
          : [];
      return { name: patch.name ?? current.name, repush };
    });
    this.changed();
    await this.binder.pushAfterBind(auth, 'road', input.RoadID, repush);
    await zoneLog(this.logs, auth, 'modifyRoad', `${name} #${input.RoadID}`);
  }

  /** Removes roads of the caller's subtree; one id of another's refuses them all, like a missing one. */
  async remove(auth: AuthContext, ids: number[]): Promise<void> {
    const unique = [...new Set(ids)];
    const checked = await this.repo.findMany(unique, false);
    if (checked.length !== unique.length) throw outsideHold();
    for (const r of checked) assertInSubtree(auth.holdPath, r);
    for (const r of checked)
      await this.binder.removeFromTerminals(auth, 'road', r.id, await this.repo.bindings.pushedPks('road', r.id));
    const names = await this.repo.transaction(async (repo) => {
      const locked = await repo.findMany(unique, true);
      if (locked.length !== unique.length) throw outsideHold();
      for (const r of locked) assertInSubtree(auth.holdPath, r);
      await repo.remove(unique);
      return locked.map((r) => `${r.name} #${r.id}`);
    });
    this.changed();
    await zoneLog(this.logs, auth, 'removeRoad', names.join(', '));
  }

  async get(auth: AuthContext, id: number): Promise<RoadDetail> {
    const road = await this.owned(auth, this.repo, id, false);
    const devices = await this.repo.bindings.devicesOf('road', id, auth.holdPath);
    return { ...this.toRow(auth, road), Devices: devices.map((d) => zoneDeviceRow(d, auth.timeZone)) };
  }

  async list(auth: AuthContext, q: RoadListInput): Promise<{ rows: RoadRow[]; total: number }> {
    const holdPath = await this.holds.pathOf(auth, q.HoldID);
    const { rows, total } = await this.repo.list({
      holdPath,
      viewerPath: auth.holdPath,
      keyword: q.Keyword,
      sort: q.SortColumn,
      desc: q.SortType === 'desc',
      offset: (q.PageIndex - 1) * q.PageSize,
      limit: q.PageSize,
    });
    return { rows: rows.map((r) => this.toRow(auth, r)), total };
  }

  async bind(auth: AuthContext, input: RoadBindInput): Promise<BindResult> {
    const { result, name } = await this.repo.transaction(async (repo) => {
      const road = await this.owned(auth, repo, input.RoadID, true);
      return { result: await this.binder.bind(auth, repo.bindings, 'road', road, input), name: road.name };
    });
    this.changed();
    const Pushed = input.Push ? await this.binder.pushAfterBind(auth, 'road', input.RoadID, result.pks) : 0;
    await zoneLog(this.logs, auth, 'bindRoadDevices', `${name} #${input.RoadID}: ${result.Bound}`);
    const { pks: _pks, ...reply } = result;
    return { ...reply, Pushed };
  }

  async unbind(auth: AuthContext, input: RoadUnbindInput): Promise<void> {
    const road = await this.owned(auth, this.repo, input.RoadID, false);
    const devices = await this.binder.named(auth, this.repo.bindings, input.DeviceIDs);
    const pks = devices.map((d) => d.pk);
    const pushed = new Set(await this.repo.bindings.pushedPks('road', road.id));
    await this.binder.removeFromTerminals(
      auth,
      'road',
      road.id,
      pks.filter((pk) => pushed.has(pk)),
    );
    await this.repo.transaction(async (repo) => {
      await this.owned(auth, repo, input.RoadID, true);
      await repo.bindings.unbind('road', road.id, pks);
    });
    this.changed();
    await zoneLog(
      this.logs,
      auth,
      'unbindRoadDevices',
      `${road.name} #${road.id}: ${devices.map((d) => d.deviceId).join(',')}`,
    );
  }

  private async owned(auth: AuthContext, repo: RoadRepository, id: number, forUpdate: boolean) {
    const r = await repo.findById(id, auth.holdPath, forUpdate);
    assertInSubtree(auth.holdPath, r);
    return r!;
  }

  private toRow(auth: AuthContext, r: RoadWithHold): RoadRow {
    return {
      RoadID: r.id,
      RoadName: r.name,
      HoldID: r.holdId,
      HoldName: r.holdName,
      Geometry: r.geometry as LineGeometry,
      Width: r.width,
      SpeedLimit: r.speedLimit,
      SegmentLimits: r.segmentLimits as (number | null)[] | null,
      TriggerAlarm: r.triggerAlarm,
      DeviceCount: r.deviceCount,
      CreateTime: formatInZone(r.createdAt, auth.timeZone),
      UpdateTime: formatInZone(r.updatedAt, auth.timeZone),
    };
  }
}
