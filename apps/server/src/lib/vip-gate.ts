import { ErrCode, LIMITS, ReplyCode } from '@lodestar/domain';
import { AppError } from './errors.ts';
import { formatInZone } from './time.ts';

/**
 * The VIP gate: the one check behind every VIP-only function of spec section 6 (photo capture, history beyond
 * the free window, geo-fences and roads, VIP-only commands, the oil report, the frequent stop finder). Every
 * refusal is the same reply: code 400, errCode `ErrCode.VipExpired`, spec section 8's "device VIP expired"
 * followed by the device ids; the console answers that errCode with a link to /vip/upgrade.
 *
 * A device's VIP runs while its expiry day (`devices.vip_expires_at`, `YYYY-MM-DD`) is today or later in the
 * caller's time zone; a device that never had VIP (null) counts as expired.
 */
export interface VipHolder {
  deviceId: string;
  /** `YYYY-MM-DD`, or null: no VIP. */
  vipExpiresAt: string | null;
}

/** Today in a time zone, as the expiry's `YYYY-MM-DD` compares. */
export const todayIn = (timeZone: string, now = new Date()) => formatInZone(now, timeZone).slice(0, 10);

/** Whether the VIP of a device whose expiry day is `vipExpiresAt` runs on `today`. */
export const vipRuns = (vipExpiresAt: string | null, today: string) =>
  vipExpiresAt !== null && vipExpiresAt.slice(0, 10) >= today;

/** The gate's refusal naming the devices; `also` adds a translated reason (history: how far back is free). */
export function vipExpiredError(deviceIds: readonly string[], also: AppError['also'] = []): AppError {
  return new AppError(ReplyCode.BadRequest, ErrCode.VipExpired, 'deviceVipExpired', deviceIds.join(', '), also);
}

/**
 * Refuses (throws the gate's error) when the VIP of any of the devices has lapsed, naming every lapsed one.
 * Call it after the devices were checked against the caller's subtree: another hold's device must answer as a
 * missing one, never as "VIP expired".
 */
export function assertVip(devices: VipHolder | readonly VipHolder[], timeZone: string, now = new Date()): void {
  const today = todayIn(timeZone, now);
  const lapsed = (Array.isArray(devices) ? devices : [devices]).filter((d) => !vipRuns(d.vipExpiresAt, today));
  if (lapsed.length) throw vipExpiredError(lapsed.map((d) => d.deviceId));
}

/** The devices among `devices` whose VIP runs, and the ids of the others (a whole unit binds only the first). */
export function splitByVip<T extends VipHolder>(devices: readonly T[], timeZone: string, now = new Date()) {
  const today = todayIn(timeZone, now);
  const running: T[] = [];
  const lapsed: string[] = [];
  for (const d of devices) {
    if (vipRuns(d.vipExpiresAt, today)) running.push(d);
    else lapsed.push(d.deviceId);
  }
  return { running, lapsed };
}

/**
 * How many days back a device's history reaches (spec section 9: 7 free, 90 with VIP), and a check that `from`
 * is inside it: beyond the free window without VIP is the gate's refusal; beyond 90 days with VIP is not a VIP
 * matter and answers `historyTooOld`.
 */
export function assertHistoryReach(device: VipHolder, from: Date, timeZone: string, now = new Date()): void {
  const vip = vipRuns(device.vipExpiresAt, todayIn(timeZone, now));
  const days = vip ? LIMITS.historyVipDays : LIMITS.historyFreeDays;
  if (from.getTime() >= now.getTime() - days * 86_400_000) return;
  if (!vip) throw vipExpiredError([device.deviceId], [{ key: 'historyVipOnly' }]);
  throw new AppError(ReplyCode.BadRequest, ErrCode.Validation, 'historyTooOld', `${days}`);
}
