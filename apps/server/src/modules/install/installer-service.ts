import type {
  AddInstallerInput,
  InstallerExportInput,
  InstallerRow,
  ModifyInstallerInput,
} from '@lodestar/contract/install';
import { AccountType, Fn } from '@lodestar/domain';
import type { HoldScope } from '../../lib/hold-scope.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import { formatInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { NewUser } from '../users/repository.ts';
import { type UserService, uniquePhone } from '../users/service.ts';
import type { InstallerDetails, InstallerRecord, InstallerRepository } from './installer-repository.ts';

/**
 * The function an installer account is made with: work orders (42), which lets it reach its own tasks only
 * (TaskService narrows an installer to the tasks assigned to it). Given whatever the creator holds: a technician
 * manager (43) without 42 must still be able to make installers who can work.
 */
const INSTALLER_FUNS = [Fn.workOrders];

/** Technician management (/info/installer, function 43): installer accounts and their score. */
export class InstallerService {
  constructor(
    private readonly repo: InstallerRepository,
    private readonly users: UserService,
    private readonly holds: HoldScope,
    private readonly logs: OperationLogRepository,
  ) {}

  async add(auth: AuthContext, input: AddInstallerInput): Promise<{ InstallerID: number }> {
    // Every rule of User/AddUser (password, unit in reach, account type, time zone), then the installer's grant.
    const user = await this.users.newUser(auth, {
      HoldID: input.HoldID,
      Phone: input.Phone,
      UserName: input.UserName,
      AccountType: AccountType.Installer,
      Funs: [],
      Remark: input.Remark,
      UserPassword: input.UserPassword,
    });
    const id = await uniquePhone(() => this.repo.insert(user, INSTALLER_FUNS, this.details(input)));
    await this.log(auth, 'addInstaller', `${id} ${input.UserName}`);
    return { InstallerID: id };
  }

  async modify(auth: AuthContext, input: ModifyInstallerInput): Promise<void> {
    await this.owned(auth, input.InstallerID);
    const user: Partial<NewUser> = {};
    if (input.UserName !== undefined) user.userName = input.UserName;
    if (input.Phone !== undefined) user.phone = input.Phone;
    if (input.Remark !== undefined) user.remark = input.Remark;
    await uniquePhone(() => this.repo.update(input.InstallerID, user, this.details(input)));
    await this.log(auth, 'modifyInstaller', `${input.InstallerID}`);
  }

  async list(
    auth: AuthContext,
    q: InstallerExportInput & { PageIndex: number; PageSize: number },
  ): Promise<{ rows: InstallerRow[]; total: number }> {
    const holdPath = await this.holds.pathOf(auth, q.HoldID);
    const { rows, total } = await this.repo.list({
      holdPath,
      keyword: q.Keyword,
      active: q.Active,
      sort: q.SortColumn,
      desc: q.SortType === 'desc',
      offset: (q.PageIndex - 1) * q.PageSize,
      limit: q.PageSize,
    });
    return { rows: rows.map((r) => this.toRow(auth, r)), total };
  }

  /** An installer of the caller's subtree; another unit's, or an account that is no installer, answers as missing. */
  async owned(auth: Pick<AuthContext, 'holdPath'>, id: number): Promise<InstallerRecord> {
    const found = await this.repo.findById(id);
    assertInSubtree(auth.holdPath, found);
    return found!;
  }

  private details(input: { Region?: string | undefined; Company?: string | undefined; Active?: boolean | undefined }) {
    const d: InstallerDetails = {};
    if (input.Region !== undefined) d.region = input.Region;
    if (input.Company !== undefined) d.company = input.Company;
    if (input.Active !== undefined) d.active = input.Active;
    return d;
  }

  private toRow(auth: AuthContext, r: InstallerRecord): InstallerRow {
    return {
      InstallerID: r.id,
      UserName: r.userName,
      Phone: r.phone,
      HoldID: r.holdId,
      HoldName: r.holdName,
      Region: r.region,
      Company: r.company,
      Active: r.active,
      Remark: r.remark,
      OpenTasks: r.openTasks,
      FinishedTasks: r.finishedTasks,
      OnTimeRate: r.onTimeRate,
      ReworkRate: r.reworkRate,
      CreateTime: formatInZone(r.createdAt, auth.timeZone),
    };
  }

  private log(auth: AuthContext, action: string, detail: string) {
    return this.logs.operation({ userId: auth.userId, holdId: auth.holdId, action, detail, ip: auth.ip });
  }
}
