import type { FrameSplitter } from './common/splitter.ts';
import type { DecodedMessage, ProtocolName } from './common/types.ts';
import { Gt06FrameSplitter, Gt06Session } from './gt06/index.ts';
import { decodeH02, H02FrameSplitter } from './h02/index.ts';
import { Jt808Decoder, Jt808FrameSplitter } from './jt808/index.ts';
import { TeltonikaFrameSplitter, TeltonikaSession } from './teltonika/index.ts';

/** What a TCP gateway needs per protocol: a splitter and a decoder per connection. */
export interface StreamProtocol {
  name: Exclude<ProtocolName, 'osmand'>;
  /** Traccar's default port for the protocol (PortConfigSuffix.java). */
  defaultPort: number;
  createSplitter(): FrameSplitter;
  /** Per-connection decoder; feed it every frame the splitter emits, in order. */
  createDecoder(): { decode(frame: Buffer): DecodedMessage };
}

export const STREAM_PROTOCOLS: Readonly<Record<StreamProtocol['name'], StreamProtocol>> = {
  gt06: {
    name: 'gt06',
    defaultPort: 5023,
    createSplitter: () => new Gt06FrameSplitter(),
    createDecoder: () => new Gt06Session(),
  },
  jt808: {
    name: 'jt808',
    defaultPort: 5015,
    createSplitter: () => new Jt808FrameSplitter(),
    createDecoder: () => new Jt808Decoder(),
  },
  h02: {
    name: 'h02',
    defaultPort: 5013,
    createSplitter: () => new H02FrameSplitter(),
    createDecoder: () => ({ decode: (frame: Buffer) => decodeH02(frame) }),
  },
  teltonika: {
    name: 'teltonika',
    defaultPort: 5027,
    createSplitter: () => new TeltonikaFrameSplitter(),
    createDecoder: () => new TeltonikaSession(),
  },
};

/** OsmAnd / Traccar Client speaks HTTP on this port (decode with decodeOsmAnd). */
export const OSMAND_DEFAULT_PORT = 5055;
