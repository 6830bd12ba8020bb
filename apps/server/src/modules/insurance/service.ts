import type {
  AddPolicyInput,
  ModifyPolicyInput,
  PolicyListInput,
  PolicyRow,
  VehicleOption,
} from '@lodestar/contract/insurance';
import { INSURANCE_RULES, type InsuranceState, type InsuranceType } from '@lodestar/domain';
import { badRequest, conflict, notFound, outsideHold } from '../../lib/errors.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import { formatInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { zoneLog } from '../zones/log.ts';
import { type AttachmentStore, attachmentType, CONTENT_TYPES } from './attachments.ts';
import type { PolicyFields, PolicyRecord, PolicyRepository } from './repository.ts';

/** 'YYYY-MM-DD' plus `days` (calendar arithmetic in UTC, no zone involved). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const dayDiff = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export function policyState(start: string, end: string, today: string): InsuranceState {
  if (end < today) return 'expired';
  if (end <= addDays(today, INSURANCE_RULES.expiringDays)) return 'expiring';
  return start > today ? 'pending' : 'active';
}

const SORTS = { EndDate: 'end_date', StartDate: 'start_date', Premium: 'premium', Plate: 'plate' } as const;

/** Insurance policies (function 84 reads, 163 writes): each on a vehicle of the caller's subtree. */
export class InsuranceService {
  constructor(
    private readonly repo: PolicyRepository,
    private readonly holds: HoldScope,
    private readonly logs: OperationLogRepository,
    private readonly files: AttachmentStore,
  ) {}

  async add(auth: AuthContext, input: AddPolicyInput): Promise<{ PolicyID: number }> {
    const vehicle = await this.vehicleInReach(auth, input.VehicleID);
    const fields: PolicyFields = {
      vehicleId: vehicle.id,
      insurer: input.Insurer.trim(),
      policyNo: input.PolicyNo,
      policyType: input.PolicyType,
      premium: input.Premium,
      startDate: input.StartDate,
      endDate: input.EndDate,
      remark: input.Remark ?? '',
    };
    await this.check(fields);
    const id = await this.repo.insert(fields, auth.userId);
    await zoneLog(this.logs, auth, 'addPolicy', `${vehicle.plate} ${fields.insurer} ${fields.policyNo} #${id}`);
    return { PolicyID: id };
  }

  async modify(auth: AuthContext, input: ModifyPolicyInput): Promise<void> {
    const [current] = await this.owned(auth, [input.PolicyID]);
    const p = current!;
    const vehicle = input.VehicleID ? await this.vehicleInReach(auth, input.VehicleID) : undefined;
    const fields: PolicyFields = {
      vehicleId: vehicle?.id ?? p.vehicleId,
      insurer: input.Insurer?.trim() ?? p.insurer,
      policyNo: input.PolicyNo ?? p.policyNo,
      policyType: input.PolicyType ?? p.policyType,
      premium: input.Premium ?? p.premium,
      startDate: input.StartDate ?? p.startDate,
      endDate: input.EndDate ?? p.endDate,
      remark: input.Remark ?? p.remark,
    };
    await this.check(fields, p.id);
    await this.repo.update(p.id, fields);
    await zoneLog(this.logs, auth, 'modifyPolicy', `${fields.insurer} ${fields.policyNo} #${p.id}`);
  }

  /** One id of another hold refuses them all, like a missing one. */
  async remove(auth: AuthContext, ids: number[]): Promise<void> {
    const policies = await this.owned(auth, ids);
    await this.repo.remove(policies.map((p) => p.id));
    for (const p of policies) if (p.attachmentPath) await this.files.remove(p.attachmentPath);
    await zoneLog(this.logs, auth, 'removePolicy', policies.map((p) => `${p.policyNo} #${p.id}`).join(', '));
  }

  async list(auth: AuthContext, q: PolicyListInput): Promise<{ rows: PolicyRow[]; total: number }> {
    const holdPath = await this.holds.pathOf(auth, q.HoldID);
    if (q.VehicleID) await this.vehicleInReach(auth, q.VehicleID);
    const today = this.today(auth);
    const { rows, total } = await this.repo.list({
      holdPath,
      vehicleId: q.VehicleID,
      keyword: q.Keyword,
      policyType: q.PolicyType,
      state: q.State,
      today,
      soon: addDays(today, INSURANCE_RULES.expiringDays),
      sort: SORTS[q.SortColumn ?? 'EndDate'],
      desc: q.SortType === 'desc',
      offset: (q.PageIndex - 1) * q.PageSize,
      limit: q.PageSize,
    });
    return { rows: rows.map((p) => this.toRow(auth, p, today)), total };
  }

  async vehicleOptions(auth: AuthContext, keyword: string | undefined): Promise<VehicleOption[]> {
    const rows = await this.repo.vehicleOptions(auth.holdPath, keyword?.trim() ?? '');
    return rows.map((v) => ({ VehicleID: v.id, Plate: v.plate, HoldName: v.holdName }));
  }

  async uploadAttachment(auth: AuthContext, policyId: number, name: string, bytes: Buffer): Promise<void> {
    const [p] = await this.owned(auth, [policyId]);
    const type = attachmentType(bytes);
    if (!type) throw badRequest('policyAttachmentType', 'file');
    const relative = await this.files.save(p!.id, type, bytes);
    const safeName = name.replace(/[\\/\r\n"]/g, '_').slice(0, 120) || `policy-${p!.id}.${type}`;
    await this.repo.setAttachment(p!.id, { path: relative, name: safeName, type });
    await zoneLog(this.logs, auth, 'uploadPolicyAttachment', `${p!.policyNo} #${p!.id}: ${safeName}`);
  }

  async attachment(auth: AuthContext, policyId: number): Promise<{ path: string; name: string; contentType: string }> {
    const [p] = await this.owned(auth, [policyId]);
    const full = p!.attachmentPath ? this.files.resolve(p!.attachmentPath) : undefined;
    if (!full) throw notFound();
    return {
      path: full,
      name: p!.attachmentName ?? `policy-${p!.id}.${p!.attachmentType}`,
      contentType: CONTENT_TYPES[p!.attachmentType as 'pdf' | 'jpg'] ?? 'application/octet-stream',
    };
  }

  private today(auth: AuthContext): string {
    return formatInZone(new Date(), auth.timeZone).slice(0, 10);
  }

  private async check(f: PolicyFields, exceptId = 0): Promise<void> {
    if (f.endDate < f.startDate) throw badRequest('policyDates', 'EndDate');
    if (await this.repo.numberTaken(f.insurer, f.policyNo, exceptId)) throw conflict('policyNumberTaken', 'PolicyNo');
  }

  private async vehicleInReach(auth: AuthContext, id: number) {
    const v = await this.repo.vehicle(id);
    assertInSubtree(auth.holdPath, v);
    return v!;
  }

  private async owned(auth: AuthContext, ids: number[]): Promise<PolicyRecord[]> {
    const unique = [...new Set(ids)];
    const found = await this.repo.findMany(unique);
    if (found.length !== unique.length) throw outsideHold();
    for (const p of found) assertInSubtree(auth.holdPath, p);
    return found;
  }

  private toRow(auth: AuthContext, p: PolicyRecord, today: string): PolicyRow {
    return {
      PolicyID: p.id,
      VehicleID: p.vehicleId,
      Plate: p.plate,
      HoldID: p.holdId,
      HoldName: p.holdName,
      Insurer: p.insurer,
      PolicyNo: p.policyNo,
      PolicyType: p.policyType as InsuranceType,
      Premium: p.premium,
      StartDate: p.startDate,
      EndDate: p.endDate,
      State: policyState(p.startDate, p.endDate, today),
      DaysLeft: dayDiff(today, p.endDate),
      Attachment: p.attachmentName ?? '',
      Remark: p.remark,
      CreateTime: formatInZone(p.createdAt, auth.timeZone),
    };
  }
}
