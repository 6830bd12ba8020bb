import type {
  AddEnterpriseInput,
  EnterpriseListInput,
  EnterpriseRow,
  ModifyEnterpriseInput,
} from '@lodestar/contract/enterprise';
import { AccountType, HoldType } from '@lodestar/domain';
import { badRequest } from '../../lib/errors.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { formatInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { HoldRepository } from '../holds/repository.ts';
import { type HoldService, removalRefusal, whileUnreferenced } from '../holds/service.ts';
import type { UserRepository } from '../users/repository.ts';
import { type UserFields, type UserService, uniquePhone } from '../users/service.ts';
import type { EnterpriseRecord, EnterpriseRepository } from './repository.ts';

/** The administrator's fields of ModifyEnterprise: given any, its account is changed through User/ModifyUser's rules. */
const ADMIN_KEYS = [
  'Phone',
  'UserName',
  'Funs',
  'Contact',
  'Email',
  'Remark',
  'TimeZone',
  'Address',
  'ServiceEndDate',
  'AccessStart',
  'AccessEnd',
  'DefaultProvince',
] as const satisfies readonly (keyof ModifyEnterpriseInput & keyof UserFields)[];

/**
 * Enterprises: a hold and its first administrator. The hold's rules are the holds module's (HoldService:
 * reach, own hold, removal refusals) and the account's are the users module's (UserService: password,
 * account type, functions granted, time zone, log-in window, who may manage whom): one implementation each.
 */
export class EnterpriseService {
  constructor(
    private readonly repo: EnterpriseRepository,
    private readonly holdRepo: HoldRepository,
    private readonly holds: HoldService,
    private readonly users: UserService,
    private readonly userRepo: UserRepository,
    private readonly logs: OperationLogRepository,
  ) {}

  async list(auth: AuthContext, q: EnterpriseListInput): Promise<{ rows: EnterpriseRow[]; total: number }> {
    const parent = await this.holds.own(auth, q.ParentHoldID ?? auth.holdId);
    const { rows, total } = await this.repo.list({
      parent,
      keyword: q.Keyword || undefined,
      offset: (q.PageIndex - 1) * q.PageSize,
      limit: q.PageSize,
    });
    const funs = await this.userRepo.functionsOfMany(rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])));
    return { rows: rows.map((r) => toRow(r, funs.get(r.user_id ?? 0) ?? [], auth.timeZone)), total };
  }

  async add(auth: AuthContext, input: AddEnterpriseInput): Promise<{ HoldID: number; UserID: number }> {
    const parent = await this.holds.own(auth, input.parentHoldId);
    // Every rule of User/AddUser; the parent (checked above) stands in for the hold not yet written.
    const admin = await this.users.newUser(auth, { ...input, AccountType: AccountType.Admin }, parent);
    const funs = [...new Set(input.Funs)];
    const { holdId, userId } = await uniquePhone(() =>
      this.repo.insertWithAdmin(
        { name: input.HoldName, holdType: input.HoldType ?? HoldType.Enterprise, parent },
        admin,
        funs,
      ),
    );
    await this.log(auth, 'addEnterprise', `${holdId} ${input.HoldName} / ${userId} ${input.UserName}`);
    return { HoldID: holdId, UserID: userId };
  }

  async modify(auth: AuthContext, input: ModifyEnterpriseInput): Promise<void> {
    const hold = await this.holds.own(auth, input.HoldID);
    const adminFields: UserFields = {};
    for (const k of ADMIN_KEYS) if (input[k] !== undefined) Object.assign(adminFields, { [k]: input[k] });
    if (Object.keys(adminFields).length) {
      const adminId = await this.repo.firstAdminId(hold.id);
      if (adminId === undefined) throw badRequest('enterpriseNoAdmin', 'Phone');
      // The account first: if its rules refuse, the unit is left as it was.
      await this.users.modify(auth, adminId, adminFields);
    }
    if (input.HoldName || input.HoldType)
      await this.holdRepo.update(hold.id, {
        ...(input.HoldName ? { name: input.HoldName } : {}),
        ...(input.HoldType ? { holdType: input.HoldType } : {}),
      });
    await this.log(auth, 'modifyEnterprise', `${hold.id} ${input.HoldName ?? hold.name}`);
  }

  /** The unit with its administrator; refused, with every reason and its count, while anything else is in it. */
  async remove(auth: AuthContext, holdId: number): Promise<void> {
    const hold = await this.holds.below(auth, holdId);
    const adminId = await this.repo.firstAdminId(hold.id);
    const refusal = removalRefusal(await this.holdRepo.contents(hold.id), adminId === undefined ? 0 : 1);
    if (refusal) throw refusal;
    if (adminId !== undefined) await this.users.assertRemovable(auth, adminId);
    await whileUnreferenced(() => this.repo.removeWithAdmin(hold.id, adminId));
    if (adminId !== undefined) await this.users.endSessions(adminId);
    await this.log(auth, 'removeEnterprise', `${hold.id} ${hold.name}`);
  }

  private log(auth: AuthContext, action: string, detail: string) {
    return this.logs.operation({ userId: auth.userId, holdId: auth.holdId, action, detail, ip: auth.ip });
  }
}

function toRow(r: EnterpriseRecord, funs: number[], tz: string): EnterpriseRow {
  return {
    HoldID: r.id,
    HoldName: r.name,
    HoldType: r.hold_type,
    parentHoldId: r.parent_id,
    ParentName: r.parent_name ?? '',
    ChildCount: r.child_count,
    UserCount: r.user_count,
    DeviceCount: r.device_count,
    CreateTime: formatInZone(r.created_at, tz),
    Admin:
      r.user_id === null
        ? null
        : {
            UserID: r.user_id,
            UserName: r.user_name ?? '',
            Phone: r.phone ?? '',
            AccountType: r.account_type ?? AccountType.Admin,
            Funs: funs,
            Contact: r.contact ?? '',
            Email: r.email ?? '',
            Remark: r.remark ?? '',
            TimeZone: r.time_zone ?? '',
            Address: r.address ?? '',
            ServiceEndDate: r.service_end_date,
            AccessStart: r.access_start,
            AccessEnd: r.access_end,
            DefaultProvince: r.default_province ?? '',
          },
  };
}
