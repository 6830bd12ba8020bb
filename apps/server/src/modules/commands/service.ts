import { type CommandStatus, Fn } from '@lodestar/domain';
import { forbidden } from '../../lib/errors.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import { formatInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { DeviceRepository } from '../devices/repository.ts';
import type { CommandRepository } from './repository.ts';

const IMMOBILISER_TYPES: ReadonlySet<string> = new Set(['engineStop', 'engineResume']);

export interface SendCommandInput {
  DeviceID: string;
  Type: string;
  Text?: string | undefined;
  Params?: Record<string, string | number | boolean> | undefined;
}

/**
 * Commands down to devices: queued here as pending, delivered by the gateway while the device is
 * connected. `notify` tells the gateway a device has something waiting.
 */
export class CommandService {
  constructor(
    private readonly commands: CommandRepository,
    private readonly devices: DeviceRepository,
    private readonly notify: (deviceId: string) => void,
  ) {}

  /** Queues a command for a device already checked against the caller, and tells the gateway. */
  async queue(
    device: { pk: number; deviceId: string },
    type: string,
    payload: Record<string, unknown>,
    userId: number,
  ): Promise<number> {
    const id = await this.commands.insert({ devicePk: device.pk, type, payload, createdBy: userId });
    this.notify(device.deviceId);
    return id;
  }

  async send(auth: AuthContext, input: SendCommandInput): Promise<{ CommandID: number }> {
    // Cutting or restoring fuel/power is lock/unlock (function 83) whichever call queues it.
    if (IMMOBILISER_TYPES.has(input.Type) && !auth.funs.has(Fn.lockUnlock)) throw forbidden();
    const device = await this.devices.findByDeviceId(input.DeviceID);
    assertInSubtree(auth.holdPath, device);
    const payload: Record<string, unknown> = {};
    if (input.Text !== undefined) payload.text = input.Text;
    if (input.Params !== undefined) payload.params = input.Params;
    const id = await this.queue({ pk: device!.id, deviceId: device!.deviceId }, input.Type, payload, auth.userId);
    return { CommandID: id };
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
function commandParams(payload: unknown): Record<string, string | number | boolean> {
  if (typeof payload !== 'object' || payload === null) return {};
  const p = payload as { params?: unknown; text?: unknown };
  const out: Record<string, string | number | boolean> = {};
  if (typeof p.params === 'object' && p.params !== null)
    for (const [k, v] of Object.entries(p.params))
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = v;
  if (typeof p.text === 'string') out.text = p.text;
  return out;
}
