import { encodeGt06Command, GT06_COMMANDS, Gt06FrameSplitter, Gt06Session, Gt06Type } from '@lodestar/protocols';
import {
  type ChannelOptions,
  commandText,
  oldest,
  type ProtocolChannel,
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
      const text =
        command.type === 'engineStop'
          ? GT06_COMMANDS.engineStop
          : command.type === 'engineResume'
            ? GT06_COMMANDS.engineResume
            : command.type === 'text' || command.type === 'custom'
              ? commandText(command)
              : undefined;
      if (text === undefined) return unsupportedCommand(command);
      serial = (serial + 1) & 0xffff;
      // §6.1: the 4-byte server flag comes back in the 0x15 answer; we carry the command id in it.
      return { bytes: encodeGt06Command(text, serial, command.id) };
    },
    answerTo(message, sent: readonly SentCommand[]) {
      // §6.2 0x15 string reply (JM-VL03 §5.8: 0x21). The decoder does not expose the server flag, so the
      // answer goes to the oldest command: the device executes them in order.
      if (message.messageType !== Gt06Type.String && message.messageType !== Gt06Type.StringInfo) return undefined;
      const first = oldest(sent);
      const result = message.attributes.result;
      return first && { sent: first, ok: true, result: typeof result === 'string' ? result : undefined };
    },
  };
}
