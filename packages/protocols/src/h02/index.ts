export { decodeH02, type H02DecoderOptions } from './decode.ts';
export { encodeH02Command, encodeH02Reply, h02Commands } from './encode.ts';
export { H02_BINARY_LENGTH, H02FrameSplitter, isH02Binary } from './frame.ts';
