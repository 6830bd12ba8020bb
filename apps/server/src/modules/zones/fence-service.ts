import type {
  AddFenceInput,
  BindResult,
  FenceBindInput,
  FenceDetail,
  FenceListInput,
  FenceRow,
  FenceUnbindInput,
  ModifyFenceInput,
} from '@lodestar/contract/zones';
import type { FenceGeometry, FenceRecordType, FenceShape } from '@lodestar/domain';
import { outsideHold } from '../../lib/errors.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import { formatInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { type ZoneBinder, zoneDeviceRow } from './binder.ts';
import type { FencePatch, FenceRepository, FenceWithHold } from './fence-repository.ts';
import { checkFenceTimes, clockMinutes, clockText, fenceGeometryColumns, instantIn, timeText } from './fields.ts';
import { zoneLog } from './log.ts';

/**
 * Geo-fences (/monitor/fence, function 51): fences of the caller's subtree and the devices bound to them.
 * Every write tells the fence engine (`changed`); a new geometry is written again to the terminals it was
 * pushed to.
 */
export class FenceService {
  constructor(
    private readonly repo: FenceRepository,
    private readonly holds: HoldScope,
    private readonly logs: OperationLogRepository,
    private readonly binder: ZoneBinder,
    private readonly changed: () => void,
  ) {}

  async add(auth: AuthContext, input: AddFenceInput): Promise<{ FenceID: number }> {
    const hold = await this.holds.inReach(auth, input.HoldID);
    const times = {
      validFrom: instantIn(input.ValidFrom, auth.timeZone, 'ValidFrom') ?? null,
      validTo: instantIn(input.ValidTo, auth.timeZone, 'ValidTo') ?? null,
      dailyFrom: clockMinutes(input.DailyFrom ?? null),
      dailyTo: clockMinutes(input.DailyTo ?? null),
    };
    checkFenceTimes(times);
    const id = await this.repo.insert({
      holdId: hold.id,
      name: input.FenceName,
      ...fenceGeometryColumns(input.Geometry),
      recordType: input.RecordType,
      triggerAlarm: input.TriggerAlarm,
      ...times,
      timeZone: auth.timeZone,
      speedLimit: input.SpeedLimit ?? null,
      maxStayMinutes: input.MaxStayMinutes ?? null,
      createdBy: auth.userId,
    });
    this.changed();
    await zoneLog(this.logs, auth, 'addFence', `${input.FenceName} #${id}`);
    return { FenceID: id };
  }

  async modify(auth: AuthContext, input: ModifyFenceInput): Promise<void> {
    const { name, repush } = await this.repo.transaction(async (repo) => {
      const current = await this.owned(auth, repo, input.FenceID, true);
      const patch: FencePatch = {};
      if (input.FenceName !== undefined) patch.name = input.FenceName;
      if (input.Geometry !== undefined) Object.assign(patch, fenceGeometryColumns(input.Geometry));
      if (input.RecordType !== undefined) patch.recordType = input.RecordType;
      if (input.TriggerAlarm !== undefined) patch.triggerAlarm = input.TriggerAlarm;
      if (input.SpeedLimit !== undefined) patch.speedLimit = input.SpeedLimit;
      if (input.MaxStayMinutes !== undefined) patch.maxStayMinutes = input.MaxStayMinutes;
      const validFrom = instantIn(input.ValidFrom, auth.timeZone, 'ValidFrom');
      const validTo = instantIn(input.ValidTo, auth.timeZone, 'ValidTo');
      if (validFrom !== undefined) patch.validFrom = validFrom;
      if (validTo !== undefined) patch.validTo = validTo;
      // The window is kept in the zone of whoever wrote it: a name changed from another zone does not move it.
      if (input.DailyFrom !== undefined || input.DailyTo !== undefined) {
        if (input.DailyFrom !== undefined) patch.dailyFrom = clockMinutes(input.DailyFrom);
        if (input.DailyTo !== undefined) patch.dailyTo = clockMinutes(input.DailyTo);
        patch.timeZone = auth.timeZone;
      }
      checkFenceTimes({
        validFrom: patch.validFrom === undefined ? current.validFrom : patch.validFrom,
        validTo: patch.validTo === undefined ? current.validTo : patch.validTo,
        dailyFrom: patch.dailyFrom === undefined ? current.dailyFrom : patch.dailyFrom,
        dailyTo: patch.dailyTo === undefined ? current.dailyTo : patch.dailyTo,
      });
      await repo.update(current.id, patch);
      const repush = input.Geometry ? await repo.bindings.pushedPks('fence', current.id) : [];
      return { name: patch.name ?? current.name, repush };
    });
    this.changed();
    await this.binder.pushAfterBind(auth, 'fence', input.FenceID, repush);
    await zoneLog(this.logs, auth, 'modifyFence', `${name} #${input.FenceID}`);
  }

  /** Removes fences of the caller's subtree; one id of another's refuses them all, like a missing one. */
  async remove(auth: AuthContext, ids: number[]): Promise<void> {
    const unique = [...new Set(ids)];
    const checked = await this.repo.findMany(unique, false);
    if (checked.length !== unique.length) throw outsideHold();
    for (const f of checked) assertInSubtree(auth.holdPath, f);
    for (const f of checked)
      await this.binder.removeFromTerminals(auth, 'fence', f.id, await this.repo.bindings.pushedPks('fence', f.id));
    const names = await this.repo.transaction(async (repo) => {
      const locked = await repo.findMany(unique, true);
      if (locked.length !== unique.length) throw outsideHold();
      for (const f of locked) assertInSubtree(auth.holdPath, f);
      await repo.remove(unique);
      return locked.map((f) => `${f.name} #${f.id}`);
    });
    this.changed();
    await zoneLog(this.logs, auth, 'removeFence', names.join(', '));
  }

  async get(auth: AuthContext, id: number): Promise<FenceDetail> {
    const fence = await this.owned(auth, this.repo, id, false);
    const devices = await this.repo.bindings.devicesOf('fence', id, auth.holdPath);
    return { ...this.toRow(auth, fence), Devices: devices.map((d) => zoneDeviceRow(d, auth.timeZone)) };
  }

  async list(auth: AuthContext, q: FenceListInput): Promise<{ rows: FenceRow[]; total: number }> {
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
    return { rows: rows.map((f) => this.toRow(auth, f)), total };
  }

  async bind(auth: AuthContext, input: FenceBindInput): Promise<BindResult> {
    const { result, name } = await this.repo.transaction(async (repo) => {
      const fence = await this.owned(auth, repo, input.FenceID, true);
      return { result: await this.binder.bind(auth, repo.bindings, 'fence', fence, input), name: fence.name };
    });
    this.changed();
    const Pushed = input.Push ? await this.binder.pushAfterBind(auth, 'fence', input.FenceID, result.pks) : 0;
    await zoneLog(this.logs, auth, 'bindFenceDevices', `${name} #${input.FenceID}: ${result.Bound}`);
    const { pks: _pks, ...reply } = result;
    return { ...reply, Pushed };
  }

  async unbind(auth: AuthContext, input: FenceUnbindInput): Promise<void> {
    const fence = await this.owned(auth, this.repo, input.FenceID, false);
    const devices = await this.binder.named(auth, this.repo.bindings, input.DeviceIDs);
    const pks = devices.map((d) => d.pk);
    const pushed = new Set(await this.repo.bindings.pushedPks('fence', fence.id));
    await this.binder.removeFromTerminals(
      auth,
      'fence',
      fence.id,
      pks.filter((pk) => pushed.has(pk)),
    );
    await this.repo.transaction(async (repo) => {
      await this.owned(auth, repo, input.FenceID, true);
      await repo.bindings.unbind('fence', fence.id, pks);
    });
    this.changed();
    await zoneLog(
      this.logs,
      auth,
      'unbindFenceDevices',
      `${fence.name} #${fence.id}: ${devices.map((d) => d.deviceId).join(',')}`,
    );
  }

  private async owned(auth: AuthContext, repo: FenceRepository, id: number, forUpdate: boolean) {
    const f = await repo.findById(id, auth.holdPath, forUpdate);
    assertInSubtree(auth.holdPath, f);
    return f!;
  }

  private toRow(auth: AuthContext, f: FenceWithHold): FenceRow {
    const tz = auth.timeZone;
    return {
      FenceID: f.id,
      FenceName: f.name,
      HoldID: f.holdId,
      HoldName: f.holdName,
      Shape: f.shape as FenceShape,
      Geometry: f.geometry as FenceGeometry,
      RecordType: f.recordType as FenceRecordType,
      TriggerAlarm: f.triggerAlarm,
      ValidFrom: timeText(f.validFrom, tz),
      ValidTo: timeText(f.validTo, tz),
      DailyFrom: clockText(f.dailyFrom),
      DailyTo: clockText(f.dailyTo),
      SpeedLimit: f.speedLimit,
      MaxStayMinutes: f.maxStayMinutes,
      DeviceCount: f.deviceCount,
      CreateTime: formatInZone(f.createdAt, tz),
      UpdateTime: formatInZone(f.updatedAt, tz),
    };
  }
}
