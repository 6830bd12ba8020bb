import type { ByteReader } from '../common/reader.ts';
import type { DecodedMessage, MediaEvent } from '../common/types.ts';
import type { Jt808Header } from './frame.ts';
import { decodeLocation } from './location.ts';

/** The multimedia header of 0x0801 before the data: id, type, format, event, channel, then the location. */
export const JT808_MEDIA_HEAD_BYTES = 8 + 28;

/** 0x0800 multimedia event (JT/T 808-2013 table 80, 2019 table 83): id DWORD, type, format, event, channel BYTEs. */
export function decodeMediaEvent(r: ByteReader, m: DecodedMessage): void {
  const event = readEvent(r);
  m.media = { kind: 'event', event };
  Object.assign(m.attributes, {
    mediaId: event.mediaId,
    mediaType: event.type,
    mediaFormat: event.format,
    mediaEvent: event.event,
    channel: event.channel,
  });
  m.kind = 'info';
}

/**
 * One 0x0801 packet (2013 table 82, 2019 table 85). A long upload is split by the header's sub-package fields and
 * the body split as bytes: only packet 1 starts with the 36-byte multimedia header (its location is the 0x0200
 * basic information, 28 bytes, no additional items); the others carry data only.
 */
export function decodeMediaPacket(r: ByteReader, h: Jt808Header, m: DecodedMessage, zoneMinutes: number): void {
  const index = h.subpackage?.index ?? 1;
  const total = h.subpackage?.total ?? 1;
  if (total < 1 || index < 1 || index > total) throw new RangeError(`sub-package ${index} of ${total}`);
  if (index === 1) {
    const event = readEvent(r);
    const position = decodeLocation(r.sub(28), zoneMinutes);
    m.media = { kind: 'packet', index, total, head: { ...event, position }, data: r.bytes(r.remaining) };
    m.attributes.mediaId = event.mediaId;
  } else m.media = { kind: 'packet', index, total, data: r.bytes(r.remaining) };
  m.attributes.subpackage = `${index}/${total}`;
  // Not 'info': the packet is the gateway's to gather; nothing of it is a record until the whole photo is stored.
  m.kind = 'unknown';
}

function readEvent(r: ByteReader): MediaEvent {
  return { mediaId: r.u32(), type: r.u8(), format: r.u8(), event: r.u8(), channel: r.u8() };
}
