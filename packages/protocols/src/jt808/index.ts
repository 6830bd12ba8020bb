export { decodeJt808, Jt808Decoder, type Jt808DecoderOptions, jt808DeviceId } from './decode.ts';
export {
  encodeCameraShoot,
  encodeGeneralReply,
  encodeJt808,
  encodeRegisterReply,
  encodeSetParameters,
  encodeTerminalControl,
  encodeTextMessage,
  encodeTimeSyncReply,
  JT808_CONTROL,
  type Jt808CameraShot,
  type Jt808Parameter,
  type Jt808Target,
  jt808TerminalId,
} from './encode.ts';
export {
  escapeJt808,
  type Jt808Frame,
  Jt808FrameSplitter,
  type Jt808Header,
  parseJt808Frame,
  unescapeJt808,
} from './frame.ts';
export { JT808_DEVICE_ZONE_MINUTES, Jt808MsgId } from './messages.ts';
