import {
  encodeGt06Command,
  GT06_COMMANDS,
  GT06_TIMER_SECONDS,
  Gt06FrameSplitter,
  Gt06Session,
  Gt06Type,
  gt06Texts,
} from '@lodestar/protocols';
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
  type SentCommand,
  unsupportedCommand,
} from './types.ts';

/** GT06 / Concox over TCP (Concox GT06N protocol v1.8). */
export function gt06Channel(o: ChannelOptions): ProtocolChannel {
  const session = new Gt06Session({ ackLocations: o.gt06AckLocations, now: o.now });
  let serial = 0;
  return {
    protocol: 'gt06',
    splitter: new Gt06FrameSplitter(),
    decode: (frame) => session.decode(frame),
    // §5.1.2: a login that gets no ACK is retried by the device later; Traccar refuses the same way.
    refusal: () => undefined,
    encodeCommand(command) {
      const text = commandTextFor(command);
      if (typeof text !== 'string') return text;
      serial = (serial + 1) & 0xffff;
      // §6.1: the 4-byte server flag comes back in the 0x15 answer; we carry the command id in it.
      return { bytes: encodeGt06Command(text, serial, command.id) };
    },
    answerTo(message, sent: readonly SentCommand[]) {
      // §6.2 0x15 string reply (JM-VL03 §5.8: 0x21) echoes the server flag, our command id; a firmware that
      // echoes something else is answered in order (the device executes commands one after another).
      if (message.messageType !== Gt06Type.String && message.messageType !== Gt06Type.StringInfo) return undefined;
      const flag = message.attributes.serverFlag;
      const match = sent.find((s) => s.command.id >>> 0 === flag) ?? oldest(sent);
      const result = message.attributes.result;
      return match && { sent: match, ok: true, result: typeof result === 'string' ? result : undefined };
    },
  };
}

/** The Concox text a catalogue command goes as, or why it cannot go. */
function commandTextFor(command: PendingCommand): string | EncodedCommand {
  const p = paramsOf(command);
  switch (command.type) {
    case 'engineStop':
      return GT06_COMMANDS.engineStop;
    case 'engineResume':
      return GT06_COMMANDS.engineResume;
    case 'text':
    case 'custom':
    case 'message':
      return commandText(command) ?? unsupportedCommand(command);
    case 'positionQuery':
      return gt06Texts.where();
    case 'queryStatus':
      return gt06Texts.status();
    case 'queryParameters':
      return gt06Texts.params();
    case 'uploadInterval': {
      const accOn = numberParam(p, 'reportSeconds');
      const sleepMinutes = numberParam(p, 'sleepReportMinutes');
      if (accOn === undefined) return badParams(command, 'reportSeconds');
      // TIMER takes seconds for both; the catalogue's sleep interval is in minutes.
      const accOff = sleepMinutes === undefined ? undefined : sleepMinutes * 60;
      if (accOff !== undefined && accOff > GT06_TIMER_SECONDS.max)
        return badParams(command, `sleepReportMinutes beyond TIMER's ${GT06_TIMER_SECONDS.max / 60} minutes`);
      return gt06Texts.timer(accOn, accOff);
    }
    case 'speedAlarm': {
      const kmh = numberParam(p, 'maxSpeedKmh');
      const seconds = numberParam(p, 'overspeedSeconds');
      if (kmh === undefined || seconds === undefined) return badParams(command, 'maxSpeedKmh and overspeedSeconds');
      return kmh === 0 ? gt06Texts.speedOff() : gt06Texts.speedOn(seconds, kmh);
    }
    case 'sensorAlarm':
      return typeof p.on === 'boolean' ? gt06Texts.sensorAlarm(p.on) : badParams(command, 'on');
    case 'centerNumber': {
      const phone = typeof p.phone === 'string' ? p.phone.trim() : '';
      if (phone === '') return gt06Texts.centerDelete();
      // ',' or '#' would end the command early: a phone number is digits with an optional leading '+'.
      return /^\+?\d{3,20}$/.test(phone) ? gt06Texts.centerAdd(phone) : badParams(command, 'phone');
    }
    default:
      return unsupportedCommand(command);
  }
}
