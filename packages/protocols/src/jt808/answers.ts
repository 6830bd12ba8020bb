import { gbkDecode, gbkField } from '../common/gbk.ts';
import type { ByteReader } from '../common/reader.ts';
import type { DecodedMessage, Position } from '../common/types.ts';
import { JT808_STRING_PARAMETERS } from './commands.ts';
import { decodeLocation } from './location.ts';

/**
 * The terminal's answers to our queries. Each leaves a short readable `result` (what the console shows as the
 * command's answer) and, where the message carries one, the `replySerial` of the command it answers.
 */

/** 0x0201 position answer (table 21): reply serial WORD, then a 0x0200 location body. */
export function decodePositionAnswer(r: ByteReader, zoneMinutes: number, m: DecodedMessage): void {
  m.attributes.replySerial = r.u16();
  const p = decodeLocation(r, zoneMinutes);
  m.positions.push(p);
  m.attributes.result = positionSummary(p);
  m.kind = 'position';
}

function positionSummary(p: Position): string {
  const at = p.fixTime.toISOString().slice(0, 19).replace('T', ' ');
  return `${p.lat.toFixed(6)},${p.lon.toFixed(6)} ${p.speedKmh} km/h ${at} UTC${p.valid ? '' : ' (no fix)'}`;
}

/** Longest result text kept: a terminal may answer with a hundred parameters. */
const RESULT_MAX = 1000;

/** 0x0104 parameters answer (table 13): reply serial WORD, count BYTE, items (id DWORD, length BYTE, value). */
export function decodeParametersAnswer(r: ByteReader, m: DecodedMessage): void {
  m.attributes.replySerial = r.u16();
  const count = r.u8();
  const parts: string[] = [];
  for (let i = 0; i < count && r.remaining >= 5; i++) {
    const id = r.u32();
    const value = r.bytes(Math.min(r.u8(), r.remaining));
    parts.push(`0x${id.toString(16).padStart(4, '0')}=${parameterText(id, value)}`);
  }
  m.attributes.parameterCount = count;
  m.attributes.result = clip(parts.join(', '));
  m.kind = 'info';
}

function parameterText(id: number, value: Buffer): string {
  if (!JT808_STRING_PARAMETERS.has(id) && (value.length === 1 || value.length === 2 || value.length === 4))
    return String(value.readUIntBE(0, value.length));
  if (JT808_STRING_PARAMETERS.has(id)) return gbkDecode(value).replace(/\0+$/, '');
  return value.toString('hex');
}

function clip(text: string): string {
  return text.length > RESULT_MAX ? `${text.slice(0, RESULT_MAX - 1)}…` : text;
}

/**
 * 0x0107 terminal attributes (2013 table 20, 2019 table 21): type WORD, maker BYTE[5] (2019 [5]), model BYTE[20]
 * (2019 [30]), terminal id BYTE[7] (2019 [30]), ICCID BCD[10], hardware version (length BYTE + STRING), firmware
 * version (length BYTE + STRING), GNSS module BYTE, radio module BYTE. It carries no reply serial.
 */
export function decodeTerminalAttributes(r: ByteReader, version2019: boolean, m: DecodedMessage): void {
  const a = m.attributes;
  a.terminalType = r.u16();
  a.makerId = gbkField(r.bytes(5));
  a.terminalModel = gbkField(r.bytes(version2019 ? 30 : 20));
  a.terminalId = gbkField(r.bytes(version2019 ? 30 : 7));
  a.iccid = r.hex(10);
  m.kind = 'info';
  const parts = [`model ${a.terminalModel}`, `maker ${a.makerId}`, `id ${a.terminalId}`, `ICCID ${a.iccid}`];
  if (r.remaining > 0) {
    a.hardwareVersion = gbkField(r.bytes(Math.min(r.u8(), r.remaining)));
    parts.push(`hardware ${a.hardwareVersion}`);
  }
  if (r.remaining > 0) {
    a.firmwareVersion = gbkField(r.bytes(Math.min(r.u8(), r.remaining)));
    parts.push(`firmware ${a.firmwareVersion}`);
  }
  a.result = parts.join(', ');
}
