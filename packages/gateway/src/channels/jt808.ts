import {
  encodeCameraShoot,
  encodeGeneralReply,
  encodeJt808ZoneDelete,
  encodeJt808ZoneSet,
  encodeRegisterReply,
  encodeSetParameters,
  encodeTerminalControl,
  encodeTextMessage,
  JT808_AREA_DELETE_MSG,
  JT808_AREA_SET_MSG,
  JT808_CONTROL,
  type Jt808CameraShot,
  Jt808Decoder,
  Jt808FrameSplitter,
  Jt808MsgId,
  type Jt808Parameter,
  type Jt808Target,
  parseJt808Frame,
  readJt808ZoneDelete,
  readJt808ZoneSet,
} from '@lodestar/protocols';
import type { PendingCommand } from '../ports.ts';
import {
  type ChannelOptions,
  commandText,
  type EncodedCommand,
  type ProtocolChannel,
  unsupportedCommand,
} from './types.ts';

/** JT/T 808-2019 table 9: 0x8100 result 4 = "no such terminal in the database" (same code in 2013). */
const REGISTER_NOT_IN_DATABASE = 4;
/** Table 4: 0x8001 result 1 = failure. */
const GENERAL_FAILURE = 1;
/** Terminal camera answer 0x0805 (table 82): reply serial WORD, result BYTE, … */
const CAMERA_REPLY = 0x0805;

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
    answerTo(message, sent) {
      let replySerial: number | undefined;
      let replyId: number | undefined;
      let result: number | undefined;
      if (message.messageType === Jt808MsgId.TerminalGeneralReply) {
        // Table 5: the terminal echoes our serial and message id, result 0 ok / 1 fail / 2 error / 3 unsupported.
        replySerial = Number(message.attributes.replySerial);
        replyId = Number(message.attributes.replyMsgId);
        result = Number(message.attributes.result);
      } else if (message.messageType === CAMERA_REPLY && typeof message.attributes.body === 'string') {
        const body = Buffer.from(message.attributes.body, 'hex');
        if (body.length < 3) return undefined;
        replySerial = body.readUInt16BE(0);
        replyId = 0x8801;
        result = body[2];
      } else return undefined;
      const match = sent.find((s) => s.key === `${replyId}/${replySerial}`);
      if (!match) return undefined;
      return { sent: match, ok: result === 0, result: result === 0 ? undefined : `terminal result ${result}` };
    },
  };
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
    case 'setParameters':
      return out(0x8103, encodeSetParameters(t, serial, parameters(command.payload.params)));
    case 'photo':
      return out(0x8801, encodeCameraShoot(t, serial, { ...PHOTO_DEFAULTS, ...numbers(command.payload) }));
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

/** { "0x0029": 30, "19": "apn" } → 0x8103 items (table 12 ids; numbers are DWORDs). */
function parameters(params: unknown): Jt808Parameter[] {
  if (typeof params !== 'object' || params === null) return [];
  return Object.entries(params as Record<string, unknown>)
    .filter(([, v]) => typeof v === 'number' || typeof v === 'string')
    .map(([k, v]) => ({ id: Number(k), value: v as number | string }));
}

function numbers(payload: Record<string, unknown>): Partial<Jt808CameraShot> {
  return Object.fromEntries(Object.entries(payload).filter(([k, v]) => typeof v === 'number' && k in PHOTO_DEFAULTS));
}
