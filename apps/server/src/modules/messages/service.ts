import type { MessageFlags, MessageListInput, MessageRow, SendMessageInput } from '@lodestar/contract/messages';
import { COMMAND_EXPIRY, type CommandStatus, commandTypeDef, LIMITS } from '@lodestar/domain';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import { formatInZone } from '../../lib/time.ts';
import { parseTimeRange } from '../../lib/time-range.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { commandPayload, refusalFor } from '../commands/checks.ts';
import { ROW_REASONS } from '../commands/messages.ts';
import type { CommandRepository, NewCommand } from '../commands/repository.ts';
import { type CommandService, todayIn } from '../commands/service.ts';
import type { DeviceRepository } from '../devices/repository.ts';
import type { SmsProvider } from '../sms/provider.ts';
import type { MessageRepository } from './repository.ts';

/**
 * Send message (function 52): a text to devices' screens or speech, queued as 'message' commands in one
 * 'message' batch (Command/GetBatch follows it). With ViaSms, a device offline now (the monitor's rule) that
 * has a SIM number gets it as an SMS through the SMS provider instead, recorded via 'sms' with the provider's
 * answer; one without a SIM number fails.
 */
export class MessageService {
  constructor(
    private readonly repo: MessageRepository,
    private readonly commandRepo: CommandRepository,
    private readonly commands: CommandService,
    private readonly devices: DeviceRepository,
    private readonly holds: HoldScope,
    private readonly sms: SmsProvider,
    private readonly notify: (deviceId: string) => void,
  ) {}

  async send(auth: AuthContext, input: SendMessageInput): Promise<{ BatchID: number; Count: number }> {
    const def = commandTypeDef('message')!;
    const text = input.Text.trim();
    const flags = input.Flags ?? {};
    const params = {
      text,
      urgent: flags.Urgent ?? false,
      display: flags.Display ?? true,
      tts: flags.Tts ?? true,
      advert: flags.Advert ?? false,
    };
    const devices = await this.commands.targets(auth, { DeviceIDs: input.DeviceIDs });
    const expireAt = new Date(Date.now() + (input.ExpireMinutes ?? COMMAND_EXPIRY.defaultMinutes) * 60_000);
    const BatchID = await this.commandRepo.insertBatch({
      holdId: auth.holdId,
      kind: 'message',
      type: 'message',
      params,
      createdBy: auth.userId,
      expireAt,
    });
    const today = todayIn(auth.timeZone);
    const payload = commandPayload(params);
    const rows: NewCommand[] = devices.map((d) => {
      const base = { devicePk: d.pk, type: 'message', payload, createdBy: auth.userId, expireAt, batchId: BatchID };
      if (input.ViaSms && !d.online)
        return d.sim
          ? { ...base, via: 'sms' as const, status: 'sent' as const }
          : { ...base, via: 'sms' as const, status: 'failed' as const, result: ROW_REASONS.noSim };
      const refused = refusalFor(def, d, today);
      return refused ? { ...base, status: 'failed' as const, result: refused } : base;
    });
    const ids = await this.commandRepo.insertMany(rows);
    const texts: Promise<void>[] = [];
    devices.forEach((d, i) => {
      const row = rows[i]!;
      if (row.via === 'sms' && row.status === 'sent') texts.push(this.text(ids[i]!, d.sim, text));
      else if (row.status === undefined) this.notify(d.deviceId);
    });
    await Promise.all(texts);
    return { BatchID, Count: devices.length };
  }

  /** One SMS; its row says what the provider answered (its id, or why it refused). */
  private async text(id: number, phone: string, text: string): Promise<void> {
    try {
      const answer = await this.sms.sendText(phone, text, String(id));
      await this.repo.setSmsOutcome(id, true, answer.providerMessageId ?? `sms ${this.sms.name}`);
    } catch (err) {
      await this.repo.setSmsOutcome(id, false, err instanceof Error ? err.message : String(err));
    }
  }

  async list(auth: AuthContext, q: MessageListInput): Promise<{ rows: MessageRow[]; total: number }> {
    const holdPath = q.HoldID !== undefined ? (await this.holds.inReach(auth, q.HoldID)).path : auth.holdPath;
    let devicePk: number | undefined;
    if (q.DeviceID) {
      const device = await this.devices.findByDeviceId(q.DeviceID);
      assertInSubtree(holdPath, device);
      devicePk = device!.id;
    }
    const { from, to } = parseTimeRange(q, auth.timeZone);
    const size = Math.min(q.PageSize ?? 20, LIMITS.pageSizeMax);
    const { rows, total } = await this.repo.list({
      holdPath,
      ...(devicePk !== undefined ? { devicePk } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      Status: q.Status,
      SortColumn: q.SortColumn,
      SortType: q.SortType,
      offset: ((q.PageIndex ?? 1) - 1) * size,
      limit: size,
    });
    const tz = auth.timeZone;
    const fmt = (d: Date | null) => (d ? formatInZone(d, tz) : null);
    return {
      total,
      rows: rows.map((r) => {
        const p = r.payload.params ?? {};
        const Flags: MessageFlags = {
          Urgent: p.urgent === true,
          Display: p.display === true,
          Tts: p.tts === true,
          Advert: p.advert === true,
        };
        return {
          MessageID: r.id,
          BatchID: r.batchId,
          DeviceID: r.deviceId,
          DeviceName: r.deviceName,
          Plate: r.plate,
          Text: typeof r.payload.text === 'string' ? r.payload.text : String(p.text ?? ''),
          Flags,
          Via: r.via,
          Status: r.status as CommandStatus,
          Result: r.result,
          UserName: r.userName,
          CreateTime: formatInZone(r.createdAt, tz),
          SentTime: fmt(r.sentAt),
          DoneTime: fmt(r.doneAt),
        };
      }),
    };
  }
}
