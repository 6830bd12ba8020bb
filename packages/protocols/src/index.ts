// @lodestar/protocols — pure tracker codecs: framing, decoding, replies and commands. No I/O.

export { crc16Ibm, crc16X25, xor8 } from './common/crc.ts';
export { gbkDecode, gbkEncode } from './common/gbk.ts';
export { type CellTower, formatCells, formatWifi, parseCells, parseWifi } from './common/network.ts';
export { type FrameSplitter, MAX_SPLITTER_BUFFER } from './common/splitter.ts';
export * from './common/types.ts';
export { hasDeviceIdForm, normaliseDeviceId } from './device-id.ts';
export * from './gt06/index.ts';
export * from './h02/index.ts';
export * from './jt808/index.ts';
export * from './osmand/index.ts';
export { OSMAND_DEFAULT_PORT, STREAM_PROTOCOLS, type StreamProtocol } from './registry.ts';
export * from './teltonika/index.ts';
