export {
  JT808_AREA_ALARM,
  JT808_AREA_ALARM_MASK,
  JT808_AREA_KINDS,
  JT808_AREA_LIMITS,
  type Jt808AreaKind,
  type Jt808CircleArea,
  type Jt808PolygonArea,
  type Jt808RectangleArea,
  type Jt808Route,
  type Jt808RoutePoint,
  type Jt808ZoneDelete,
  type Jt808ZoneSet,
  type MicroLngLat,
} from './area.ts';
export {
  encodeJt808ZoneDelete,
  encodeJt808ZoneSet,
  JT808_AREA_DELETE_MSG,
  JT808_AREA_SET_MSG,
} from './area-encode.ts';
export { readJt808ZoneDelete, readJt808ZoneSet } from './area-payload.ts';
export {
  encodeJt808Message,
  encodeJt808SetParameters,
  encodePositionQuery,
  encodeQueryAttributes,
  encodeQueryParameters,
  encodeTemporaryTracking,
  JT808_PARAMETER_ITEMS,
  JT808_QUERY_MSG,
  type Jt808MessageFlags,
  jt808MessageFlag,
  jt808ParameterItems,
} from './commands.ts';
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
export { JT808_MEDIA_HEAD_BYTES } from './multimedia.ts';
export {
  decodeMediaReply,
  encodeJt808Part,
  encodeMediaEvent,
  encodeMediaReply,
  encodeMediaUpload,
  JT808_MAX_BODY,
} from './multimedia-encode.ts';
