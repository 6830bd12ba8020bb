export { GT06_TIMER_SECONDS, gt06Texts } from './commands.ts';
export { decodeGt06, Gt06Session, type Gt06SessionOptions } from './decode.ts';
export { encodeGt06Ack, encodeGt06Command, encodeGt06Packet, encodeGt06TimeReply, GT06_COMMANDS } from './encode.ts';
export { type Gt06Frame, Gt06FrameSplitter, parseGt06Frame } from './frame.ts';
export { Gt06Type } from './messages.ts';
