import { createHash, randomInt } from 'node:crypto';
import { hashPassword, verifyPassword } from '@lodestar/db';
import { AccountType, ALL_FUNCTION_IDS, ErrCode, Fn, HoldType, isValidPassword, LIMITS } from '@lodestar/domain';
import type { AccessEvents } from '../../lib/access-events.ts';
import { AppError, badRequest, conflict, tooMany } from '../../lib/errors.ts';
import { RateLimiter } from '../../lib/rate-limit.ts';
import { inAccessWindow, serviceEnded } from '../../lib/session-check.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { DeviceRepository } from '../devices/repository.ts';
import type { HoldRepository } from '../holds/repository.ts';
import type { LogRepository } from '../logs/repository.ts';
import type { SmsProvider } from '../sms/provider.ts';
import type { UserRepository, UserWithHold } from '../users/repository.ts';
import type { RegistrationRepository } from './registration-repository.ts';
import type { SessionRepository } from './session-repository.ts';
import type { SmsCodeRepository, SmsPurpose } from './sms-code-repository.ts';

export interface ClientMeta {
  ip: string;
  userAgent: string;
}

export interface SessionPayload {
  token: string;
  tokenExpiry: string;
  userName: string;
  userId: number;
  accountType: number;
  loginInfo: { allFuns: number[]; CompanyID: number };
  currentHoldId: number;
  currentHoldName: string;
  currentHasChild: boolean;
  menuPosition: number;
  language: string;
  timeZone: string;
}

export interface RegisterInput {
  Phone: string;
  SMSCode: string;
  UserPassword: string;
  UserName: string;
  Email?: string | undefined;
  HoldName?: string | undefined;
  Vehicle: { Plate: string; DeviceID?: string | undefined; OwnerName?: string | undefined };
}

/** What a self-registered customer may use: the tracking basics for its own vehicles. */
const REGISTERED_USER_FUNS = [
  Fn.dashboard,
  Fn.gpsMonitor,
  Fn.onlineMonitor,
  Fn.playback,
  Fn.trackQuery,
  Fn.vehicleManage,
  Fn.deviceManage,
  Fn.query,
];

const codeHash = (phone: string, purpose: SmsPurpose, code: string) =>
  createHash('sha256').update(`${phone}:${purpose}:${code}`).digest('hex');

/** Stored for a code that cannot be used: no code's sha256 hex equals it. */
const DEAD_CODE = 'dead';
/** How long sent codes are kept before pruning. */
export const SMS_CODE_KEEP_MS = 24 * 3_600_000;

const invalidCode = () => new AppError(400, ErrCode.InvalidSmsCode, 'invalidCode');

// A hash of a random password, verified against when the phone is unknown, so that a
// wrong phone and a wrong password take the same time.
const decoyHash = hashPassword(`decoy-${Date.now()}`);

export class AccountService {
  private readonly loginByPhone: RateLimiter;
  private readonly loginByAddress: RateLimiter;
  private readonly codeCheckByPhone: RateLimiter;
  private readonly codeCheckByAddress: RateLimiter;
  private readonly smsByAddress: RateLimiter;
  private lastCodePrune = 0;

  constructor(
    private readonly deps: {
      users: UserRepository;
      holds: HoldRepository;
      sessions: SessionRepository;
      /** Told when sessions end, so the live feed closes their sockets at once. */
      access: AccessEvents;
      smsCodes: SmsCodeRepository;
      logs: LogRepository;
      sms: SmsProvider;
      smsTemplate: string;
      sessionHours: number;
      /** A registered vehicle is bound by its device's stored id. */
      devices: Pick<DeviceRepository, 'findByDeviceId'>;
      /** A device claimed at registration changed unit: the ingest side's caches forget it. */
      deviceMoved: (deviceId: string) => void;
      registration: RegistrationRepository;
      /** Self-registration is open (REGISTRATION); its users go under this hold, else the first root. */
      registrationOpen: boolean;
      registrationHoldId: number | undefined;
      /** Log-in attempts a minute, per phone and per client address. */
      loginLimits: { perPhone: number; perAddress: number };
      /** Code checks (password recovery, registration) a minute, per phone and per client address. */
      codeCheckLimits: { perPhone: number; perAddress: number };
      /** Codes asked for an hour per client address (per phone: LIMITS.smsCodeIntervalMs and smsCodesPerHour). */
      smsCodeLimitPerAddress: number;
      /**
       * What is texted instead of a code that could not be used: for log-in or recovery to a phone
       * without an account, for registration to a phone with one. '' sends nothing.
       */
      smsNotices: { noAccount: string; accountExists: string };
    },
  ) {
    this.loginByPhone = new RateLimiter(deps.loginLimits.perPhone, 60_000);
    this.loginByAddress = new RateLimiter(deps.loginLimits.perAddress, 60_000);
    this.codeCheckByPhone = new RateLimiter(deps.codeCheckLimits.perPhone, 60_000);
    this.codeCheckByAddress = new RateLimiter(deps.codeCheckLimits.perAddress, 60_000);
    this.smsByAddress = new RateLimiter(deps.smsCodeLimitPerAddress, 3_600_000);
  }

  async login(phone: string, password: string, meta: ClientMeta): Promise<SessionPayload> {
    this.limitLogin(phone, meta.ip);
    const user = await this.deps.users.findByPhone(phone);
    const ok = await verifyPassword(password, user?.passwordHash ?? (await decoyHash));
    if (!user || !ok) {
      await this.visit(phone, meta, 'failed', user);
      throw new AppError(400, ErrCode.LoginFailed, 'loginFailed');
    }
    return this.openSession(user, meta);
  }

  async smsLogin(phone: string, code: string, meta: ClientMeta): Promise<SessionPayload> {
    this.limitLogin(phone, meta.ip);
    // The code first: a phone without an account never had a usable one, so it answers like a wrong code.
    try {
      await this.consumeCode(phone, 'login', code);
    } catch (err) {
      await this.visit(phone, meta, 'failed', await this.deps.users.findByPhone(phone));
      throw err;
    }
    const user = await this.deps.users.findByPhone(phone);
    // Only whoever received the code learns this (the account went after the code was sent).
    if (!user) throw new AppError(400, ErrCode.NoAccount, 'noAccount');
    return this.openSession(user, meta);
  }

  async sendCode(
    phone: string,
    purpose: SmsPurpose,
    meta: ClientMeta,
  ): Promise<{ provider: string; expiresInSeconds: number }> {
    // Limits before the phone is looked up, and the same answer whether it has an account: the
    // caller learns nothing about the phone; only its holder reads what was texted.
    if (!this.smsByAddress.take(meta.ip)) throw tooMany();
    await this.pruneCodes();
    const recent = await this.deps.smsCodes.sentSince(phone, new Date(Date.now() - 3_600_000));
    if (recent.lastAt && Date.now() - recent.lastAt.getTime() < LIMITS.smsCodeIntervalMs)
      throw new AppError(429, ErrCode.RateLimited, 'codeTooSoon');
    if (recent.count >= LIMITS.smsCodesPerHour) throw tooMany();

    const hasAccount = !!(await this.deps.users.findByPhone(phone));
    const usable = purpose === 'register' ? !hasAccount : hasAccount;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // A code that cannot be used is stored dead (no code hashes to it): it counts against the
    // phone's limits like any other and retires the older codes, and it is never texted.
    await this.deps.smsCodes.insert({
      phone,
      purpose,
      codeHash: usable ? codeHash(phone, purpose, code) : DEAD_CODE,
      expiresAt: new Date(Date.now() + LIMITS.smsCodeLifetimeMs),
    });
    const notice = purpose === 'register' ? this.deps.smsNotices.accountExists : this.deps.smsNotices.noAccount;
    try {
      if (usable) await this.deps.sms.send(phone, this.deps.smsTemplate.replace('{code}', code), code);
      else if (notice) await this.deps.sms.send(phone, notice);
    } catch {
      throw new AppError(500, ErrCode.None, 'smsFailed');
    }
    return { provider: this.deps.sms.name, expiresInSeconds: LIMITS.smsCodeLifetimeMs / 1000 };
  }

  async retrievePassword(phone: string, code: string, newPass: string, meta: ClientMeta): Promise<void> {
    this.limitCodeCheck(phone, meta.ip);
    if (!isValidPassword(newPass)) throw badRequest('passwordRule');
    await this.consumeCode(phone, 'retrieve', code);
    // A phone without an account never had a usable recovery code; if its account went after the
    // code was sent, the answer is still that of a wrong code.
    const user = await this.deps.users.findByPhone(phone);
    if (!user) throw invalidCode();
    await this.deps.users.update(user.id, { passwordHash: await hashPassword(newPass) });
    await this.deps.sessions.revokeAllOf(user.id);
    this.deps.access.sessionsEnded({ userId: user.id });
    await this.deps.logs.operation({ userId: user.id, holdId: user.holdId, action: 'retrievePassword' });
  }

  async register(input: RegisterInput, meta: ClientMeta): Promise<{ UserID: number }> {
    this.limitCodeCheck(input.Phone, meta.ip);
    const registrationHoldId = this.deps.registrationOpen
      ? this.deps.registrationHoldId || (await this.deps.registration.firstRootHoldId())
      : undefined;
    const parent = registrationHoldId ? await this.deps.holds.findById(registrationHoldId) : undefined;
    if (!parent) throw new AppError(400, ErrCode.Validation, 'registrationClosed');
    if (!isValidPassword(input.UserPassword)) throw badRequest('passwordRule');
    await this.consumeCode(input.Phone, 'register', input.SMSCode);
    // Only after the code: whoever holds it has proved the phone and may learn it is taken.
    if (await this.deps.users.findByPhone(input.Phone)) throw conflict('accountExists');
    // Bound by the device's stored id, however its JT/T 808 leading zeros were typed (normaliseDeviceId).
    // Only a device in stock in the registration unit may be claimed: never one reporting unregistered,
    // nor another unit's (checked after the code, so the call tells nobody without one what is in stock).
    const typed = input.Vehicle.DeviceID;
    const device = typed ? await this.deps.devices.findByDeviceId(typed) : undefined;
    if (typed && device?.holdId !== parent.id) throw badRequest('registerDeviceNotInStock', 'Vehicle.DeviceID');
    const hold = await this.deps.holds.insert(input.HoldName || input.UserName, HoldType.Individual, parent);
    const userId = await this.deps.users.insert(
      {
        holdId: hold.id,
        phone: input.Phone,
        userName: input.UserName,
        email: input.Email ?? '',
        passwordHash: await hashPassword(input.UserPassword),
        accountType: AccountType.User,
      },
      REGISTERED_USER_FUNS,
    );
    if (device) {
      if (!(await this.deps.registration.claimDevice(device.id, parent.id, hold.id)))
        throw conflict('registerDeviceNotInStock', 'Vehicle.DeviceID');
      this.deps.deviceMoved(device.deviceId);
    }
    await this.deps.registration.insertVehicle(hold.id, {
      plate: input.Vehicle.Plate,
      ownerName: input.Vehicle.OwnerName ?? '',
      deviceId: device?.deviceId ?? '',
    });
    await this.deps.logs.operation({ userId, holdId: hold.id, action: 'register', detail: input.Vehicle.Plate });
    return { UserID: userId };
  }

  async logout(sessionId: number): Promise<void> {
    await this.deps.sessions.revoke(sessionId);
    this.deps.access.sessionsEnded({ sessionId });
  }

  /**
   * Codes are only ever written here, so pruning here (at most once an hour) bounds the table without a timer. A
   * day is kept: the per-phone limits read the last hour, and a spent code older than its lifetime proves nothing.
   */
  private async pruneCodes(now = Date.now()) {
    if (now - this.lastCodePrune < 3_600_000) return;
    this.lastCodePrune = now;
    await this.deps.smsCodes.pruneBefore(new Date(now - SMS_CODE_KEEP_MS));
  }

  private limitLogin(phone: string, ip: string) {
    const byPhone = this.loginByPhone.take(phone);
    const byAddress = this.loginByAddress.take(ip);
    if (!byPhone || !byAddress) throw tooMany();
  }

  private limitCodeCheck(phone: string, ip: string) {
    const byPhone = this.codeCheckByPhone.take(phone);
    const byAddress = this.codeCheckByAddress.take(ip);
    if (!byPhone || !byAddress) throw tooMany();
  }

  private async consumeCode(phone: string, purpose: SmsPurpose, code: string): Promise<void> {
    const passed = await this.deps.smsCodes.tryCode(phone, purpose, codeHash(phone, purpose, code), {
      now: new Date(),
      maxTries: LIMITS.smsCodeTries,
    });
    if (!passed) throw invalidCode();
  }

  private async openSession(user: UserWithHold, meta: ClientMeta): Promise<SessionPayload> {
    if (serviceEnded(user.serviceEndDate)) {
      await this.visit(user.phone, meta, 'expired', user);
      throw new AppError(400, ErrCode.AccountExpired, 'accountExpired');
    }
    if (!inAccessWindow(user.accessStart, user.accessEnd, user.timeZone)) {
      await this.visit(user.phone, meta, 'outsideHours', user);
      throw new AppError(
        400,
        ErrCode.OutsideAccessHours,
        'outsideAccessHours',
        `${user.accessStart}–${user.accessEnd} (${user.timeZone})`,
      );
    }
    const token = newToken();
    const expiresAt = new Date(Date.now() + this.deps.sessionHours * 3_600_000);
    await this.deps.sessions.create({ tokenHash: hashToken(token), userId: user.id, expiresAt, ...meta });
    await this.visit(user.phone, meta, 'success', user);
    this.loginByPhone.reset(user.phone);
    const [funs, hasChild] = await Promise.all([
      user.accountType === AccountType.SuperAdmin ? [...ALL_FUNCTION_IDS] : this.deps.users.functionsOf(user.id),
      this.deps.holds.hasChildren(user.holdId),
    ]);
    const pathIds = user.holdPath.split('/').filter(Boolean).map(Number);
    return {
      token,
      tokenExpiry: expiresAt.toISOString(),
      userName: user.userName,
      userId: user.id,
      accountType: user.accountType,
      // The company is the organisation just below the platform root (or the root itself).
      loginInfo: { allFuns: funs, CompanyID: pathIds[1] ?? pathIds[0] ?? user.holdId },
      currentHoldId: user.holdId,
      currentHoldName: user.holdName,
      currentHasChild: hasChild,
      menuPosition: user.menuPosition,
      language: user.language,
      timeZone: user.timeZone,
    };
  }

  private async visit(phone: string, meta: ClientMeta, result: string, user?: UserWithHold) {
    await this.deps.logs.visitor({
      phone,
      ip: meta.ip,
      userAgent: meta.userAgent.slice(0, 300),
      result,
      userId: user?.id ?? null,
      holdId: user?.holdId ?? null,
    });
  }
}
