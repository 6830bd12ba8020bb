import {
  decodeMediaReply,
  encodeJt808,
  encodeMediaEvent,
  encodeMediaUpload,
  type Jt808Target,
} from '@lodestar/protocols';
import { cameraJpeg } from '../camera-jpeg.ts';
import type { SimFix } from '../route.ts';
import type { DialectEvent } from './types.ts';

export interface CameraOptions {
  /** Bytes of each photo (a real JPEG grown with comment segments). Default 20 KB. */
  photoBytes?: number;
  /** Body bytes per 0x0801 packet (at most 1023). Default 1000. */
  packetBytes?: number;
  /** This packet (1-based) is not sent the first time, so the platform must ask again with 0x8800. */
  dropPacket?: number;
  /** Shots a 0x8801 may ask for that the camera takes (a demo need not upload 65,535 photos). Default 5. */
  maxShots?: number;
  /** Called with each photo once the platform said (0x8800, empty list) it has every packet. */
  onStored?: (photo: { mediaId: number; bytes: Buffer }) => void;
}

/**
 * The simulated terminal's camera (JT/T 808-2019 §8.57-8.62): 0x8801 is answered with 0x0805 (its multimedia ids),
 * then each photo is announced (0x0800) and uploaded (0x0801 in packets, one of them dropped on request); 0x8800
 * naming packets sends them again, an empty 0x8800 closes the upload.
 */
export class Jt808Camera {
  private mediaId = 0;
  private readonly uploads = new Map<number, { frames: Buffer[]; bytes: Buffer }>();
  private fix: SimFix | undefined;

  constructor(
    private readonly t: Jt808Target,
    private readonly next: () => number,
    private readonly o: CameraOptions = {},
  ) {}

  /** The last position reported, for the location each upload carries. */
  saw(fix: SimFix): void {
    this.fix = fix;
  }

  /** Uploads the platform has not confirmed yet. */
  get open(): number {
    return this.uploads.size;
  }

  /** The camera's answer to a platform frame, or undefined when the frame is not the camera's. */
  onFrame(msgId: number, serial: number, body: Buffer): DialectEvent[] | undefined {
    if (msgId === 0x8801) return this.shoot(serial, body);
    if (msgId === 0x8800) return this.resend(body);
    return undefined;
  }

  private shoot(serial: number, body: Buffer): DialectEvent[] {
    const shots = body.length >= 3 ? body.readUInt16BE(1) : 0;
    const channel = body[0] ?? 1;
    // 0 stops shooting, 0xFFFF records video: neither uploads a photo here.
    const count = shots === 0 || shots === 0xffff ? 0 : Math.min(shots, this.o.maxShots ?? 5);
    const ids = Array.from({ length: count }, () => ++this.mediaId);
    const answer = Buffer.alloc(5 + 4 * ids.length);
    answer.writeUInt16BE(serial, 0);
    answer.writeUInt8(0, 2); // table 82: 0 success
    answer.writeUInt16BE(ids.length, 3);
    ids.forEach((id, i) => {
      answer.writeUInt32BE(id, 5 + 4 * i);
    });
    const events: DialectEvent[] = [{ type: 'send', bytes: encodeJt808(0x0805, this.t, this.next(), answer) }];
    for (const mediaId of ids) events.push(...this.upload(mediaId, channel, 0));
    return events;
  }

  /** Announce and upload one photo; `event` 0 platform command, 2 robbery alarm, … (table 83). */
  upload(mediaId: number, channel: number, event: number): DialectEvent[] {
    const e = { mediaId, type: 0, format: 0, event, channel };
    const bytes = cameraJpeg(this.o.photoBytes ?? 20 * 1024, mediaId);
    const packetBytes = this.o.packetBytes ?? 1000;
    const packets = Math.ceil((bytes.length + 36) / packetBytes);
    const first = this.next();
    for (let i = 1; i < packets; i++) this.next();
    const frames = encodeMediaUpload(this.t, first, e, this.location(), bytes, packetBytes);
    this.uploads.set(mediaId, { frames, bytes });
    const out: DialectEvent[] = [{ type: 'send', bytes: encodeMediaEvent(this.t, this.next(), e) }];
    frames.forEach((f, i) => {
      if (i + 1 !== this.o.dropPacket) out.push({ type: 'send', bytes: f });
    });
    return out;
  }

  private resend(body: Buffer): DialectEvent[] {
    const { mediaId, missing } = decodeMediaReply(body);
    const upload = this.uploads.get(mediaId);
    if (!upload) return [];
    if (missing.length === 0) {
      this.uploads.delete(mediaId);
      this.o.onStored?.({ mediaId, bytes: upload.bytes });
      return [];
    }
    return missing
      .map((n) => upload.frames[n - 1])
      .filter((f): f is Buffer => f !== undefined)
      .map((bytes) => ({ type: 'send', bytes }));
  }

  /** The 28-byte location basic information (table 23) of the last fix, or an unfixed one now. */
  private location(): Buffer {
    const b = Buffer.alloc(28);
    const fix = this.fix;
    const time = fix?.time ?? new Date();
    if (fix) {
      b.writeUInt32BE(0x02 | (fix.lat < 0 ? 0x04 : 0) | (fix.lon < 0 ? 0x08 : 0), 4);
      b.writeUInt32BE(Math.round(Math.abs(fix.lat) * 1e6), 8);
      b.writeUInt32BE(Math.round(Math.abs(fix.lon) * 1e6), 12);
      b.writeInt16BE(fix.altitude, 16);
      b.writeUInt16BE(Math.round(fix.speedKmh * 10), 18);
      b.writeUInt16BE(fix.course, 20);
    }
    const beijing = new Date(time.getTime() + 8 * 3600_000);
    const parts = [
      beijing.getUTCFullYear() % 100,
      beijing.getUTCMonth() + 1,
      beijing.getUTCDate(),
      beijing.getUTCHours(),
      beijing.getUTCMinutes(),
      beijing.getUTCSeconds(),
    ];
    Buffer.from(parts.map((n) => String(n).padStart(2, '0')).join(''), 'hex').copy(b, 22);
    return b;
  }
}
