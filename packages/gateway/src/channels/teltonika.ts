import {
  decodeTeltonikaUdp,
  encodeTeltonikaCommand,
  encodeTeltonikaImeiReply,
  TELTONIKA_TEXTS,
  TeltonikaCodec,
  TeltonikaFrameSplitter,
  TeltonikaSession,
} from '@lodestar/protocols';
import type { PendingCommand } from '../ports.ts';
import {
  commandText,
  DatagramSplitter,
  type EncodedCommand,
  oldest,
  type ProtocolChannel,
  UNSUPPORTED_PROTOCOL,
  unsupportedCommand,
} from './types.ts';

/** Teltonika over TCP: IMEI handshake, then AVL packets; commands as codec 12 (Teltonika "Codec 12"). */
export function teltonikaChannel(): ProtocolChannel {
  const session = new TeltonikaSession();
  return {
    protocol: 'teltonika',
    splitter: new TeltonikaFrameSplitter(),
    decode: (frame) => session.decode(frame),
    // Teltonika "Codec" documentation: the server answers the IMEI with 0x00 to refuse the device.
    refusal: (message) => (message.kind === 'login' ? encodeTeltonikaImeiReply(false) : undefined),
    encodeCommand: encode,
    answerTo(message, sent) {
      // A codec 12 response (type 0x06) carries no reference: it answers the oldest command.
      if (message.messageType !== TeltonikaCodec.Codec12 || message.kind !== 'info') return undefined;
      const first = oldest(sent);
      const result = message.attributes.result;
      return first && { sent: first, ok: true, result: typeof result === 'string' ? result : undefined };
    },
  };
}

/** Teltonika over UDP: each datagram names its IMEI; commands cannot be sent (no codec 12 over UDP here). */
export function teltonikaUdpChannel(): ProtocolChannel {
  return {
    protocol: 'teltonika',
    splitter: new DatagramSplitter(),
    decode: (datagram) => decodeTeltonikaUdp(datagram),
    refusal: () => undefined,
    encodeCommand: () => UNSUPPORTED_PROTOCOL,
    answerTo: () => undefined,
  };
}

/** Codec 12 texts per catalogue type (FMB/FMC command list); `setdigout` drives DOUT1, the usual immobiliser relay. */
const TEXTS: Partial<Record<PendingCommand['type'], string>> = {
  engineStop: TELTONIKA_TEXTS.engineStop,
  engineResume: TELTONIKA_TEXTS.engineResume,
  positionQuery: TELTONIKA_TEXTS.position,
  queryStatus: TELTONIKA_TEXTS.status,
  queryParameters: TELTONIKA_TEXTS.parameters,
};

function encode(command: PendingCommand): EncodedCommand {
  const text = command.type === 'text' || command.type === 'custom' ? commandText(command) : TEXTS[command.type];
  return text === undefined ? unsupportedCommand(command) : { bytes: encodeTeltonikaCommand(text) };
}
