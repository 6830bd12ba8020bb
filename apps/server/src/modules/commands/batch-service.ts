import type {
  Batch,
  BatchCounts,
  BatchRow,
  CancelCommandInput,
  RetryBatchInput,
  SendBatchInput,
} from '@lodestar/contract/commands';
import { COMMAND_EXPIRY, COMMAND_STATUSES, type CommandStatus, commandTypeDef } from '@lodestar/domain';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import { formatInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { checkCommand, checkPassword, commandPayload, mayUse, refusalFor } from './checks.ts';
import { ROW_REASONS } from './messages.ts';
import type { CommandRepository, NewCommand } from './repository.ts';
import { type CommandService, commandParams, todayIn } from './service.ts';

/** Rows failed for a reason a retry cannot change: they stay failed. */
const FINAL_REASONS = [ROW_REASONS.unsupported, ROW_REASONS.vipExpired, ROW_REASONS.noSim];

/**
 * Batches (function 78): one command to up to 1,000 devices, each device a row the progress table follows.
 * Devices that cannot take it get a row failed with the reason, so the table shows every device chosen.
 */
export class BatchService {
  constructor(
    private readonly repo: CommandRepository,
    private readonly commands: CommandService,
    private readonly notify: (deviceId: string) => void,
  ) {}

  async send(auth: AuthContext, input: SendBatchInput): Promise<{ BatchID: number; Count: number }> {
    const checked = checkCommand(auth, input);
    const devices = await this.commands.targets(auth, input);
    if (checked.def.immobiliser) await checkPassword(this.repo, auth, input.Password);
    const BatchID = await this.repo.insertBatch({
      holdId: auth.holdId,
      kind: 'command',
      type: checked.def.type,
      params: checked.params,
      createdBy: auth.userId,
      expireAt: checked.expireAt,
    });
    const today = todayIn(auth.timeZone);
    const payload = commandPayload(checked.params);
    const rows: NewCommand[] = devices.map((d) => {
      const refused = refusalFor(checked.def, d, today);
      return {
        devicePk: d.pk,
        type: checked.def.type,
        payload,
        createdBy: auth.userId,
        expireAt: checked.expireAt,
        batchId: BatchID,
        ...(refused ? { status: 'failed' as const, result: refused } : {}),
      };
    });
    await this.repo.insertMany(rows);
    devices.forEach((d, i) => {
      if (rows[i]!.status === undefined) this.notify(d.deviceId);
    });
    return { BatchID, Count: devices.length };
  }

  /** The batch and every device's row; another hold's BatchID answers like a missing one. */
  async get(auth: AuthContext, batchId: number): Promise<Batch> {
    const head = await this.repo.batch(batchId);
    assertInSubtree(auth.holdPath, head);
    const tz = auth.timeZone;
    const fmt = (d: Date | null) => (d ? formatInZone(d, tz) : null);
    const Counts = Object.fromEntries(COMMAND_STATUSES.map((s) => [s, 0])) as BatchCounts;
    const Rows: BatchRow[] = (await this.repo.batchRows(batchId)).map((r) => {
      Counts[r.status as CommandStatus]++;
      return {
        CommandID: r.id,
        DeviceID: r.deviceId,
        DeviceName: r.deviceName,
        Plate: r.plate,
        Status: r.status as CommandStatus,
        Result: r.result,
        SentTime: fmt(r.sentAt),
        DoneTime: fmt(r.doneAt),
      };
    });
    return {
      BatchID: head!.id,
      Kind: head!.kind,
      Type: head!.type,
      Params: commandParams({ params: head!.params }),
      UserName: head!.userName,
      CreateTime: formatInZone(head!.createdAt, tz),
      ExpireTime: formatInZone(head!.expireAt, tz),
      Counts,
      Rows,
    };
  }

  /**
   * One queued command, or every queued command of a batch. The gateway never writes a cancelled command: its
   * "sent" update is conditional on the row still being queued, so a cancel made here wins over any queue the
   * gateway has already read, in this process or another.
   */
  async cancel(auth: AuthContext, input: CancelCommandInput): Promise<{ Cancelled: number }> {
    if (input.CommandID !== undefined) {
      const c = await this.repo.commandWithHold(input.CommandID);
      assertInSubtree(auth.holdPath, c);
      if (c!.status !== 'queued') throw badRequest('commandNotQueued', c!.status);
      return { Cancelled: (await this.repo.cancel({ commandId: c!.id })).length };
    }
    if (input.BatchID !== undefined) {
      const head = await this.repo.batch(input.BatchID);
      assertInSubtree(auth.holdPath, head);
      return { Cancelled: (await this.repo.cancel({ batchId: head!.id })).length };
    }
    throw badRequest('selectTargetData');
  }

  /** The failed and expired rows queued again with a fresh expiry (those that cannot take it stay failed). */
  async retry(auth: AuthContext, input: RetryBatchInput): Promise<{ Retried: number }> {
    const head = await this.repo.batch(input.BatchID);
    assertInSubtree(auth.holdPath, head);
    const def = commandTypeDef(head!.type);
    if (def && !mayUse(auth, def)) throw forbidden();
    if (def?.immobiliser) await checkPassword(this.repo, auth, input.Password);
    const minutes = input.ExpireMinutes ?? COMMAND_EXPIRY.defaultMinutes;
    const devices = await this.repo.retry(head!.id, new Date(Date.now() + minutes * 60_000), FINAL_REASONS);
    for (const d of new Set(devices)) this.notify(d);
    return { Retried: devices.length };
  }
}
