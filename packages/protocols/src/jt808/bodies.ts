import { gbkDecode, gbkField } from '../common/gbk.ts';
import type { ByteReader } from '../common/reader.ts';
import type { DecodedMessage } from '../common/types.ts';
import type { Jt808Header } from './frame.ts';
import { decodeLocation } from './location.ts';
import { Jt808MsgId } from './messages.ts';

/** Non-location uplink bodies. Each fills `m` from the body reader. */

/** 0x0100 register (JT/T 808-2019 table 8; 2013 and 2011 field widths differ). */
export function decodeRegister(r: ByteReader, h: Jt808Header, m: DecodedMessage): void {
  const a = m.attributes;
  // Widths of maker, model, terminal id: 2019 11/30/30, 2013 5/20/7, 2011 5/8/7 (2011 bodies are shorter).
  const widths = h.version !== undefined ? [11, 30, 30] : r.remaining < 37 ? [5, 8, 7] : [5, 20, 7];
  a.jt808Version = h.version !== undefined ? '2019' : r.remaining < 37 ? '2011' : '2013';
  a.provinceId = r.u16();
  a.cityId = r.u16();
  a.makerId = gbkField(r.bytes(widths[0] as number));
  a.terminalModel = gbkField(r.bytes(widths[1] as number));
  a.terminalId = gbkField(r.bytes(widths[2] as number));
  a.plateColor = r.u8();
  a.plateNo = gbkField(r.bytes(r.remaining));
  m.kind = 'login';
}

/** 0x0102 authentication: 2013 the whole body is the code; 2019 length, code, IMEI[15], version[20]. */
export function decodeAuth(r: ByteReader, h: Jt808Header, m: DecodedMessage): void {
  const a = m.attributes;
  if (h.version !== undefined) {
    a.authCode = gbkDecode(r.bytes(r.u8()));
    a.imei = gbkField(r.bytes(Math.min(15, r.remaining)));
    a.softwareVersion = gbkField(r.bytes(Math.min(20, r.remaining)));
  } else a.authCode = gbkDecode(r.bytes(r.remaining));
  m.kind = 'login';
}

/** 0x0704 batch (table 35): count, type (0 normal, 1 blind-area re-send), items of WORD length + 0x0200 body. */
export function decodeBatch(r: ByteReader, msgId: number, m: DecodedMessage): void {
  let blindArea = false;
  if (msgId === Jt808MsgId.LocationBatch) {
    m.attributes.count = r.u16();
    blindArea = r.u8() === 1;
    m.attributes.batchType = blindArea ? 1 : 0;
  }
  while (r.remaining > 2 || (msgId === Jt808MsgId.LocationBatch && r.remaining > 0)) {
    const length = msgId === Jt808MsgId.LocationBatchVendor ? r.u8() : r.u16();
    const p = decodeLocation(r.sub(length));
    if (blindArea) p.attributes.archive = true;
    m.positions.push(p);
  }
  m.kind = 'position';
}

/** 0x0701 e-waybill / command result: DWORD length + text; 0x1300 vendor text reply: serial + UTF-16BE. */
export function decodeTextResult(r: ByteReader, msgId: number, m: DecodedMessage): void {
  if (msgId === Jt808MsgId.CommandResponse) {
    m.attributes.result = r.ascii(Math.min(r.u32(), r.remaining));
  } else {
    r.u16(); // reply serial
    const text = Buffer.from(r.bytes(r.remaining - (r.remaining % 2)));
    m.attributes.result = text.swap16().toString('utf16le').trim();
  }
  m.kind = 'info';
}

/** 0x0001 terminal general reply (table 5): reply serial, reply id, result. */
export function decodeTerminalReply(r: ByteReader, m: DecodedMessage): void {
  m.attributes.replySerial = r.u16();
  m.attributes.replyMsgId = r.u16();
  m.attributes.result = r.u8();
  m.kind = 'info';
}
