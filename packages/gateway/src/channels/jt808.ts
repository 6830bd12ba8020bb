import { TERMINAL_CONTROL_ACTIONS, type TerminalControlAction } from '@lodestar/domain';
import {
  type DecodedMessage,
  encodeCameraShoot,
  encodeGeneralReply,
  encodeJt808Message,
  encodeJt808SetParameters,
  encodeJt808ZoneDelete,
  encodeJt808ZoneSet,
  encodeMediaReply,
  encodePositionQuery,
  encodeQueryAttributes,
  encodeQueryParameters,
  encodeRegisterReply,
  encodeTemporaryTracking,
  encodeTerminalControl,
  encodeTextMessage,
  JT808_AREA_DELETE_MSG,
  JT808_AREA_SET_MSG,
  JT808_CONTROL,
  JT808_QUERY_MSG,
  type Jt808CameraShot,
  Jt808Decoder,
  Jt808FrameSplitter,
  Jt808MsgId,
  type Jt808Target,
  parseJt808Frame,
  readJt808ZoneDelete,
  readJt808ZoneSet,
} from '@lodestar/protocols';
import type { PendingCommand } from '../ports.ts';
import {
  badParams,
  type ChannelOptions,
  type CommandAnswer,
  commandText,
  type EncodedCommand,
  numberParam,
  type ProtocolChannel,
  paramsOf,
  type SentCommand,
  unsupportedCommand,
} from './types.ts';

/** JT/T 808-2019 table 9: 0x8100 result 4 = "no such terminal in the database" (same code in 2013). */
const REGISTER_NOT_IN_DATABASE = 4;
/** Table 4: 0x8001 result 1 = failure. */
const GENERAL_FAILURE = 1;
/** Terminal camera answer 0x0805 (table 82): reply serial WORD, result BYTE, … */
const CAMERA_REPLY = 0x0805;
/** Table 5: the terminal general reply's result codes. */
const GENERAL_RESULTS = ['success', 'failure', 'message error', 'unsupported'];
/** Queries the terminal answers with data (0x0201, 0x0104, 0x0107): a bare 0x0001 success is not their answer. */
const DATA_QUERIES: ReadonlySet<number> = new Set([
  JT808_QUERY_MSG.positionQuery,
  JT808_QUERY_MSG.queryParameters,
  JT808_QUERY_MSG.queryAttributes,
]);

const PHOTO_DEFAULTS: Jt808CameraShot = {
  channel: 1,
  shots: 1,
  intervalSeconds: 0,
  save: 0,
  resolution: 1,
  quality: 5,
  brightness: 128,
  contrast: 64,
  saturation: 64,
  chroma: 128,
};

/** JT/T 808-2013/2019 over TCP or UDP. Every frame names its terminal; commands go to the last one heard. */
export function jt808Channel(o: ChannelOptions): ProtocolChannel {
  const decoder = new Jt808Decoder({ now: o.now });
  // Our downlink serials; the decoder numbers its own replies separately (devices only echo command serials).
  let serial = 0x4000;
  const next = () => {
    serial = serial >= 0xffff ? 0x4000 : serial + 1;
    return serial;
  };
  return {
    protocol: 'jt808',
    // Not strict: like Traccar's Jt808FrameDecoder we take every 7E…7E span, because devices in the field send
    // wrong body lengths (Traccar vector order 88 declares 50 bytes and carries 40); the decoder rejects garbage.
    splitter: new Jt808FrameSplitter({ strict: false }),
    decode: (frame) => decoder.decode(frame),
    refusal(_message, frame) {
      const h = parseJt808Frame(frame)?.header;
      if (!h) return undefined;
      const t = { phone: h.phoneBytes, version: h.version };
      if (h.msgId === Jt808MsgId.Register) return encodeRegisterReply(t, next(), h.serial, REGISTER_NOT_IN_DATABASE);
      return encodeGeneralReply(t, next(), h.serial, h.msgId, GENERAL_FAILURE);
    },
    encodeCommand(command) {
      // Commands go to the terminal of the last frame whose header parsed.
      const target = decoder.lastTarget;
      return target ? encode(command, target, next()) : { unsupported: 'no terminal header seen yet' };
    },
    mediaReply(mediaId, missing) {
      const target = decoder.lastTarget;
      return target && encodeMediaReply(target, next(), mediaId, missing);
    },
    answerTo: answer,
  };
}

/** The sent command a terminal message answers: by the serial and message id it echoes, 0x0107 by its query. */
function answer(message: DecodedMessage, sent: readonly SentCommand[]): CommandAnswer | undefined {
  const a = message.attributes;
  const find = (msgId: number, replySerial: unknown) => sent.find((s) => s.key === `${msgId}/${Number(replySerial)}`);
  const text = typeof a.result === 'string' ? a.result : undefined;
  switch (message.messageType) {
    case Jt808MsgId.TerminalGeneralReply: {
      // Table 5: the terminal echoes our serial and message id, result 0 ok / 1 fail / 2 error / 3 unsupported.
      const replyId = Number(a.replyMsgId);
      const match = find(replyId, a.replySerial);
      const result = Number(a.result);
      if (!match || (result === 0 && DATA_QUERIES.has(replyId))) return undefined;
      return { sent: match, ok: result === 0, result: GENERAL_RESULTS[result] ?? `result ${result}` };
    }
    case Jt808MsgId.PositionAnswer:
    case Jt808MsgId.ParametersAnswer: {
      const query =
        message.messageType === Jt808MsgId.PositionAnswer
          ? JT808_QUERY_MSG.positionQuery
          : JT808_QUERY_MSG.queryParameters;
      const match = find(query, a.replySerial);
      return match && { sent: match, ok: true, result: text };
    }
    case Jt808MsgId.TerminalAttributes: {
      const match = sent.find((s) => s.key?.startsWith(`${JT808_QUERY_MSG.queryAttributes}/`));
      return match && { sent: match, ok: true, result: text };
    }
    case CAMERA_REPLY: {
      if (typeof a.body !== 'string') return undefined;
      const body = Buffer.from(a.body, 'hex');
      if (body.length < 3) return undefined;
      const match = find(0x8801, body.readUInt16BE(0));
      const result = body[2];
      return match && { sent: match, ok: result === 0, result: result === 0 ? undefined : `terminal result ${result}` };
    }
    default:
      return undefined;
  }
}

function encode(command: PendingCommand, t: Jt808Target, serial: number): EncodedCommand {
  const out = (msgId: number, bytes: Buffer) => ({ bytes, key: `${msgId}/${serial}` });
  switch (command.type) {
    case 'text':
    case 'custom': {
      const text = commandText(command);
      return text === undefined ? unsupportedCommand(command) : out(0x8300, encodeTextMessage(t, serial, text));
    }
    case 'engineStop':
      return out(0x8105, encodeTerminalControl(t, serial, JT808_CONTROL.engineStop));
    case 'engineResume':
      return out(0x8105, encodeTerminalControl(t, serial, JT808_CONTROL.engineResume));
    case 'message': {
      const text = commandText(command);
      if (text === undefined) return unsupportedCommand(command);
      const p = paramsOf(command);
      const flag = (key: string, otherwise: boolean) => (typeof p[key] === 'boolean' ? (p[key] as boolean) : otherwise);
      // Unset flags take the catalogue's recommended values: shown on the screen and read aloud.
      const flags = {
        urgent: flag('urgent', false),
        display: flag('display', true),
        tts: flag('tts', true),
        advert: flag('advert', false),
      };
      return out(0x8300, encodeJt808Message(t, serial, text, flags));
    }
    case 'positionQuery':
      return out(JT808_QUERY_MSG.positionQuery, encodePositionQuery(t, serial));
    case 'queryParameters':
      return out(JT808_QUERY_MSG.queryParameters, encodeQueryParameters(t, serial));
    case 'queryStatus':
      return out(JT808_QUERY_MSG.queryAttributes, encodeQueryAttributes(t, serial));
    case 'trackingMode': {
      const p = paramsOf(command);
      const wake = numberParam(p, 'wakeSeconds');
      const minutes = numberParam(p, 'durationMinutes');
      if (wake === undefined || minutes === undefined) return badParams(command, 'wakeSeconds and durationMinutes');
      return out(JT808_QUERY_MSG.temporaryTracking, encodeTemporaryTracking(t, serial, wake, minutes * 60));
    }
    case 'terminalControl': {
      const action = paramsOf(command).action;
      if (!TERMINAL_CONTROL_ACTIONS.includes(action as TerminalControlAction)) return badParams(command, 'action');
      return out(0x8105, encodeTerminalControl(t, serial, JT808_CONTROL[action as TerminalControlAction]));
    }
    case 'setParameters':
      return parameterItems(command, () => out(0x8103, encodeJt808SetParameters(t, serial, paramsOf(command))));
    case 'speedAlarm': {
      const p = paramsOf(command);
      const values = { maxSpeedKmh: p.maxSpeedKmh, overspeedSeconds: p.overspeedSeconds };
      return parameterItems(command, () => out(0x8103, encodeJt808SetParameters(t, serial, values)));
    }
    case 'photo':
      return out(0x8801, encodeCameraShoot(t, serial, cameraShot(command)));
    // A fence or road the terminal keeps (0x8600–0x8607); the terminal's 0x0001 names the message id it answers.
    case 'zoneSet':
      return zonePayload(() => {
        const area = readJt808ZoneSet(command.payload);
        return out(JT808_AREA_SET_MSG[area.area], encodeJt808ZoneSet(t, serial, area));
      });
    case 'zoneDelete':
      return zonePayload(() => {
        const d = readJt808ZoneDelete(command.payload);
        return out(JT808_AREA_DELETE_MSG[d.area], encodeJt808ZoneDelete(t, serial, d));
      });
    default:
      return unsupportedCommand(command);
  }
}

/** A payload the terminal could not hold fails its command with the reason instead of stalling the queue. */
function zonePayload(encode: () => EncodedCommand): EncodedCommand {
  try {
    return encode();
  } catch (err) {
    if (err instanceof RangeError) return { unsupported: `zone payload: ${err.message}` };
    throw err;
  }
}

/** A parameter that does not fit its table 10 width fails its command with the reason. */
function parameterItems(command: PendingCommand, encode: () => EncodedCommand): EncodedCommand {
  try {
    return encode();
  } catch (err) {
    if (err instanceof RangeError) return badParams(command, err.message);
    throw err;
  }
}

/**
 * 0x8801 from the catalogue's Params (channel, count, intervalSeconds, resolution, quality; uploaded at once),
 * or from camera fields at the payload's top level (the form before the catalogue).
 */
function cameraShot(command: PendingCommand): Jt808CameraShot {
  const p = paramsOf(command);
  const named: Partial<Jt808CameraShot> = {
    channel: numberParam(p, 'channel'),
    shots: numberParam(p, 'count'),
    intervalSeconds: numberParam(p, 'intervalSeconds'),
    resolution: numberParam(p, 'resolution'),
    quality: numberParam(p, 'quality'),
  };
  const legacy = Object.fromEntries(
    Object.entries(command.payload).filter(([k, v]) => typeof v === 'number' && k in PHOTO_DEFAULTS),
  );
  const given = Object.fromEntries(Object.entries(named).filter(([, v]) => v !== undefined));
  return { ...PHOTO_DEFAULTS, ...legacy, ...given };
}
