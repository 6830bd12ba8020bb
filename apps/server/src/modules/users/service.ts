import { hashPassword, verifyPassword } from '@lodestar/db';
import { AccountType, ErrCode, isValidPassword, manageRefusal, ReplyCode, ranksAbove } from '@lodestar/domain';
import type { AccessEvents } from '../../lib/access-events.ts';
import { AppError, badRequest, conflict, forbidden } from '../../lib/errors.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { serviceEnded } from '../../lib/session-check.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import { formatInZone, isTimeZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { SessionRepository } from '../account/session-repository.ts';
import { REFUSAL_MESSAGE } from './messages.ts';
import type { NewUser, UserListQuery, UserRepository, UserWithHold } from './repository.ts';

export interface UserFields {
  HoldID?: number | undefined;
  Phone?: string | undefined;
  UserName?: string | undefined;
  AccountType?: number | undefined;
  Funs?: number[] | undefined;
  Contact?: string | undefined;
  Email?: string | undefined;
  Remark?: string | undefined;
  TimeZone?: string | undefined;
  ServiceEndDate?: string | null | undefined;
  Address?: string | undefined;
  AccessStart?: string | null | undefined;
  AccessEnd?: string | null | undefined;
  DefaultProvince?: string | undefined;
}

export interface SettingsInput {
  UserName?: string | undefined;
  Contact?: string | undefined;
  Email?: string | undefined;
  TimeZone?: string | undefined;
  MenuPosition?: number | undefined;
  Language?: string | undefined;
  DefaultProvince?: string | undefined;
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

// drizzle wraps the driver's error; PostgreSQL's unique_violation is 23505.
const isUniqueViolation = (err: unknown): boolean =>
  (err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505';

/** Runs a write of a user's row, answering a taken phone (the unique index) as a 400 naming Phone. */
export async function uniquePhone<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('phoneTaken', 'Phone');
    throw err;
  }
}

/** A log-in window has both ends or neither, and they differ (an equal pair would mean nothing). */
function checkAccessWindow(w: { AccessStart?: string | null | undefined; AccessEnd?: string | null | undefined }) {
  const start = w.AccessStart || null;
  const end = w.AccessEnd || null;
  if (start && !end) throw badRequest('accessWindowBothEnds', 'AccessEnd');
  if (end && !start) throw badRequest('accessWindowBothEnds', 'AccessStart');
  if (start && start === end) throw badRequest('accessWindowEmpty', 'AccessEnd');
}

const distinctSorted = (funs: readonly number[]) => [...new Set(funs)].sort((a, b) => a - b);

export class UserService {
  constructor(
    private readonly users: UserRepository,
    private readonly holds: HoldScope,
    private readonly sessions: SessionRepository,
    private readonly logs: OperationLogRepository,
    private readonly access: AccessEvents,
  ) {}

  async list(auth: AuthContext, q: Omit<UserListQuery, 'holdPath'> & { holdId?: number | undefined }) {
    let holdPath = auth.holdPath;
    if (q.holdId) {
      const hold = await this.holds.findById(q.holdId);
      assertInSubtree(auth.holdPath, hold);
      holdPath = hold!.path;
    }
    const { rows, total } = await this.users.list({ ...q, holdPath });
    const funs = await this.users.functionsOfMany(rows.map((r) => r.id));
    return { rows: rows.map((u) => this.toRow(u, funs.get(u.id) ?? [], auth.timeZone)), total };
  }

  async add(auth: AuthContext, input: UserFields & { UserPassword: string }): Promise<{ UserID: number }> {
    const user = await this.newUser(auth, input);
    const id = await uniquePhone(() => this.users.insert(user, [...new Set(input.Funs ?? [])]));
    await this.log(auth, 'addUser', `${id} ${input.UserName}`);
    return { UserID: id };
  }

  /**
   * A new account's row after every rule of User/AddUser (password, hold in reach, account type,
   * functions, time zone, log-in window), for AddUser and for the administrator an enterprise is
   * created with (`hold`: the enterprise's new hold, not yet written, stands in for HoldID).
   */
  async newUser(
    auth: AuthContext,
    input: UserFields & { UserPassword: string },
    hold?: { id: number },
  ): Promise<NewUser> {
    if (!isValidPassword(input.UserPassword)) throw badRequest('passwordRule', 'UserPassword');
    if (!hold) {
      const found = await this.holds.findById(input.HoldID!);
      assertInSubtree(auth.holdPath, found);
      hold = found!;
    }
    this.checkAccountType(auth, input.AccountType!);
    this.checkGrant(auth, input.Funs ?? []);
    this.checkTimeZone(input.TimeZone);
    checkAccessWindow(input);
    return {
      holdId: hold.id,
      phone: input.Phone!,
      userName: input.UserName!,
      accountType: input.AccountType!,
      passwordHash: await hashPassword(input.UserPassword),
      contact: input.Contact ?? '',
      email: input.Email ?? '',
      remark: input.Remark ?? '',
      ...(input.TimeZone ? { timeZone: input.TimeZone } : {}),
      serviceEndDate: input.ServiceEndDate || null,
      address: input.Address ?? '',
      accessStart: input.AccessStart || null,
      accessEnd: input.AccessEnd || null,
      defaultProvince: input.DefaultProvince ?? '',
      createdBy: auth.userId,
    };
  }

  async modify(auth: AuthContext, id: number, input: UserFields): Promise<void> {
    const target = await this.managed(auth, id, input.Funs !== undefined);
    // Another hold's id answers as a missing one first, whoever the account is.
    if (input.HoldID !== undefined && input.HoldID !== target.holdId)
      assertInSubtree(auth.holdPath, await this.holds.findById(input.HoldID));
    if (target.id === auth.userId) this.checkSelfEdit(target, input);
    if (input.AccountType !== undefined) this.checkAccountType(auth, input.AccountType);
    if (input.Funs) this.checkGrant(auth, input.Funs);
    this.checkTimeZone(input.TimeZone);
    if (input.AccessStart !== undefined || input.AccessEnd !== undefined)
      checkAccessWindow({
        AccessStart: input.AccessStart === undefined ? target.accessStart : input.AccessStart,
        AccessEnd: input.AccessEnd === undefined ? target.accessEnd : input.AccessEnd,
      });
    const patch: Partial<NewUser> = {};
    if (input.HoldID !== undefined) patch.holdId = input.HoldID;
    if (input.Phone !== undefined) patch.phone = input.Phone;
    if (input.UserName !== undefined) patch.userName = input.UserName;
    if (input.AccountType !== undefined) patch.accountType = input.AccountType;
    if (input.Contact !== undefined) patch.contact = input.Contact;
    if (input.Email !== undefined) patch.email = input.Email;
    if (input.Remark !== undefined) patch.remark = input.Remark;
    if (input.TimeZone) patch.timeZone = input.TimeZone;
    if (input.ServiceEndDate !== undefined) patch.serviceEndDate = input.ServiceEndDate || null;
    if (input.Address !== undefined) patch.address = input.Address;
    if (input.AccessStart !== undefined) patch.accessStart = input.AccessStart || null;
    if (input.AccessEnd !== undefined) patch.accessEnd = input.AccessEnd || null;
    if (input.DefaultProvince !== undefined) patch.defaultProvince = input.DefaultProvince;
    await uniquePhone(() => this.users.update(id, patch));
    const funsBefore = input.Funs ? await this.users.functionsOf(id) : [];
    const funs = input.Funs ? distinctSorted(input.Funs) : undefined;
    if (funs) await this.users.setFunctions(id, funs);
    await this.log(auth, 'modifyUser', String(id));
    const moved = patch.holdId !== undefined && patch.holdId !== target.holdId;
    const retyped = patch.accountType !== undefined && patch.accountType !== target.accountType;
    const ended = patch.serviceEndDate !== undefined && serviceEnded(patch.serviceEndDate);
    if (moved || retyped || ended || (funs && !sameIds(funsBefore, funs))) await this.endSessions(id);
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    const target = await this.managed(auth, id, true);
    await this.users.remove(id);
    await this.endSessions(id);
    await this.log(auth, 'removeUser', `${id} ${target.userName}`);
  }

  /** Refuses (like User/RemoveUser) an account the caller may not remove: another module removes it. */
  async assertRemovable(auth: AuthContext, id: number): Promise<void> {
    await this.managed(auth, id, true);
  }

  async setFunctions(auth: AuthContext, id: number, funs: number[]): Promise<void> {
    await this.managed(auth, id, true);
    this.checkGrant(auth, funs);
    const before = await this.users.functionsOf(id);
    const granted = distinctSorted(funs);
    await this.users.setFunctions(id, granted);
    if (!sameIds(before, granted)) await this.endSessions(id);
    await this.log(auth, 'setUserFuns', `${id}: ${granted.join(',')}`);
  }

  /** An administrator sets another account's password (the account's other sessions end). */
  async resetPassword(auth: AuthContext, id: number, newPass: string): Promise<void> {
    const target = await this.managed(auth, id, true);
    if (!isValidPassword(newPass)) throw badRequest('passwordRule', 'NewPass');
    await this.users.update(id, { passwordHash: await hashPassword(newPass) });
    await this.endSessions(id);
    await this.log(auth, 'resetPassword', `${id} ${target.userName}`);
  }

  async profile(auth: AuthContext) {
    const u = (await this.users.findById(auth.userId))!;
    const funs = await this.users.functionsOf(u.id);
    return {
      ...this.toRow(u, funs, u.timeZone),
      MenuPosition: u.menuPosition,
      Language: u.language,
    };
  }

  async changePassword(auth: AuthContext, oldPass: string, newPass: string, confirm: string): Promise<void> {
    if (newPass !== confirm) throw badRequest('passwordsNotSame', 'ConfirmPass');
    if (!isValidPassword(newPass)) throw badRequest('passwordRule', 'NewPass');
    const u = (await this.users.findById(auth.userId))!;
    if (!(await verifyPassword(oldPass, u.passwordHash))) throw badRequest('wrongOldPassword', 'OldPass');
    await this.users.update(u.id, { passwordHash: await hashPassword(newPass) });
    // Other devices logged in with the old password are logged out; this one stays.
    await this.endSessions(u.id, auth.sessionId);
    await this.log(auth, 'changePassword', '');
  }

  async saveSettings(auth: AuthContext, s: SettingsInput) {
    this.checkTimeZone(s.TimeZone);
    const patch: Partial<NewUser> = {};
    if (s.UserName !== undefined) patch.userName = s.UserName;
    if (s.Contact !== undefined) patch.contact = s.Contact;
    if (s.Email !== undefined) patch.email = s.Email;
    if (s.TimeZone) patch.timeZone = s.TimeZone;
    if (s.MenuPosition !== undefined) patch.menuPosition = s.MenuPosition;
    if (s.Language !== undefined) patch.language = s.Language;
    if (s.DefaultProvince !== undefined) patch.defaultProvince = s.DefaultProvince;
    await this.users.update(auth.userId, patch);
    return this.profile(auth);
  }

  /**
   * The account's access changed (functions, hold, type, service end, password, removal): its
   * sessions end and its open live-feed sockets close now, not at their next recheck.
   */
  async endSessions(userId: number, exceptSessionId?: number): Promise<void> {
    await this.sessions.revokeAllOf(userId, exceptSessionId);
    this.access.sessionsEnded({ userId, exceptSessionId });
  }

  /**
   * A user the caller may manage: in its subtree, and, unless it is the caller itself, allowed by
   * the domain's rule (not the super administrator, no type above the caller's, no function the
   * caller lacks). Editing such an account, its password above all, would hand the caller powers
   * it was never given (issue #14). The caller itself may change only what `checkSelfEdit` allows.
   */
  private async managed(auth: AuthContext, id: number, selfForbidden: boolean): Promise<UserWithHold> {
    const target = await this.users.findById(id);
    assertInSubtree(auth.holdPath, target);
    if (target!.accountType === AccountType.SuperAdmin) throw forbidden('superAdminProtected');
    if (target!.id === auth.userId) {
      if (selfForbidden) throw forbidden('cannotChangeSelf');
      return target!;
    }
    const refusal = manageRefusal(auth, {
      accountType: target!.accountType,
      funs: await this.users.functionsOf(target!.id),
    });
    if (refusal) throw forbidden(REFUSAL_MESSAGE[refusal]);
    return target!;
  }

  /** Nobody sets their own account type, organisation, service end or log-in hours: those are the terms others gave them. */
  private checkSelfEdit(self: UserWithHold, input: UserFields) {
    const changes =
      (input.AccountType !== undefined && input.AccountType !== self.accountType) ||
      (input.HoldID !== undefined && input.HoldID !== self.holdId) ||
      (input.ServiceEndDate !== undefined && (input.ServiceEndDate || null) !== self.serviceEndDate) ||
      (input.AccessStart !== undefined && (input.AccessStart || null) !== self.accessStart) ||
      (input.AccessEnd !== undefined && (input.AccessEnd || null) !== self.accessEnd);
    if (changes) throw forbidden('cannotChangeOwnTerms');
  }

  /** No account type above the caller's own may be given. */
  private checkAccountType(auth: AuthContext, type: number) {
    if (ranksAbove(type, auth.accountType)) throw forbidden('accountTypeAboveOwn');
  }

  /** Spec section 6: an administrator grants what it has, never more. */
  private checkGrant(auth: AuthContext, funs: readonly number[]) {
    const extra = funs.filter((f) => !auth.funs.has(f));
    if (extra.length)
      throw new AppError(
        ReplyCode.Forbidden,
        ErrCode.NoFunction,
        'cannotGrant',
        `Funs ${[...new Set(extra)].join(',')}`,
      );
  }

  private checkTimeZone(tz: string | undefined) {
    if (tz && !isTimeZone(tz)) throw badRequest('invalidField', `TimeZone ${tz}`);
  }

  private toRow(u: UserWithHold, funs: number[], tz: string) {
    return {
      UserID: u.id,
      UserName: u.userName,
      Phone: u.phone,
      HoldID: u.holdId,
      HoldName: u.holdName,
      AccountType: u.accountType,
      Funs: funs,
      Contact: u.contact,
      Email: u.email,
      Remark: u.remark,
      TimeZone: u.timeZone,
      ServiceEndDate: u.serviceEndDate,
      Address: u.address,
      AccessStart: u.accessStart,
      AccessEnd: u.accessEnd,
      DefaultProvince: u.defaultProvince,
      CreateTime: formatInZone(u.createdAt, tz),
    };
  }

  private log(auth: AuthContext, action: string, detail: string) {
    return this.logs.operation({ userId: auth.userId, holdId: auth.holdId, action, detail, ip: auth.ip });
  }
}
