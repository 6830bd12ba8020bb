import type { MediaEvent, MediaMessage, Position } from '@lodestar/protocols';
import { errorText, type GatewayContext } from './context.ts';

/** How the assembler reaches its terminal: the channel's 0x8800 and the connection's write. */
export interface MediaLink {
  reply(mediaId: number, missing: readonly number[]): Buffer | undefined;
  write(bytes: Buffer): boolean;
}

interface Upload {
  total: number;
  parts: (Buffer | undefined)[];
  received: number;
  bytes: number;
  head?: MediaEvent & { position: Position };
  /** From the first packet, or else the 0x0800 that announced the upload (needed to ask for a lost first packet). */
  mediaId?: number;
  /** 0x8800 requests since the last new packet. */
  asked: number;
  timer?: NodeJS.Timeout;
}

const JPEG_START = 0xffd8;
const JPEG_END = 0xffd9;

/**
 * One connection's multimedia uploads (JT/T 808 0x0801 packets): gathered per device (a terminal sends one upload
 * at a time, so a packet of another total or id starts a new one), bounded per device and per gateway, missing
 * packets asked for again with 0x8800 after the last one or after a quiet spell, then given up. The whole is
 * checked as a JPEG and handed to the PhotoSink; the terminal gets its 0x8800 only once the sink made it durable.
 */
export class MediaAssembler {
  private readonly uploads = new Map<string, Upload>();
  private readonly announced = new Map<string, number>();
  /** Per device, the packet total of an upload given up: its later packets are ignored until a new first packet. */
  private readonly givenUp = new Map<string, number>();
  private closed = false;

  constructor(
    private readonly gw: GatewayContext,
    private readonly link: MediaLink,
  ) {}

  /** Bytes this connection holds. */
  get bytes(): number {
    let n = 0;
    for (const u of this.uploads.values()) n += u.bytes;
    return n;
  }

  async accept(deviceId: string, media: MediaMessage): Promise<void> {
    if (this.closed) return;
    if (media.kind === 'event') {
      this.announced.set(deviceId, media.event.mediaId);
      return;
    }
    if (media.head) this.givenUp.delete(deviceId);
    else if (this.givenUp.get(deviceId) === media.total && !this.uploads.has(deviceId)) return;
    let u = this.uploads.get(deviceId);
    if (u && (u.total !== media.total || (media.head && u.mediaId !== undefined && u.mediaId !== media.head.mediaId))) {
      this.drop(deviceId, u, 'a new upload began before this one was whole');
      u = undefined;
    }
    if (!u) {
      u = { total: media.total, parts: new Array(media.total), received: 0, bytes: 0, asked: 0 };
      u.mediaId = this.announced.get(deviceId);
      this.uploads.set(deviceId, u);
    }
    if (media.head) {
      u.head = media.head;
      u.mediaId = media.head.mediaId;
    }
    const at = media.index - 1;
    if (u.parts[at] === undefined) {
      const { maxBytesPerDevice, maxBytes } = this.gw.opts.media;
      if (u.bytes + media.data.length > maxBytesPerDevice) return this.drop(deviceId, u, 'over the per-device cap');
      if (this.gw.stats.mediaBytes + media.data.length > maxBytes)
        return this.drop(deviceId, u, 'over the gateway cap');
      u.parts[at] = media.data;
      u.received++;
      u.bytes += media.data.length;
      this.gw.stats.mediaBytes += media.data.length;
      u.asked = 0;
    }
    if (u.received === u.total) return this.finish(deviceId, u);
    // The last packet came and some are missing: ask for them now rather than after the quiet spell.
    if (media.index === u.total) this.ask(deviceId, u);
    this.arm(deviceId, u);
  }

  /** The connection closed: every upload's memory is freed and no timer is left. */
  close(): void {
    this.closed = true;
    for (const [deviceId, u] of this.uploads) this.release(deviceId, u);
    this.announced.clear();
    this.givenUp.clear();
  }

  private arm(deviceId: string, u: Upload): void {
    clearTimeout(u.timer);
    u.timer = setTimeout(() => {
      if (this.uploads.get(deviceId) !== u) return;
      if (u.asked >= this.gw.opts.media.maxResends) return this.drop(deviceId, u, 'packets never came');
      this.ask(deviceId, u);
      this.arm(deviceId, u);
    }, this.gw.opts.media.resendAfterMs);
    u.timer.unref?.();
  }

  private ask(deviceId: string, u: Upload): void {
    if (u.mediaId === undefined) return; // the id came in the lost first packet and no 0x0800 named it
    const missing: number[] = [];
    for (let i = 0; i < u.total; i++) if (u.parts[i] === undefined) missing.push(i + 1);
    const bytes = this.link.reply(u.mediaId, missing);
    if (!bytes) return;
    u.asked++;
    this.gw.stats.mediaResendRequests++;
    this.gw.opts.log('debug', 'multimedia packets asked again', {
      deviceId,
      mediaId: u.mediaId,
      missing: missing.length,
    });
    this.link.write(bytes);
  }

  private async finish(deviceId: string, u: Upload): Promise<void> {
    const { head } = u;
    const data = Buffer.concat(u.parts as Buffer[], u.bytes);
    this.release(deviceId, u);
    if (this.announced.get(deviceId) === head?.mediaId) this.announced.delete(deviceId);
    if (!head) return; // cannot happen: every packet arrived, the first with its header
    const all = () => {
      const reply = this.link.reply(head.mediaId, []);
      if (reply) this.link.write(reply);
    };
    const sink = this.gw.opts.photos;
    if (!sink || head.type !== 0 || head.format !== 0 || !isJpeg(data)) {
      // Answered all the same: asking again would bring the same bytes.
      this.gw.stats.photosDropped++;
      this.gw.opts.log('info', 'multimedia upload not stored', {
        deviceId,
        mediaId: head.mediaId,
        reason: !sink ? 'no photo sink' : isJpeg(data) ? `type ${head.type} format ${head.format}` : 'not a JPEG',
      });
      return all();
    }
    const p = head.position;
    const fixed = p.valid && Number.isFinite(p.lat) && Number.isFinite(p.lon);
    try {
      await sink.store({
        deviceId,
        multimediaId: head.mediaId,
        channel: head.channel,
        event: head.event,
        at: Number.isNaN(p.fixTime.getTime()) ? this.gw.opts.now() : p.fixTime,
        lat: fixed ? p.lat : null,
        lng: fixed ? p.lon : null,
        bytes: data,
      });
    } catch (err) {
      // Not answered: the terminal uploads it again.
      this.gw.stats.photosDropped++;
      this.gw.opts.log('warn', 'photo not stored', { deviceId, mediaId: head.mediaId, error: errorText(err) });
      return;
    }
    this.gw.stats.photosStored++;
    all();
  }

  private drop(deviceId: string, u: Upload, reason: string): void {
    this.release(deviceId, u);
    this.givenUp.set(deviceId, u.total);
    this.gw.stats.photosDropped++;
    this.gw.opts.log('info', 'multimedia upload given up', { deviceId, mediaId: u.mediaId, reason });
  }

  private release(deviceId: string, u: Upload): void {
    clearTimeout(u.timer);
    this.gw.stats.mediaBytes -= u.bytes;
    u.bytes = 0;
    u.parts = [];
    if (this.uploads.get(deviceId) === u) this.uploads.delete(deviceId);
  }
}

/** SOI at the start, EOI at the end (JPEG, ISO/IEC 10918-1 B.2.1). */
export function isJpeg(b: Buffer): boolean {
  return b.length >= 4 && b.readUInt16BE(0) === JPEG_START && b.readUInt16BE(b.length - 2) === JPEG_END;
}
