import {
  decodeMediaReply,
  encodeJt808,
  encodeMediaEvent,
  encodeMediaUpload,
  Jt808FrameSplitter,
  type Jt808Target,
  parseJt808Frame,
} from '@lodestar/protocols';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoredPhoto } from './ports.ts';
import { eventually, TestClient, type TestGateway, testGateway } from './testing/harness.ts';

const TERMINAL = '13912344329';
const target: Jt808Target = { phone: Buffer.from('013912344329', 'hex') };
// No alarm, status ACC + fixed, 31.234567 N 121.987654 E, 50 m, 60 km/h, 90°, 2025-11-26 18:03:01 GMT+8.
const LOCATION = Buffer.from(
  '00000000' + '00000003' + '01dc9a07' + '07456246' + '0032' + '0258' + '005a' + '251126180301',
  'hex',
);
const EVENT = { mediaId: 42, type: 0, format: 0, event: 0, channel: 2 };

/** A JPEG-shaped body: SOI, bytes including 7E and 7D (escaped on the wire), EOI. */
function jpeg(size: number): Buffer {
  const b = Buffer.alloc(size);
  for (let i = 0; i < size; i++) b[i] = (i * 31 + 7) & 0xff;
  b.writeUInt16BE(0xffd8, 0);
  b.writeUInt16BE(0xffd9, size - 2);
  return b;
}

class PhotoMemory {
  readonly photos: StoredPhoto[] = [];
  failing = false;
  async store(p: StoredPhoto): Promise<void> {
    await new Promise((r) => setImmediate(r));
    if (this.failing) throw new Error('disk full');
    this.photos.push(p);
  }
}

/** The 0x8800 answers the gateway sent so far. */
function mediaReplies(client: TestClient): { mediaId: number; missing: number[] }[] {
  return new Jt808FrameSplitter()
    .push(client.received)
    .map((f) => parseJt808Frame(f))
    .filter((f) => f?.header.msgId === 0x8800)
    .map((f) => decodeMediaReply(f?.body as Buffer));
}

let t: TestGateway;
afterEach(async () => {
  await t?.gateway.close();
});

async function start(media = {}) {
  const photos = new PhotoMemory();
  t = await testGateway([TERMINAL], { photos, media: { resendAfterMs: 100, maxResends: 2, ...media } });
  const device = await TestClient.connect(t.gateway.ports.jt808);
  return { photos, device };
}

describe('JT/T 808 photo uploads through the gateway', () => {
  it('asks again for a lost packet with 0x8800, stores the whole JPEG, then answers with an empty list', async () => {
    const { photos, device } = await start();
    const bytes = jpeg(4000);
    const frames = encodeMediaUpload(target, 100, EVENT, LOCATION, bytes, 1000);
    expect(frames).toHaveLength(5);
    device.send(encodeMediaEvent(target, 99, EVENT));
    for (const [i, f] of frames.entries()) if (i !== 2) device.send(f);
    // Right after the last packet: packet 3 is missing.
    await eventually(() => mediaReplies(device).length === 1);
    expect(mediaReplies(device)[0]).toEqual({ mediaId: 42, missing: [3] });
    expect(photos.photos).toHaveLength(0);
    device.send(frames[2] as Buffer);
    await eventually(() => mediaReplies(device).length === 2);
    expect(mediaReplies(device)[1]).toEqual({ mediaId: 42, missing: [] });
    expect(photos.photos).toHaveLength(1);
    const p = photos.photos[0] as StoredPhoto;
    expect(p.bytes.equals(bytes)).toBe(true);
    expect(p).toMatchObject({ deviceId: TERMINAL, multimediaId: 42, channel: 2, event: 0 });
    expect(p.lat).toBeCloseTo(31.234567, 6);
    expect(p.lng).toBeCloseTo(121.987654, 6);
    expect(p.at.toISOString()).toBe('2025-11-26T10:03:01.000Z');
    const stats = t.gateway.stats();
    expect(stats).toMatchObject({ photosStored: 1, mediaResendRequests: 1, mediaBytes: 0 });
    // The 0x0800 event was a record (with its 0x8001); no packet was.
    expect(t.sink.records.map((r) => r.message.messageType)).toEqual([0x0800]);
  });

  it('asks again after a quiet spell when the last packet is lost, then gives up and frees the memory', async () => {
    const { photos, device } = await start();
    const frames = encodeMediaUpload(target, 1, EVENT, LOCATION, jpeg(2500), 1000);
    for (const f of frames.slice(0, -1)) device.send(f);
    await eventually(() => mediaReplies(device).length === 2, 3000);
    expect(mediaReplies(device)).toEqual([
      { mediaId: 42, missing: [3] },
      { mediaId: 42, missing: [3] },
    ]);
    await eventually(() => t.gateway.stats().photosDropped === 1, 3000);
    expect(t.gateway.stats().mediaBytes).toBe(0);
    expect(photos.photos).toHaveLength(0);
  });

  it('asks for a lost first packet by the id its 0x0800 announced', async () => {
    const { photos, device } = await start();
    const frames = encodeMediaUpload(target, 1, EVENT, LOCATION, jpeg(2500), 1000);
    device.send(encodeMediaEvent(target, 0, EVENT));
    device.send(Buffer.concat(frames.slice(1)));
    await eventually(() => mediaReplies(device).length === 1);
    expect(mediaReplies(device)[0]).toEqual({ mediaId: 42, missing: [1] });
    device.send(frames[0] as Buffer);
    await eventually(() => photos.photos.length === 1);
  });

  it('answers but does not store an upload that is not a JPEG; a failing sink leaves it unanswered', async () => {
    const { photos, device } = await start();
    const notJpeg = Buffer.alloc(1500, 0x41);
    device.send(Buffer.concat(encodeMediaUpload(target, 1, EVENT, LOCATION, notJpeg, 1000)));
    await eventually(() => mediaReplies(device).length === 1);
    expect(mediaReplies(device)[0]).toEqual({ mediaId: 42, missing: [] });
    expect(photos.photos).toHaveLength(0);
    photos.failing = true;
    device.send(Buffer.concat(encodeMediaUpload(target, 10, { ...EVENT, mediaId: 43 }, LOCATION, jpeg(1500), 1000)));
    await eventually(() => t.gateway.stats().photosDropped === 2);
    expect(mediaReplies(device)).toHaveLength(1);
    expect(t.gateway.stats().mediaBytes).toBe(0);
  });

  it('drops an upload past the per-device cap and one past the gateway cap', async () => {
    const { photos, device } = await start({ maxBytesPerDevice: 3000, maxBytes: 3500 });
    device.send(Buffer.concat(encodeMediaUpload(target, 1, EVENT, LOCATION, jpeg(6000), 1000)));
    await eventually(() => t.gateway.stats().photosDropped >= 1);
    expect(t.gateway.stats()).toMatchObject({ photosDropped: 1, mediaBytes: 0 });
    // A second terminal's upload fits its own cap, but both together would pass the gateway's 3,500 bytes.
    const other = await TestClient.connect(t.gateway.ports.jt808);
    t.directory.add('13912340000');
    const target2 = { phone: Buffer.from('013912340000', 'hex') };
    const frames = encodeMediaUpload(target2, 1, EVENT, LOCATION, jpeg(2900), 1000);
    device.send(
      Buffer.concat(encodeMediaUpload(target, 20, { ...EVENT, mediaId: 44 }, LOCATION, jpeg(2900), 1000).slice(0, 2)),
    );
    await eventually(() => t.gateway.stats().mediaBytes === 1964);
    other.send(Buffer.concat(frames.slice(0, 2)));
    await eventually(() => t.gateway.stats().photosDropped === 2);
    // The second terminal's upload was refused and freed; the first one's 1,964 data bytes are still held.
    expect(t.gateway.stats().mediaBytes).toBe(1964);
    expect(photos.photos).toHaveLength(0);
    other.close();
  });

  it('frees a connection’s uploads when it closes and survives garbage and a truncated packet', async () => {
    const { device } = await start();
    const frames = encodeMediaUpload(target, 1, EVENT, LOCATION, jpeg(3000), 1000);
    device.send(Buffer.concat(frames.slice(0, 2)));
    await eventually(() => t.gateway.stats().mediaBytes > 0);
    device.send(Buffer.from('7e0801000601391234432900010000002a0000c27e', 'hex'));
    device.send(encodeJt808(0x0801, target, 5, Buffer.alloc(3)));
    device.send(Buffer.from([0x7e, 0x7d, 0x00, 0xff, 0x7e]));
    await eventually(() => t.gateway.stats().malformedFrames >= 2);
    expect(device.closed).toBe(false);
    device.close();
    await eventually(() => t.gateway.stats().mediaBytes === 0);
  });
});
