import { type ByteReader, isPrintable } from '../common/reader.ts';
import type { DecodedMessage, Position } from '../common/types.ts';
import { decodeIo, decodeIoX, readUnsigned } from './io.ts';

/** Codec ids (Teltonika "Codec" documentation). */
export enum TeltonikaCodec {
  Gh3000 = 0x07,
  Codec8 = 0x08,
  Codec8Ext = 0x8e,
  Codec12 = 0x0c,
  Codec13 = 0x0d,
  Codec16 = 0x10,
}

function blank(fixTime: Date): Position {
  return { fixTime, valid: false, lat: 0, lon: 0, speedKmh: 0, course: 0, alarms: [], attributes: {} };
}

/** Codec 8 / 8E / 16 AVL record: GPS element then IO groups of 1, 2, 4, 8 (and 8E variable) byte values. */
export function decodeRecord(r: ByteReader, codec: number, extended16: boolean): Position {
  const p = blank(new Date(r.u64()));
  p.attributes.priority = r.u8();
  p.lon = r.i32() / 1e7;
  p.lat = r.i32() / 1e7;
  p.altitude = r.i16();
  p.course = r.u16();
  p.satellites = r.u8();
  p.valid = p.satellites !== 0;
  p.speedKmh = r.u16();
  const wide = codec === TeltonikaCodec.Codec8Ext;
  // Counts are WORDs in 8E; IO ids are WORDs in 8E and 16, else BYTEs.
  const wideIds = wide || codec === TeltonikaCodec.Codec16;
  p.attributes.event = readSize(r, wideIds);
  if (codec === TeltonikaCodec.Codec16) p.attributes.generationType = r.u8();
  readSize(r, wide); // total IO count
  for (const size of IO_SIZES) {
    const n = readSize(r, wide);
    for (let i = 0; i < n; i++) {
      const id = readSize(r, wideIds);
      decodeIo(p, id, r.sub(size), size);
    }
  }
  if (extended16) {
    const n = readSize(r, wide);
    for (let i = 0; i < n; i++) p.attributes[`io${readSize(r, wideIds)}`] = r.hex(16);
  }
  if (wide) {
    const n = r.u16();
    for (let i = 0; i < n; i++) {
      const id = r.u16();
      decodeIoX(p, id, r.sub(r.u16()));
    }
  }
  return p;
}

/** Byte sizes of the fixed IO groups, in wire order. */
const IO_SIZES = [1, 2, 4, 8] as const;

/** A count or IO id: WORD when `wide`, else BYTE. */
function readSize(r: ByteReader, wide: boolean): number {
  return wide ? r.u16() : r.u8();
}

/** Codec 7 (GH3000): 30-bit seconds since 2007-01-01, masks select the fields present. */
export function decodeGh3000Record(r: ByteReader): Position {
  const seconds = (r.u32() & 0x3fffffff) + 1_167_609_600;
  const p = blank(new Date(seconds * 1000));
  const globalMask = r.u8();
  if (globalMask & 0x01) {
    const mask = r.u8();
    if (mask & 0x01) {
      p.lat = r.f32();
      p.lon = r.f32();
      p.valid = true;
    }
    if (mask & 0x02) p.altitude = r.u16();
    if (mask & 0x04) p.course = (r.u8() * 360) / 256;
    if (mask & 0x08) p.speedKmh = r.u8();
    if (mask & 0x10) p.satellites = r.u8();
    if (mask & 0x20) Object.assign(p.attributes, { lac: r.u16(), cellId: r.u16() });
    if (mask & 0x40) p.attributes.rssi = r.u8();
    if (mask & 0x80) p.attributes.operator = r.u32();
  }
  for (const [bit, size] of [
    [0x02, 1],
    [0x04, 2],
    [0x08, 4],
  ] as const) {
    if (!(globalMask & bit)) continue;
    const n = r.u8();
    for (let i = 0; i < n; i++) p.attributes[`io${r.u8()}`] = readUnsigned(r, size);
  }
  return p;
}

/** Codec 12 (command/response: type, size, text) and 13 (type, size, timestamp, text). */
export function decodeTextRecord(r: ByteReader, codec: number, m: DecodedMessage): void {
  const type = r.u8();
  const size = r.u32();
  if (codec === TeltonikaCodec.Codec13) {
    m.attributes.deviceTime = new Date(r.u32() * 1000).toISOString();
  }
  const data = r.bytes(Math.min(codec === TeltonikaCodec.Codec13 ? size - 4 : size, r.remaining));
  if (type === 0x0d) {
    m.attributes.camera = data.toString('hex'); // camera/photo transfer control
    return;
  }
  const text = isPrintable(data) ? data.toString('latin1').trim() : data.toString('hex');
  if (text.startsWith('GTSL')) m.attributes.driverUniqueId = text.split('|')[4] ?? '';
  else m.attributes.result = text;
}
