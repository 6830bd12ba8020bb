import { type DecodedMessage, hasDeviceIdForm, normaliseDeviceId } from '@lodestar/protocols';
import type { ProtocolChannel } from './channels/index.ts';
import type { CommandLink } from './commands.ts';
import { carriesData, errorText, type GatewayContext, toRecord } from './context.ts';
import { MediaAssembler } from './media.ts';
import type { PendingCommand } from './ports.ts';

/** How a connection reaches its device: a TCP socket, or a UDP peer address. */
export interface Transport {
  readonly remoteAddress: string;
  /** False when the transport is already closed (the bytes are dropped). */
  write(bytes: Buffer): boolean;
  /** Flush what was written, then close. */
  end(): void;
  /** Close at once (a fault in this connection's handling). */
  destroy(): void;
  /** A registered device identified itself on this connection (it is no longer timed out or capped as unknown). */
  identified(): void;
  /**
   * The connection sent a well-formed id and waits for the directory to say whether it is registered (true), or
   * the answer came (false). While it waits it is not closed to make room for a newcomer: in a reconnect storm
   * behind one carrier-NAT address, lookups take seconds and a tracker that already logged in would otherwise be
   * closed by the trackers arriving after it. The unidentified timeout still applies.
   */
  lookingUp?(waiting: boolean): void;
}

/** An unidentified connection sending this much garbage is not a tracker. */
const MAX_GARBAGE_BEFORE_LOGIN = 8 * 1024;

/**
 * One device connection. Frames are handled strictly in order (one promise chain), so a device's messages are
 * stored and answered in the order it sent them. Rule: a reply that acknowledges data is written only after
 * `sink.persist` resolved for it; when persist rejects, that reply is withheld and the device resends.
 */
export class DeviceConnection implements CommandLink {
  deviceId?: string;
  private readonly known = new Set<string>();
  private chain: Promise<void> = Promise.resolve();
  /** The batch queued behind the one in progress, not started yet. */
  private next: Buffer[] | undefined;
  private closed = false;
  private attached = false;
  /** The last id a frame carried and its normalised form (a connection's frames nearly always carry one id). */
  private sentId: string | undefined;
  private normalisedId = '';
  /** Multimedia uploads in progress (JT/T 808), made on the first packet. */
  private media?: MediaAssembler;

  constructor(
    private readonly gw: GatewayContext,
    private readonly channel: ProtocolChannel,
    private readonly transport: Transport,
  ) {}

  /** Frames waiting for the batch in progress to finish. */
  get queuedFrames(): number {
    return this.next?.length ?? 0;
  }

  /** Bytes from the wire. Resolves (never rejects) once they are handled. */
  receive(chunk: Buffer): Promise<void> {
    try {
      const { splitter } = this.channel;
      const discarded = splitter.discarded;
      const frames = splitter.push(chunk);
      this.gw.stats.garbageBytes += splitter.discarded - discarded;
      if (this.deviceId === undefined && splitter.discarded > MAX_GARBAGE_BEFORE_LOGIN) {
        this.gw.opts.log('info', 'closing a connection that sends no frames', this.fields());
        this.transport.destroy();
        return this.chain;
      }
      if (frames.length > 0) {
        // Frames that arrive while a batch is being stored join the next batch (one persist for them all)
        // until that batch starts; the transport stops reading once `queuedFrames` is large.
        if (this.next) for (const f of frames) this.next.push(f);
        else {
          const batch = frames;
          this.next = batch;
          this.chain = this.chain
            .then(() => {
              if (this.next === batch) this.next = undefined;
              return this.handle(batch);
            })
            .catch((err) => this.fail(err));
        }
      }
    } catch (err) {
      this.fail(err);
    }
    return this.chain;
  }

  /** The transport closed. */
  transportClosed(): void {
    if (this.closed) return;
    this.closed = true;
    this.media?.close();
    if (this.deviceId === undefined) return;
    if (this.attached) this.gw.dispatcher.detach(this.deviceId, this);
    try {
      this.gw.opts.directory.disconnected({
        protocol: this.channel.protocol,
        deviceId: this.deviceId,
        at: this.gw.opts.now(),
      });
    } catch (err) {
      this.gw.opts.log('warn', 'directory.disconnected failed', { ...this.fields(), error: errorText(err) });
    }
  }

  write(bytes: Buffer): boolean {
    return !this.closed && this.transport.write(bytes);
  }

  encodeCommand(command: PendingCommand) {
    return this.channel.encodeCommand(command, command.deviceId);
  }

  answerTo: CommandLink['answerTo'] = (message, sent) => this.channel.answerTo(message, sent);

  private async handle(frames: Buffer[]): Promise<void> {
    const { stats } = this.gw;
    const accepted: DecodedMessage[] = [];
    let refused: { message: DecodedMessage; frame: Buffer } | undefined;
    for (const frame of frames) {
      if (this.closed) return;
      const message = this.channel.decode(frame);
      if (message.error !== undefined) {
        stats.malformedFrames++;
        this.gw.opts.log('debug', 'malformed frame', { ...this.fields(), error: message.error });
        continue;
      }
      stats.framesDecoded++;
      if (message.crcValid === false) stats.badCrcFrames++;
      if (!message.deviceId) continue; // e.g. a Teltonika keep-alive before the IMEI
      message.deviceId = this.normalised(message.deviceId);
      if (!(await this.isKnown(message.deviceId))) {
        refused = { message, frame };
        break;
      }
      accepted.push(message);
    }
    await this.store(accepted);
    // Commands go out only after the login ACK, which store() just wrote.
    if (this.deviceId !== undefined && !this.attached && !this.closed) {
      this.attached = true;
      this.gw.dispatcher.attach(this.deviceId, this);
    }
    if (refused) await this.refuse(refused.message, refused.frame);
  }

  /** One persist for the batch, then the replies in order; data replies only if the batch is durable. */
  private async store(messages: DecodedMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const { opts, stats } = this.gw;
    const receivedAt = opts.now();
    for (const m of messages) this.gw.dispatcher.onMessage(m.deviceId as string, m, this);
    const records = messages
      .filter((m) => m.kind !== 'unknown')
      .map((m) => toRecord(this.channel.protocol, m.deviceId as string, this.transport.remoteAddress, receivedAt, m));
    let durable = true;
    if (records.length > 0) {
      try {
        await opts.sink.persist(records);
        for (const r of records) stats.positionsPersisted += r.message.positions.length;
      } catch (err) {
        durable = false;
        stats.persistFailures++;
        opts.log('warn', 'persist failed; acknowledgements withheld', { ...this.fields(), error: errorText(err) });
      }
    }
    for (const m of messages) {
      if (!m.reply) continue;
      if (!durable && carriesData(m)) stats.acksWithheld++;
      else if (this.write(m.reply)) stats.acksSent++;
    }
    for (const m of messages) if (m.media && !this.closed) await this.gatherMedia(m.deviceId as string, m.media);
  }

  private gatherMedia(deviceId: string, media: NonNullable<DecodedMessage['media']>): Promise<void> {
    if (!this.channel.mediaReply) return Promise.resolve();
    this.media ??= new MediaAssembler(this.gw, {
      reply: (mediaId, missing) => this.channel.mediaReply?.(mediaId, missing),
      write: (bytes) => this.write(bytes),
    });
    return this.media.accept(deviceId, media);
  }

  /** The id the device is registered under (normaliseDeviceId: the server applies the same rule on registration). */
  private normalised(sent: string): string {
    if (sent !== this.sentId) {
      this.sentId = sent;
      this.normalisedId = normaliseDeviceId(this.channel.protocol, sent);
    }
    return this.normalisedId;
  }

  private async isKnown(deviceId: string): Promise<boolean> {
    if (this.known.has(deviceId)) return true;
    const first = this.deviceId === undefined;
    if (first) this.transport.lookingUp?.(true);
    let known: boolean;
    try {
      known = await this.gw.opts.directory.isKnown(this.channel.protocol, deviceId);
    } finally {
      // Identified below or not known: either way its place in the limiter is settled again.
      if (first) this.transport.lookingUp?.(false);
    }
    if (!known) return false;
    this.known.add(deviceId);
    if (this.deviceId === undefined) {
      this.deviceId = deviceId;
      this.transport.identified();
      const at = this.gw.opts.now();
      const u = { protocol: this.channel.protocol, deviceId, remoteAddress: this.transport.remoteAddress, at };
      try {
        this.gw.opts.directory.connected(u);
      } catch (err) {
        this.gw.opts.log('warn', 'directory.connected failed', { deviceId, error: errorText(err) });
      }
    }
    return true;
  }

  private async refuse(message: DecodedMessage, frame: Buffer): Promise<void> {
    const { opts, stats } = this.gw;
    const deviceId = message.deviceId as string;
    stats.unknownDevicesRefused++;
    opts.log('info', 'unknown device refused', { ...this.fields(), deviceId });
    const reply = this.channel.refusal(message, frame);
    if (reply) this.write(reply);
    this.transport.end();
    // Only what a tracker could have sent is listed among the unregistered: a frame whose CRC fails, or an id
    // not of the protocol's form, is noise (or a flood of it), and would fill the table for nothing.
    if (message.crcValid === false || !hasDeviceIdForm(this.channel.protocol, deviceId)) return;
    const at = opts.now();
    await opts.directory
      .recordUnknown({ protocol: this.channel.protocol, deviceId, remoteAddress: this.transport.remoteAddress, at })
      .catch((err) => opts.log('warn', 'recordUnknown failed', { deviceId, error: errorText(err) }));
  }

  /** Any throw in this connection's handling closes this connection only. */
  private fail(err: unknown): void {
    this.gw.opts.log('warn', 'connection handler failed; closing it', { ...this.fields(), error: errorText(err) });
    this.transport.destroy();
  }

  private fields(): Record<string, unknown> {
    return { protocol: this.channel.protocol, remoteAddress: this.transport.remoteAddress, deviceId: this.deviceId };
  }
}
