import type { DecodedMessage } from '@lodestar/protocols';
import type { EncodedCommand, ProtocolChannel, SentCommand } from './channels/index.ts';
import { errorText } from './context.ts';
import type { ResolvedOptions } from './options.ts';
import type { PendingCommand } from './ports.ts';
import type { GatewayStats } from './stats.ts';

/** A live device connection as the dispatcher sees it. */
export interface CommandLink {
  encodeCommand(command: PendingCommand): EncodedCommand;
  write(bytes: Buffer): boolean;
  answerTo: ProtocolChannel['answerTo'];
}

/**
 * Command delivery: queued → sent (written to the device's live connection) → acknowledged when the device
 * answers, or failed ('timeout', 'unsupported …', the terminal's error). A device asleep gets its queue when it
 * next identifies itself; nothing past its expiry or cancelled is written (the store's markSent decides at send
 * time). Work for one device is serialised.
 */
export class CommandDispatcher {
  private readonly links = new Map<string, CommandLink>();
  private readonly inFlight = new Map<string, SentCommand[]>();
  private readonly queues = new Map<string, Promise<void>>();
  private closed = false;

  constructor(
    private readonly opts: ResolvedOptions,
    private readonly stats: GatewayStats,
  ) {}

  /** A device identified itself on this link: it becomes the device's route, and its queue is sent. */
  attach(deviceId: string, link: CommandLink): void {
    this.links.set(deviceId, link);
    this.notify(deviceId);
  }

  detach(deviceId: string, link: CommandLink): void {
    if (this.links.get(deviceId) === link) this.links.delete(deviceId);
  }

  isAttached(deviceId: string): boolean {
    return this.links.has(deviceId);
  }

  /** New commands may be pending for this device (the server calls this after queueing one). */
  notify(deviceId: string): void {
    if (this.closed || !this.links.has(deviceId)) return;
    const next = (this.queues.get(deviceId) ?? Promise.resolve())
      .then(() => this.deliver(deviceId))
      .catch((err) => this.opts.log('warn', 'command delivery failed', { deviceId, error: errorText(err) }));
    this.queues.set(deviceId, next);
    void next.then(() => {
      if (this.queues.get(deviceId) === next) this.queues.delete(deviceId);
    });
  }

  /** Every decoded message of a device passes here so that command answers are recognised. */
  onMessage(deviceId: string, message: DecodedMessage, link: CommandLink): void {
    const sent = this.inFlight.get(deviceId);
    if (!sent || sent.length === 0) return;
    const answer = link.answerTo(message, sent);
    if (!answer) return;
    this.settle(deviceId, answer.sent);
    const at = this.opts.now();
    if (answer.ok) {
      this.stats.commandsAcknowledged++;
      this.store(this.opts.commands.markAcknowledged(answer.sent.command.id, at, answer.result));
    } else {
      this.stats.commandsFailed++;
      this.store(this.opts.commands.markFailed(answer.sent.command.id, at, answer.result ?? 'device refused'));
    }
  }

  close(): void {
    this.closed = true;
    for (const list of this.inFlight.values()) for (const s of list) clearTimeout(s.timer);
    this.inFlight.clear();
  }

  private async deliver(deviceId: string): Promise<void> {
    const link = this.links.get(deviceId);
    if (!link) return;
    const pending = await this.opts.commands.pendingFor(deviceId);
    const busy = new Set((this.inFlight.get(deviceId) ?? []).map((s) => s.command.id));
    for (const command of pending) {
      if (busy.has(command.id) || this.closed || this.links.get(deviceId) !== link) continue;
      const at = this.opts.now();
      // The store read it unexpired, but a device that reconnects after its expiry must never act on it.
      if (command.expireAt && command.expireAt.getTime() <= at.getTime()) continue;
      const encoded = link.encodeCommand(command);
      if ('unsupported' in encoded) {
        this.stats.commandsFailed++;
        await this.opts.commands.markFailed(command.id, at, encoded.unsupported);
        continue;
      }
      // Marked sent before the write, so a fast answer can never be recorded before the "sent" state; refused
      // when it was cancelled or expired meanwhile, and then never written.
      if (!(await this.opts.commands.markSent(command.id, at))) continue;
      const sent: SentCommand = { command, key: encoded.key, sentAt: at };
      sent.timer = setTimeout(() => this.expire(deviceId, sent), this.opts.commandTimeoutMs);
      sent.timer.unref();
      this.inFlight.set(deviceId, [...(this.inFlight.get(deviceId) ?? []), sent]);
      this.stats.commandsSent++;
      if (!link.write(encoded.bytes)) this.opts.log('info', 'command written to a closing connection', { deviceId });
    }
  }

  private expire(deviceId: string, sent: SentCommand): void {
    if (!this.settle(deviceId, sent)) return;
    this.stats.commandsFailed++;
    this.store(this.opts.commands.markFailed(sent.command.id, this.opts.now(), 'timeout'));
  }

  private settle(deviceId: string, sent: SentCommand): boolean {
    const list = this.inFlight.get(deviceId) ?? [];
    const rest = list.filter((s) => s !== sent);
    if (rest.length === list.length) return false;
    clearTimeout(sent.timer);
    if (rest.length > 0) this.inFlight.set(deviceId, rest);
    else this.inFlight.delete(deviceId);
    return true;
  }

  private store(p: Promise<void>): void {
    p.catch((err) => this.opts.log('warn', 'command store update failed', { error: errorText(err) }));
  }
}
