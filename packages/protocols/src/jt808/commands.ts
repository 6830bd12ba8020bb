import {
  encodeJt808,
  encodeSetParameters,
  encodeTextMessage,
  type Jt808Parameter,
  type Jt808Target,
} from './encode.ts';

/**
 * Issue #18's JT/T 808 downlinks beyond the long-standing ones in encode.ts: the 0x8300 flags a person chooses,
 * the position query, temporary tracking, the parameter and attribute queries, and 0x8103 items by name with the
 * width table 10 gives each (a terminal reading a DWORD where we wrote a WORD takes the next item's id as value).
 */

export const JT808_QUERY_MSG = {
  positionQuery: 0x8201,
  temporaryTracking: 0x8202,
  queryParameters: 0x8104,
  queryAttributes: 0x8107,
} as const;

/** 0x8300 flag bits (2013 table 38 / 2019 table 40): 0 urgent, 2 terminal display, 3 TTS read aloud, 4 advertising screen. */
export interface Jt808MessageFlags {
  urgent?: boolean;
  display?: boolean;
  tts?: boolean;
  advert?: boolean;
}

export function jt808MessageFlag(f: Jt808MessageFlags): number {
  return (f.urgent ? 0x01 : 0) | (f.display ? 0x04 : 0) | (f.tts ? 0x08 : 0) | (f.advert ? 0x10 : 0);
}

/** 2019 table 40's text type byte after the flag: 1 notice, 2 service. A person's message is a notice. */
export const JT808_TEXT_TYPE_NOTICE = 1;

export function encodeJt808Message(t: Jt808Target, serial: number, text: string, flags: Jt808MessageFlags): Buffer {
  return encodeTextMessage(t, serial, text, jt808MessageFlag(flags), JT808_TEXT_TYPE_NOTICE);
}

const EMPTY = Buffer.alloc(0);

/** 0x8201 position query: no body; the terminal answers 0x0201 with our serial. */
export function encodePositionQuery(t: Jt808Target, serial: number): Buffer {
  return encodeJt808(JT808_QUERY_MSG.positionQuery, t, serial, EMPTY);
}

/** 0x8202 temporary position tracking (table 22): interval WORD seconds (0 stops), validity DWORD seconds. */
export function encodeTemporaryTracking(
  t: Jt808Target,
  serial: number,
  intervalSeconds: number,
  validitySeconds: number,
) {
  const body = Buffer.alloc(6);
  body.writeUInt16BE(intervalSeconds, 0);
  body.writeUInt32BE(validitySeconds, 2);
  return encodeJt808(JT808_QUERY_MSG.temporaryTracking, t, serial, body);
}

/** 0x8104 query every parameter: no body; answered by 0x0104. */
export function encodeQueryParameters(t: Jt808Target, serial: number): Buffer {
  return encodeJt808(JT808_QUERY_MSG.queryParameters, t, serial, EMPTY);
}

/** 0x8107 query the terminal's attributes: no body; answered by 0x0107 (which carries no serial). */
export function encodeQueryAttributes(t: Jt808Target, serial: number): Buffer {
  return encodeJt808(JT808_QUERY_MSG.queryAttributes, t, serial, EMPTY);
}

export type Jt808ParameterWidth = 'DWORD' | 'WORD' | 'BYTE' | 'STRING';

export interface Jt808ParameterItem {
  id: number;
  width: Jt808ParameterWidth;
  /** The catalogue's value times this is what goes on the wire (minutes → seconds, km → 1/10 km). */
  factor?: number;
}

/** The catalogue's setParameters keys → table 10 items (JT/T 808-2013 / 2019, same ids and widths in both). */
export const JT808_PARAMETER_ITEMS: Readonly<Record<string, Jt808ParameterItem>> = {
  heartbeatSeconds: { id: 0x0001, width: 'DWORD' },
  sleepReportMinutes: { id: 0x0027, width: 'DWORD', factor: 60 },
  emergencyReportSeconds: { id: 0x0028, width: 'DWORD' },
  reportSeconds: { id: 0x0029, width: 'DWORD' },
  reportMetres: { id: 0x002c, width: 'DWORD' },
  turnAngle: { id: 0x0030, width: 'DWORD' },
  displacementRadiusMetres: { id: 0x0031, width: 'WORD' },
  maxSpeedKmh: { id: 0x0055, width: 'DWORD' },
  overspeedSeconds: { id: 0x0056, width: 'DWORD' },
  maxParkingSeconds: { id: 0x005a, width: 'DWORD' },
  odometerKm: { id: 0x0080, width: 'DWORD', factor: 10 },
  plate: { id: 0x0083, width: 'STRING' },
};

const BYTES = { DWORD: 4, WORD: 2, BYTE: 1 } as const;

/** Table 10 items that are STRINGs (the others up to 0x0084 are numbers), for reading 0x0104 answers. */
export const JT808_STRING_PARAMETERS: ReadonlySet<number> = new Set([
  0x0010, 0x0011, 0x0012, 0x0013, 0x0014, 0x0015, 0x0016, 0x0017, 0x001a, 0x001d, 0x0040, 0x0041, 0x0042, 0x0043,
  0x0044, 0x0048, 0x0049, 0x0083,
]);

/**
 * Named values → 0x8103 items with their widths. Numeric keys ("41", "0x0029": the form before the catalogue)
 * go as DWORDs unless they are a known string item. A value that does not fit its width is a RangeError.
 */
export function jt808ParameterItems(values: Readonly<Record<string, unknown>>): Jt808Parameter[] {
  const out: Jt808Parameter[] = [];
  for (const [key, raw] of Object.entries(values)) {
    if (typeof raw !== 'number' && typeof raw !== 'string') continue;
    const named = JT808_PARAMETER_ITEMS[key];
    const numericId = /^(0x[0-9a-f]+|\d+)$/i.test(key) ? Number(key) : undefined;
    const item: Jt808ParameterItem | undefined =
      named ??
      (numericId === undefined
        ? undefined
        : { id: numericId, width: JT808_STRING_PARAMETERS.has(numericId) ? 'STRING' : 'DWORD' });
    if (!item) throw new RangeError(`unknown parameter ${key}`);
    if (item.width === 'STRING') {
      out.push({ id: item.id, value: String(raw) });
      continue;
    }
    const value = Math.round(Number(raw) * (item.factor ?? 1));
    const bytes = BYTES[item.width];
    if (!Number.isInteger(value) || value < 0 || value >= 2 ** (8 * bytes))
      throw new RangeError(`${key} ${String(raw)} does not fit a ${item.width}`);
    out.push({ id: item.id, value, bytes });
  }
  return out;
}

export function encodeJt808SetParameters(
  t: Jt808Target,
  serial: number,
  values: Readonly<Record<string, unknown>>,
): Buffer {
  return encodeSetParameters(t, serial, jt808ParameterItems(values));
}
