import { verifyPassword } from '@lodestar/db';
import {
  AccountType,
  COMMAND_EXPIRY,
  type CommandTypeDef,
  checkCommandParams,
  commandTypeDef,
  Fn,
  supportsCommand,
} from '@lodestar/domain';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { vipRuns } from '../../lib/vip-gate.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { ROW_REASONS } from './messages.ts';
import type { CommandRepository, CommandTarget } from './repository.ts';

/** Types a text field (the older `Text`) fills as Params.text. */
const TEXT_TYPES: ReadonlySet<string> = new Set(['text', 'custom', 'message']);

/** What the caller may send at all: function 83 for the immobiliser, 49 for photos, administrators for custom. */
export function mayUse(auth: Pick<AuthContext, 'funs' | 'accountType'>, def: CommandTypeDef): boolean {
  if (def.immobiliser && !auth.funs.has(Fn.lockUnlock)) return false;
  if (def.type === 'photo' && !auth.funs.has(Fn.targetImage)) return false;
  if (def.adminOnly && auth.accountType !== AccountType.SuperAdmin && auth.accountType !== AccountType.Admin)
    return false;
  return true;
}

export interface CheckedCommand {
  def: CommandTypeDef;
  params: Record<string, string | number | boolean>;
  expireAt: Date;
}

/**
 * Everything about a send that does not depend on the device: the caller's right to the type, the catalogue's
 * parameters (a 400 naming `Params.<key>`), the expiry. The immobiliser's password is checked by the caller once
 * the devices are found (checkPassword), so another hold's device answers exactly as a missing one.
 */
export function checkCommand(
  auth: AuthContext,
  input: {
    Type: string;
    Text?: string | undefined;
    Params?: Record<string, string | number | boolean> | undefined;
    ExpireMinutes?: number | undefined;
    Password?: string | undefined;
  },
  opts: { internalAllowed?: readonly string[] } = {},
): CheckedCommand {
  const def = commandTypeDef(input.Type);
  if (!def || (def.internal && !opts.internalAllowed?.includes(def.type))) throw badRequest('invalidField', 'Type');
  if (!mayUse(auth, def)) throw forbidden();
  const given = { ...(input.Params ?? {}) };
  if (input.Text !== undefined && TEXT_TYPES.has(def.type) && given.text === undefined) given.text = input.Text;
  const checked = checkCommandParams(def, given);
  if (!checked.ok)
    throw badRequest('invalidField', checked.error.key === 'Params' ? 'Params' : `Params.${checked.error.key}`);
  const minutes = input.ExpireMinutes ?? COMMAND_EXPIRY.defaultMinutes;
  return { def, params: checked.params, expireAt: new Date(Date.now() + minutes * 60_000) };
}

/** Cutting fuel or power asks for the sender's own password again, checked here, never in the console. */
export async function checkPassword(repo: CommandRepository, auth: AuthContext, password: string | undefined) {
  if (!password) throw badRequest('invalidField', 'Password');
  const hash = await repo.passwordHashOf(auth.userId);
  if (!hash || !(await verifyPassword(password, hash))) throw badRequest('commandPasswordWrong', 'Password');
}

/** Why this device cannot take the command (its row fails with it), or undefined when it can. */
export function refusalFor(def: CommandTypeDef, device: CommandTarget, today: string): string | undefined {
  if (!supportsCommand(device.protocol, def.type)) return ROW_REASONS.unsupported;
  if (def.vipOnly && !vipRuns(device.vipExpiresAt, today)) return ROW_REASONS.vipExpired;
  return undefined;
}

/** What the gateway's channels read: the checked params, and the text where the type carries one. */
export function commandPayload(params: Record<string, string | number | boolean>): Record<string, unknown> {
  return typeof params.text === 'string' ? { params, text: params.text } : { params };
}
