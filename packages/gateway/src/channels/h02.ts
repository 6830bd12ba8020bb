import { decodeH02, encodeH02Command, H02FrameSplitter, h02Commands } from '@lodestar/protocols';
import type { PendingCommand } from '../ports.ts';
import {
  badParams,
  type ChannelOptions,
  commandText,
  type EncodedCommand,
  numberParam,
  oldest,
  type ProtocolChannel,
  paramsOf,
  unsupportedCommand,
} from './types.ts';

/** H02 over TCP or UDP: stateless sentences that each carry the device id. */
export function h02Channel(o: ChannelOptions): ProtocolChannel {
  const decodeOptions = { ack: o.h02AckReports, now: o.now };
  return {
    protocol: 'h02',
    splitter: new H02FrameSplitter(),
    decode: (frame) => decodeH02(frame, decodeOptions),
    // H02 has no refusal message: the report is dropped and the connection closed.
    refusal: () => undefined,
    encodeCommand: (command, deviceId) => encode(command, deviceId, o.now()),
    answerTo(message, sent) {
      // "*HQ,<id>,V4,<command>,…#" confirms a command (H02 protocol, "V4 reply"); match its command word.
      if (message.messageType !== 'V4' || sent.length === 0) return undefined;
      const word = String(message.attributes.result ?? '').split(',')[0];
      const match = sent.find((s) => s.key === word) ?? oldest(sent);
      return match && { sent: match, ok: true, result: String(message.attributes.result ?? '') };
    },
  };
}

function encode(command: PendingCommand, id: string, now: Date): EncodedCommand {
  switch (command.type) {
    case 'engineStop':
      return { bytes: h02Commands.engineStop(id, now), key: 'S20' };
    case 'engineResume':
      return { bytes: h02Commands.engineResume(id, now), key: 'S20' };
    case 'arm':
      return { bytes: h02Commands.alarmArm(id, now), key: 'SCF' };
    case 'disarm':
      return { bytes: h02Commands.alarmDisarm(id, now), key: 'SCF' };
    case 'positionQuery':
      return { bytes: h02Commands.positionOnce(id, now), key: 'D1' };
    case 'uploadInterval': {
      // S71,22 carries one interval: the sleep interval has no H02 equivalent and is not sent.
      const seconds = numberParam(paramsOf(command), 'reportSeconds');
      if (seconds === undefined) return badParams(command, 'reportSeconds');
      return { bytes: h02Commands.positionPeriodic(id, seconds, now), key: 'S71' };
    }
    case 'text':
    case 'custom': {
      // "S71,22,30" → *HQ,<id>,S71,<hhmmss>,22,30#; a full "*HQ,…#" sentence is sent as is.
      const text = commandText(command);
      if (text === undefined) return unsupportedCommand(command);
      if (text.startsWith('*')) return { bytes: Buffer.from(text, 'latin1'), key: text.split(',')[2] };
      const [word = '', ...args] = text.split(',');
      return { bytes: encodeH02Command(id, word, args, now), key: word };
    }
    default:
      return unsupportedCommand(command);
  }
}
