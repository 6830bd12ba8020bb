/**
 * The command catalogue (issue #18): every command a person can send, the parameters it takes with the spec's
 * ranges (section 5), and the protocols that can carry it. The server validates sends against it and answers
 * "unsupported protocol" for devices that cannot take a type; the console builds its forms from it (through
 * Command/GetCommandTypes) and the gateway's channels encode exactly these types (the command-support test
 * holds the table to what they encode).
 *
 * Parameter values travel as `Params: { key: value }`; numbers are numbers, texts are strings, booleans are
 * booleans. Units are in the key's name so the console, the server and the encoders agree without a table.
 */
import { COMMAND_TYPES, type CommandType } from './devices.ts';

export type CommandParamKind = 'int' | 'decimal' | 'text' | 'enum' | 'bool';

export interface CommandParam {
  /** The key in Params, and the console's label key (commands.param.<key>). */
  key: string;
  kind: CommandParamKind;
  required: boolean;
  /** int / decimal: inclusive range. */
  min?: number;
  max?: number;
  /** decimal: digits after the point (tank volume 0–999.9 → 1). */
  scale?: number;
  /** The spec's recommended value, shown as the field's default. */
  recommended?: number | string | boolean;
  /** text: the longest value. */
  maxLength?: number;
  /** enum: the values allowed (the console's option labels are commands.option.<key>.<value>). */
  options?: readonly (string | number)[];
}

export interface CommandTypeDef {
  type: CommandType;
  params: readonly CommandParam[];
  /** Raw text to the device: administrators (account type super administrator or administrator) only. */
  adminOnly?: boolean;
  /** Cutting fuel or power: function 83 lock/unlock and the sender's password again (Password in the body). */
  immobiliser?: boolean;
  /** Only for devices whose VIP has not expired (spec section 6: photo capture is VIP-only). */
  vipOnly?: boolean;
  /** Not offered in the console's command forms (written by other features, e.g. fences pushed to terminals). */
  internal?: boolean;
}

const int = (key: string, min: number, max: number, extra: Partial<CommandParam> = {}): CommandParam => ({
  key,
  kind: 'int',
  required: true,
  min,
  max,
  ...extra,
});
const optionalInt = (key: string, min: number, max: number, extra: Partial<CommandParam> = {}): CommandParam =>
  int(key, min, max, { required: false, ...extra });

/** JT/T 808 0x8801 resolutions (table 82): 1 320×240, 2 640×480, 3 800×600, 4 1024×768, 5 176×144, 6 352×288, 7 704×288, 8 704×576. */
export const PHOTO_RESOLUTIONS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
/** 0x8105 terminal control words (table 23) a person may send: 3 power off, 4 reset, 5 factory reset, 6 close the data link, 7 close every wireless link. */
export const TERMINAL_CONTROL_ACTIONS = [
  'powerOff',
  'reset',
  'factoryReset',
  'closeDataLink',
  'closeWireless',
] as const;
export type TerminalControlAction = (typeof TERMINAL_CONTROL_ACTIONS)[number];

/** Message flags of JT/T 808 0x8300 (table 38): urgent bit 0, terminal display bit 2, TTS bit 3, advertising screen bit 4. */
export const MESSAGE_FLAGS = ['urgent', 'display', 'tts', 'advert'] as const;
export type MessageFlag = (typeof MESSAGE_FLAGS)[number];
export const MESSAGE_TEXT_MAX = 200;
export const CUSTOM_TEXT_MAX = 500;

/**
 * Every type, in the order the console lists them. JT/T 808 0x8103 items a person sets (table 10, 2013/2019):
 * heartbeat 0x0001, sleep report interval 0x0027, emergency report interval 0x0028, default report interval 0x0029,
 * default report distance 0x002C, turn-angle resend 0x0030, displacement (fence) radius 0x0031, max speed 0x0055,
 * overspeed duration 0x0056, max parking 0x005A, odometer 0x0080 (1/10 km), plate 0x0083. Every one optional, at
 * least one given.
 */
export const COMMAND_CATALOGUE: readonly CommandTypeDef[] = [
  {
    type: 'message',
    params: [
      { key: 'text', kind: 'text', required: true, maxLength: MESSAGE_TEXT_MAX },
      { key: 'urgent', kind: 'bool', required: false, recommended: false },
      { key: 'display', kind: 'bool', required: false, recommended: true },
      { key: 'tts', kind: 'bool', required: false, recommended: true },
      { key: 'advert', kind: 'bool', required: false, recommended: false },
    ],
  },
  { type: 'positionQuery', params: [] },
  {
    type: 'setParameters',
    params: [
      optionalInt('heartbeatSeconds', 5, 3600),
      optionalInt('sleepReportMinutes', 5, 43200),
      optionalInt('emergencyReportSeconds', 1, 255),
      optionalInt('reportSeconds', 5, 300, { recommended: 30 }),
      optionalInt('reportMetres', 1, 65535),
      optionalInt('turnAngle', 1, 179),
      optionalInt('displacementRadiusMetres', 1, 65535, { recommended: 300 }),
      optionalInt('maxSpeedKmh', 0, 200),
      optionalInt('overspeedSeconds', 1, 255, { recommended: 5 }),
      optionalInt('maxParkingSeconds', 1, 65535),
      { key: 'odometerKm', kind: 'decimal', required: false, min: 0, max: 9999999.9, scale: 1 },
      { key: 'plate', kind: 'text', required: false, maxLength: 12 },
    ],
  },
  /** Concox TIMER,T1,T2#: upload interval with ACC on (seconds) and while asleep / ACC off (minutes). */
  {
    type: 'uploadInterval',
    params: [int('reportSeconds', 5, 300, { recommended: 30 }), optionalInt('sleepReportMinutes', 5, 43200)],
  },
  /** Concox SPEED,ON,time,speed#: overspeed alarm after `overspeedSeconds` above `maxSpeedKmh` (0 turns it off). */
  {
    type: 'speedAlarm',
    params: [int('maxSpeedKmh', 0, 200), int('overspeedSeconds', 1, 255, { recommended: 5 })],
  },
  /** Concox SENALM,ON|OFF#: the vibration sensor alarm. */
  { type: 'sensorAlarm', params: [{ key: 'on', kind: 'bool', required: true, recommended: true }] },
  /** JT/T 808 0x8202 temporary tracking: report every `wakeSeconds` (30–300) for `durationMinutes` (5–57600). */
  {
    type: 'trackingMode',
    params: [int('durationMinutes', 5, 57600), int('wakeSeconds', 30, 300, { recommended: 60 })],
  },
  /** Concox CENTER,A,number# (given) / CENTER,D# (empty): the centre number the tracker texts alarms to. */
  { type: 'centerNumber', params: [{ key: 'phone', kind: 'text', required: false, maxLength: 20 }] },
  /** Concox STATUS# / PARAM#, JT/T 808 0x8107 / 0x8104, Teltonika getstatus / getparam: the device answers with its state. */
  { type: 'queryStatus', params: [] },
  { type: 'queryParameters', params: [] },
  {
    type: 'terminalControl',
    params: [{ key: 'action', kind: 'enum', required: true, options: TERMINAL_CONTROL_ACTIONS }],
  },
  {
    type: 'photo',
    vipOnly: true,
    params: [
      int('channel', 1, 255, { recommended: 1 }),
      int('count', 1, 65535, { recommended: 1 }),
      int('intervalSeconds', 0, 65535, { recommended: 0 }),
      { key: 'resolution', kind: 'enum', required: true, options: PHOTO_RESOLUTIONS, recommended: 2 },
      int('quality', 1, 10, { recommended: 5 }),
    ],
  },
  { type: 'engineStop', immobiliser: true, params: [] },
  { type: 'engineResume', immobiliser: true, params: [] },
  { type: 'arm', params: [] },
  { type: 'disarm', params: [] },
  {
    type: 'custom',
    adminOnly: true,
    params: [{ key: 'text', kind: 'text', required: true, maxLength: CUSTOM_TEXT_MAX }],
  },
  // Kept for the calls that queued them before the catalogue (SendCommand Type text / Text).
  { type: 'text', internal: true, params: [{ key: 'text', kind: 'text', required: true, maxLength: CUSTOM_TEXT_MAX }] },
  { type: 'zoneSet', internal: true, params: [] },
  { type: 'zoneDelete', internal: true, params: [] },
];

const BY_TYPE: ReadonlyMap<string, CommandTypeDef> = new Map(COMMAND_CATALOGUE.map((d) => [d.type, d]));
export const commandTypeDef = (type: string): CommandTypeDef | undefined => BY_TYPE.get(type);

/** Why a command's parameters are refused: the parameter's key (the 400 names it) and what is wrong. */
export interface CommandParamError {
  key: string;
  problem: 'required' | 'type' | 'range' | 'length' | 'option' | 'unknown' | 'empty';
}

/**
 * Checks Params against the type's parameters: the spec's ranges at their edges, integers where integers are
 * due, decimals to their scale, known keys only. Returns the cleaned values (recommended values are the
 * console's defaults, not filled in here) or the first problem.
 */
export function checkCommandParams(
  def: CommandTypeDef,
  params: Readonly<Record<string, unknown>> | undefined,
): { ok: true; params: Record<string, string | number | boolean> } | { ok: false; error: CommandParamError } {
  const given = params ?? {};
  const known = new Set(def.params.map((p) => p.key));
  for (const key of Object.keys(given)) if (!known.has(key)) return { ok: false, error: { key, problem: 'unknown' } };
  const out: Record<string, string | number | boolean> = {};
  for (const p of def.params) {
    const v = given[p.key];
    if (v === undefined || v === null || v === '') {
      if (p.required) return { ok: false, error: { key: p.key, problem: 'required' } };
      continue;
    }
    const problem = paramProblem(p, v);
    if (problem) return { ok: false, error: { key: p.key, problem } };
    out[p.key] = p.kind === 'text' ? String(v).trim() : (v as number | boolean | string);
  }
  // setParameters with nothing to set would be a no-op on the wire.
  if (def.type === 'setParameters' && Object.keys(out).length === 0)
    return { ok: false, error: { key: 'Params', problem: 'empty' } };
  return { ok: true, params: out };
}

function paramProblem(p: CommandParam, v: unknown): CommandParamError['problem'] | undefined {
  switch (p.kind) {
    case 'bool':
      return typeof v === 'boolean' ? undefined : 'type';
    case 'text':
      if (typeof v !== 'string') return 'type';
      return p.maxLength !== undefined && v.trim().length > p.maxLength ? 'length' : undefined;
    case 'enum':
      return p.options?.includes(v as string | number) ? undefined : 'option';
    case 'int':
    case 'decimal': {
      if (typeof v !== 'number' || !Number.isFinite(v)) return 'type';
      if (p.kind === 'int' && !Number.isInteger(v)) return 'type';
      if (p.kind === 'decimal') {
        const scaled = v * 10 ** (p.scale ?? 0);
        if (Math.abs(scaled - Math.round(scaled)) > 1e-6) return 'type';
      }
      if ((p.min !== undefined && v < p.min) || (p.max !== undefined && v > p.max)) return 'range';
      return undefined;
    }
  }
}

/** Command lifetimes: 24 h unless the sender chooses, from a minute to a week. */
export const COMMAND_EXPIRY = { defaultMinutes: 24 * 60, minMinutes: 1, maxMinutes: 7 * 24 * 60 } as const;
/** Batch command / send message: at most this many devices a call (spec section 5, "too many selected"). */
export const BATCH_DEVICES_MAX = 1000;
/** Photo query: the newest this many (spec section 9, "too many images (latest 300 only)"). */
export const PHOTO_LIST_MAX = 300;

/**
 * A command's life: queued (waiting for the device, sent when it next connects) → sent → acknowledged, or failed
 * (the device's answer, no answer in time, unsupported), expired (its expiry passed before it was sent or
 * answered), cancelled (by a person while queued). Messages share the same statuses.
 */
export const COMMAND_STATUSES = ['queued', 'sent', 'acknowledged', 'failed', 'expired', 'cancelled'] as const;
export type CommandStatus = (typeof COMMAND_STATUSES)[number];
/** Statuses nothing changes any more. */
export const COMMAND_DONE_STATUSES: readonly CommandStatus[] = ['acknowledged', 'failed', 'expired', 'cancelled'];

/** Types the console's command forms offer (every non-internal catalogue type). */
export const FORM_COMMAND_TYPES: readonly CommandType[] = COMMAND_CATALOGUE.filter((d) => !d.internal).map(
  (d) => d.type,
);

// Every stored type has a catalogue entry, so the server never meets a type it cannot check.
for (const t of COMMAND_TYPES) if (!BY_TYPE.has(t)) throw new Error(`command type ${t} missing from the catalogue`);
