import type { CommandTypeRow, CommandTypes, CommandTypesInput, SendCommandInput } from '@lodestar/contract/commands';
import { BATCH_DEVICES_MAX, COMMAND_CATALOGUE, type CommandStatus, supportsCommand } from '@lodestar/domain';
import { badRequest } from '../../lib/errors.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import { formatInZone } from '../../lib/time.ts';
import { todayIn, vipExpiredError } from '../../lib/vip-gate.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { DeviceRepository } from '../devices/repository.ts';
import { checkCommand, checkPassword, commandPayload, mayUse, refusalFor } from './checks.ts';
import { ROW_REASONS } from './messages.ts';
import type { CommandRepository, CommandTarget } from './repository.ts';

/** At most this many unsupported devices named per type in Command/GetCommandTypes. */
const UNSUPPORTED_LISTED = 50;

/** Today in the caller's zone, as the VIP gate compares expiry days (kept here for the modules importing it). */
export { todayIn };

/**
 * Commands down to devices: queued here with an expiry, delivered by the gateway while the device is connected
 * (or when it next connects). `notify` tells the gateway a device has something waiting (over NATS when the
 * gateway runs apart); a lost notice is made good by the device's next connection.
 */
export class CommandService {
  constructor(
    private readonly commands: CommandRepository,
    private readonly devices: DeviceRepository,
    private readonly notify: (deviceId: string) => void,
    private readonly holds: HoldScope,
    private readonly onlineTimeoutMs: number,
  ) {}

  /**
   * Queues a command for a device already checked against the caller, and tells the gateway (the zones'
   * push, the monitor's arm/lock, photos). `expireAt` defaults to the catalogue's 24 h.
   */
  async queue(
    device: { pk: number; deviceId: string },
    type: string,
    payload: Record<string, unknown>,
    userId: number,
    opts: { expireAt?: Date; batchId?: number } = {},
  ): Promise<number> {
    const id = await this.commands.insert({ devicePk: device.pk, type, payload, createdBy: userId, ...opts });
    this.notify(device.deviceId);
    return id;
  }

  /** The caller's online cut-off for "offline now" (the monitor's rule). */
  onlineSince(): Date {
    return new Date(Date.now() - this.onlineTimeoutMs);
  }

  /** Devices named by id, every one in the caller's subtree (another hold's answers like a missing one). */
  async namedTargets(auth: AuthContext, ids: readonly string[]): Promise<CommandTarget[]> {
    const { targets, unmatched } = await this.commands.targetsByIds(ids, this.onlineSince());
    if (unmatched.length) assertInSubtree(auth.holdPath, undefined);
    for (const d of targets) assertInSubtree(auth.holdPath, d);
    return targets;
  }

  /** DeviceIDs, or every device of HoldID's subtree (≤ 1000, "too many selected" beyond), or "select target data". */
  async targets(auth: AuthContext, input: { DeviceIDs?: string[]; HoldID?: number }): Promise<CommandTarget[]> {
    const chosen = new Map<number, CommandTarget>();
    if (input.DeviceIDs?.length) for (const d of await this.namedTargets(auth, input.DeviceIDs)) chosen.set(d.pk, d);
    if (input.HoldID !== undefined) {
      const unit = await this.holds.inReach(auth, input.HoldID);
      const all = await this.commands.targetsOfSubtree(unit.path, this.onlineSince(), BATCH_DEVICES_MAX + 1);
      for (const d of all) if (!chosen.has(d.pk)) chosen.set(d.pk, d);
    }
    if (chosen.size > BATCH_DEVICES_MAX) throw badRequest('tooManySelected', `${BATCH_DEVICES_MAX}`);
    if (chosen.size === 0) throw badRequest('selectTargetData');
    return [...chosen.values()];
  }

  async send(auth: AuthContext, input: SendCommandInput): Promise<{ CommandID: number }> {
    // 'text' is the older console's free text; zone pushes are the zones module's own.
    const checked = checkCommand(auth, input, { internalAllowed: ['text'] });
    const [device] = await this.namedTargets(auth, [input.DeviceID]);
    if (checked.def.immobiliser) await checkPassword(this.commands, auth, input.Password);
    const refused = refusalFor(checked.def, device!, todayIn(auth.timeZone));
    if (refused === ROW_REASONS.vipExpired) throw vipExpiredError([device!.deviceId]);
    if (refused) throw badRequest('unsupportedProtocol', device!.deviceId);
    const id = await this.queue(device!, checked.def.type, commandPayload(checked.params), auth.userId, {
      expireAt: checked.expireAt,
    });
    return { CommandID: id };
  }

  /** The types the caller may send, with how many of the chosen devices can take each. */
  async types(auth: AuthContext, input: CommandTypesInput): Promise<CommandTypes> {
    const devices = input.DeviceIDs?.length || input.HoldID !== undefined ? await this.targets(auth, input) : [];
    const Types: CommandTypeRow[] = [];
    for (const def of COMMAND_CATALOGUE) {
      if (def.internal || !mayUse(auth, def)) continue;
      const unsupported = devices.filter((d) => !supportsCommand(d.protocol, def.type));
      Types.push({
        Type: def.type,
        Params: def.params.map((p) => ({
          Key: p.key,
          Kind: p.kind,
          Required: p.required,
          ...(p.min !== undefined ? { Min: p.min } : {}),
          ...(p.max !== undefined ? { Max: p.max } : {}),
          ...(p.scale !== undefined ? { Scale: p.scale } : {}),
          ...(p.maxLength !== undefined ? { MaxLength: p.maxLength } : {}),
          ...(p.options ? { Options: [...p.options] } : {}),
          ...(p.recommended !== undefined ? { Recommended: p.recommended } : {}),
        })),
        Supported: devices.length - unsupported.length,
        Unsupported: unsupported.slice(0, UNSUPPORTED_LISTED).map((d) => d.deviceId),
        Immobiliser: def.immobiliser === true,
        VipOnly: def.vipOnly === true,
        AdminOnly: def.adminOnly === true,
      });
    }
    return { Devices: devices.length, Types };
  }

  /** The device's last 100 commands, newest first, times in the caller's zone. */
  async list(auth: AuthContext, deviceId: string) {
    const device = await this.devices.findByDeviceId(deviceId);
    assertInSubtree(auth.holdPath, device);
    const tz = auth.timeZone;
    const fmt = (d: Date | null) => (d ? formatInZone(d, tz) : null);
    const rows = await this.commands.listFor(device!.id, 100);
    return rows.map((c) => ({
      CommandID: c.id,
      Type: c.type,
      Status: c.status as CommandStatus,
      Result: c.result,
      Params: commandParams(c.payload),
      BatchID: c.batchId,
      UserName: c.userName,
      CreateTime: formatInZone(c.createdAt, tz),
      ExpireTime: formatInZone(c.expireAt, tz),
      SentTime: fmt(c.sentAt),
      DoneTime: fmt(c.doneAt),
    }));
  }
}

/** What a stored payload shows as Params: its params object, or { text } for text commands. */
export function commandParams(payload: unknown): Record<string, string | number | boolean> {
  if (typeof payload !== 'object' || payload === null) return {};
  const p = payload as { params?: unknown; text?: unknown };
  const out: Record<string, string | number | boolean> = {};
  if (typeof p.params === 'object' && p.params !== null)
    for (const [k, v] of Object.entries(p.params))
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = v;
  if (typeof p.text === 'string') out.text = p.text;
  return out;
}
