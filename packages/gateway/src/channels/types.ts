import type { DecodedMessage, FrameSplitter, ProtocolName } from '@lodestar/protocols';
import type { PendingCommand } from '../ports.ts';

/**
 * One connection's protocol: framing, the stateful decoder, how an unknown device is refused, and how commands
 * are encoded and their answers recognised. Everything protocol-specific the gateway needs is here.
 */
export interface ProtocolChannel {
  readonly protocol: ProtocolName;
  readonly splitter: FrameSplitter;
  decode(frame: Buffer): DecodedMessage;
  /** Bytes that tell an unknown device it is refused, in the protocol's way; undefined: just close. */
  refusal(message: DecodedMessage, frame: Buffer): Buffer | undefined;
  encodeCommand(command: PendingCommand, deviceId: string): EncodedCommand;
  /** Which sent command (if any) this device message answers. */
  answerTo(message: DecodedMessage, sent: readonly SentCommand[]): CommandAnswer | undefined;
  /** The answer to a multimedia upload naming the packets still missing (none: all arrived); JT/T 808 only. */
  mediaReply?(mediaId: number, missing: readonly number[]): Buffer | undefined;
}

/** The bytes to write and what identifies the answer (JT/T 808 serial, H02 command word …), or why not. */
export type EncodedCommand = { bytes: Buffer; key?: string } | { unsupported: string };

export interface SentCommand {
  command: PendingCommand;
  key?: string;
  sentAt: Date;
  timer?: NodeJS.Timeout;
}

export interface CommandAnswer {
  sent: SentCommand;
  ok: boolean;
  result?: string;
}

export interface ChannelOptions {
  gt06AckLocations: boolean;
  h02AckReports: boolean;
  now: () => Date;
}

export const UNSUPPORTED_PROTOCOL = { unsupported: 'unsupported protocol' } as const;

export function unsupportedCommand(command: PendingCommand): EncodedCommand {
  return { unsupported: `unsupported command ${command.type}` };
}

/** A catalogue command's Params (stored as payload.params); {} when it has none. */
export function paramsOf(command: PendingCommand): Readonly<Record<string, unknown>> {
  const p = command.payload.params;
  return typeof p === 'object' && p !== null && !Array.isArray(p) ? (p as Record<string, unknown>) : {};
}

/** The free text of a 'text', 'custom' or 'message' command (payload.text, else its Params' text), if any. */
export function commandText(command: PendingCommand): string | undefined {
  const text = command.payload.text ?? paramsOf(command).text;
  return typeof text === 'string' && text !== '' ? text : undefined;
}

/** A numeric Param, or undefined when absent or not a number. */
export function numberParam(params: Readonly<Record<string, unknown>>, key: string): number | undefined {
  const v = params[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** A bad value the server's check let through fails its command with the reason, like an unsupported one. */
export function badParams(command: PendingCommand, reason: string): EncodedCommand {
  return { unsupported: `${command.type}: ${reason}` };
}

/** The oldest sent command: protocols whose answers carry no reference are answered in order. */
export function oldest(sent: readonly SentCommand[]): SentCommand | undefined {
  return sent[0];
}

/** One datagram is one frame (Teltonika UDP): no stream framing. */
export class DatagramSplitter implements FrameSplitter {
  readonly buffered = 0;
  readonly discarded = 0;

  push(chunk: Buffer): Buffer[] {
    return chunk.length > 0 ? [chunk] : [];
  }
}
