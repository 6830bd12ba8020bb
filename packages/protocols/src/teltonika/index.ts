export { TeltonikaCodec } from './avl.ts';
export { decodeAvlData, decodeTeltonikaUdp, TeltonikaSession, type TeltonikaSessionOptions } from './decode.ts';
export {
  encodeTeltonikaAck,
  encodeTeltonikaCommand,
  encodeTeltonikaImeiReply,
  encodeTeltonikaUdpAck,
  TELTONIKA_TEXTS,
} from './encode.ts';
export { avlCrcValid, TeltonikaFrameSplitter, teltonikaFrameKind } from './frame.ts';
