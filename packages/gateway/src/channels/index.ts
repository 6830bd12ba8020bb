import type { ProtocolName } from '@lodestar/protocols';
import { gt06Channel } from './gt06.ts';
import { h02Channel } from './h02.ts';
import { jt808Channel } from './jt808.ts';
import { teltonikaChannel, teltonikaUdpChannel } from './teltonika.ts';
import type { ChannelOptions, ProtocolChannel } from './types.ts';

export type { ChannelOptions, CommandAnswer, EncodedCommand, ProtocolChannel, SentCommand } from './types.ts';

export type StreamProtocolName = Exclude<ProtocolName, 'osmand'>;
export type ChannelFactory = () => ProtocolChannel;

/** A fresh channel per TCP connection (or per UDP peer). */
export function tcpChannelFactory(protocol: StreamProtocolName, o: ChannelOptions): ChannelFactory {
  switch (protocol) {
    case 'gt06':
      return () => gt06Channel(o);
    case 'jt808':
      return () => jt808Channel(o);
    case 'h02':
      return () => h02Channel(o);
    case 'teltonika':
      return teltonikaChannel;
  }
}

/** Protocols that also run over UDP here; GT06 devices use TCP. */
export function udpChannelFactory(protocol: StreamProtocolName, o: ChannelOptions): ChannelFactory | undefined {
  if (protocol === 'h02') return () => h02Channel(o);
  if (protocol === 'jt808') return () => jt808Channel(o);
  if (protocol === 'teltonika') return teltonikaUdpChannel;
  return undefined;
}
