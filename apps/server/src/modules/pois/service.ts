import type { AddPoiInput, ModifyPoiInput, PoiListInput, PoiRow } from '@lodestar/contract/pois';
import type { PoiIcon, PoiKind } from '@lodestar/domain';
import { outsideHold } from '../../lib/errors.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import { formatInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { zoneLog } from '../zones/log.ts';
import type { PoiPatch, PoiRepository, PoiWithHold } from './repository.ts';

/**
 * Points (function 51 writes; 51, 36 or 31 read, the maps show them): POIs, favourite places and risk points of
 * the caller's subtree. A point's kind is fixed when it is added.
 */
export class PoiService {
  constructor(
    private readonly repo: PoiRepository,
    private readonly holds: HoldScope,
    private readonly logs: OperationLogRepository,
  ) {}

  async add(auth: AuthContext, input: AddPoiInput): Promise<{ PoiID: number }> {
    const hold = await this.holds.inReach(auth, input.HoldID);
    const id = await this.repo.insert({
      holdId: hold.id,
      kind: input.Kind,
      name: input.PoiName,
      category: input.Category ?? '',
      icon: input.Icon ?? 'pin',
      lat: input.Lat,
      lng: input.Lng,
      remark: input.Remark ?? '',
      createdBy: auth.userId,
    });
    await zoneLog(this.logs, auth, 'addPoi', `${input.PoiName} #${id}`);
    return { PoiID: id };
  }

  async modify(auth: AuthContext, input: ModifyPoiInput): Promise<void> {
    const [current] = await this.owned(auth, [input.PoiID]);
    const patch: PoiPatch = {};
    if (input.PoiName !== undefined) patch.name = input.PoiName;
    if (input.Category !== undefined) patch.category = input.Category;
    if (input.Icon !== undefined) patch.icon = input.Icon;
    if (input.Lat !== undefined) patch.lat = input.Lat;
    if (input.Lng !== undefined) patch.lng = input.Lng;
    if (input.Remark !== undefined) patch.remark = input.Remark;
    await this.repo.update(current!.id, patch);
    await zoneLog(this.logs, auth, 'modifyPoi', `${patch.name ?? current!.name} #${current!.id}`);
  }

  /** One id of another hold refuses them all, like a missing one. */
  async remove(auth: AuthContext, ids: number[]): Promise<void> {
    const points = await this.owned(auth, ids);
    await this.repo.remove(points.map((p) => p.id));
    await zoneLog(this.logs, auth, 'removePoi', points.map((p) => `${p.name} #${p.id}`).join(', '));
  }

  async list(auth: AuthContext, q: PoiListInput): Promise<{ rows: PoiRow[]; total: number }> {
    const holdPath = await this.holds.pathOf(auth, q.HoldID);
    const { rows, total } = await this.repo.list({
      holdPath,
      kinds: q.Kinds,
      keyword: q.Keyword,
      category: q.Category,
      offset: (q.PageIndex - 1) * q.PageSize,
      limit: q.PageSize,
    });
    return { rows: rows.map((p) => this.toRow(auth, p)), total };
  }

  private async owned(auth: AuthContext, ids: number[]): Promise<PoiWithHold[]> {
    const unique = [...new Set(ids)];
    const found = await this.repo.findMany(unique);
    if (found.length !== unique.length) throw outsideHold();
    for (const p of found) assertInSubtree(auth.holdPath, p);
    return found;
  }

  private toRow(auth: AuthContext, p: PoiWithHold): PoiRow {
    return {
      PoiID: p.id,
      HoldID: p.holdId,
      HoldName: p.holdName,
      PoiName: p.name,
      Kind: p.kind as PoiKind,
      Category: p.category,
      Icon: p.icon as PoiIcon,
      Lat: p.lat,
      Lng: p.lng,
      Remark: p.remark,
      CreateTime: formatInZone(p.createdAt, auth.timeZone),
    };
  }
}
