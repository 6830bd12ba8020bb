import { supportsCommand } from '@lodestar/gateway';
import { badRequest, outsideHold } from '../../lib/errors.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { attributeDetail } from './detail.ts';
import type { MonitorRepository } from './monitor-repository.ts';

/** The commands the monitor queues: arm/disarm, and the immobiliser's cut and restore (lock/unlock). */
export type MonitorCommand = 'arm' | 'disarm' | 'engineStop' | 'engineResume';

export interface MonitorOptions {
  onlineTimeoutMs: number;
  /** Queues a command for a device and tells the gateway; returns the command id. */
  queueCommand: (device: { pk: number; deviceId: string }, type: MonitorCommand, userId: number) => Promise<number>;
  /** Cutting or restoring fuel or power asks for the caller's own password again (the commands module checks it). */
  checkPassword: (auth: AuthContext, password: string | undefined) => Promise<void>;
  /** Ingest's cached state must forget released alarms too. */
  releaseCached: (devicePk: number) => void;
}

/** The monitor's counts, device detail, following, alarm release and its command buttons. */
export class MonitorService {
  constructor(
    private readonly monitor: MonitorRepository,
    private readonly holds: HoldScope,
    private readonly logs: OperationLogRepository,
    private readonly options: MonitorOptions,
  ) {}

  private async device(auth: AuthContext, deviceId: string) {
    const d = await this.monitor.deviceInSubtree(deviceId, auth.holdPath);
    if (!d) throw outsideHold();
    return d;
  }

  async counts(auth: AuthContext, holdId: number | undefined) {
    const path = await this.holds.pathOf(auth, holdId);
    const judge = { userId: auth.userId, now: new Date(), onlineTimeoutMs: this.options.onlineTimeoutMs };
    return this.monitor.counts(path, judge);
  }

  async detail(auth: AuthContext, deviceId: string) {
    const d = await this.device(auth, deviceId);
    const row = await this.monitor.detail(d.pk, auth.holdPath);
    return {
      DeviceID: d.deviceId,
      Vehicle: row?.plate ? { Plate: row.plate, OwnerName: row.owner_name ?? '' } : null,
      ...attributeDetail(row?.attributes ?? null, row?.valid ?? null),
    };
  }

  async toggleFollow(auth: AuthContext, deviceId: string): Promise<{ Followed: boolean }> {
    const d = await this.device(auth, deviceId);
    return { Followed: await this.monitor.toggleFollow(auth.userId, d.pk) };
  }

  async releaseAlarm(auth: AuthContext, deviceId: string, reason: string): Promise<{ Released: number }> {
    const d = await this.device(auth, deviceId);
    const released = await this.monitor.releaseAlarms(d.pk, auth.userId, reason);
    this.options.releaseCached(d.pk);
    await this.logs.operation({
      userId: auth.userId,
      holdId: auth.holdId,
      action: 'releaseAlarm',
      detail: `${d.deviceId}: ${reason}`,
      ip: auth.ip,
    });
    return { Released: released };
  }

  /**
   * Refused at once for a protocol that cannot carry the command (spec section 8: unsupported
   * protocol) rather than queued to fail later. Cutting or restoring a vehicle's fuel or power
   * (`action`) goes into the operation log as well.
   */
  async command(
    auth: AuthContext,
    deviceId: string,
    type: MonitorCommand,
    action: string | undefined,
    password?: string,
  ): Promise<{ CommandID: number }> {
    const d = await this.device(auth, deviceId);
    if (!supportsCommand(d.protocol, type)) throw badRequest('unsupportedProtocol', d.protocol);
    if (action) await this.options.checkPassword(auth, password);
    const id = await this.options.queueCommand(d, type, auth.userId);
    if (action)
      await this.logs.operation({
        userId: auth.userId,
        holdId: auth.holdId,
        action,
        detail: `${d.deviceId} #${id}`,
        ip: auth.ip,
      });
    return { CommandID: id };
  }
}
