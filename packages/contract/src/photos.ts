/**
 * Photos (issue #18, /monitor/photo): "take a photo" queues JT/T 808 0x8801 on a VIP device (functions 49 target
 * image and 53 send command); what terminals upload (0x0800 / 0x0801, on command or on their own alarms) is
 * reassembled by the gateway, checked as a JPEG and stored under DATA_DIR. The list (function 37) answers the
 * newest 300 at most (spec section 9) and says when there were more ("too many images (latest 300 only)").
 */
import { PHOTO_RESOLUTIONS } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { DateTimeText, DeviceID, Id, Literals, Nullable, ReplyOf } from './common.ts';

export const TakePhotoBody = Type.Object({
  DeviceID,
  Channel: Type.Integer({ minimum: 1, maximum: 255 }),
  Count: Type.Integer({ minimum: 1, maximum: 65535 }),
  Interval: Type.Integer({ minimum: 0, maximum: 65535, description: 'seconds between shots' }),
  Resolution: Literals(PHOTO_RESOLUTIONS, {
    description: '1 320×240, 2 640×480, 3 800×600, 4 1024×768, 5 176×144, 6 352×288, 7 704×288, 8 704×576',
  }),
  Quality: Type.Integer({ minimum: 1, maximum: 10, description: '1 best … 10 smallest' }),
  ExpireMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 10080 })),
});
export type TakePhotoInput = Static<typeof TakePhotoBody>;

export const PhotoListBody = Type.Object({
  HoldID: Type.Optional(Id),
  DeviceID: Type.Optional(DeviceID),
  StartTime: DateTimeText,
  EndTime: DateTimeText,
  Channel: Type.Optional(Type.Integer({ minimum: 1, maximum: 255 })),
});
export type PhotoListInput = Static<typeof PhotoListBody>;
export const PhotoRowSchema = Type.Object({
  PhotoID: Type.Integer(),
  DeviceID: Type.String(),
  DeviceName: Type.String(),
  Plate: Nullable(Type.String()),
  Channel: Type.Integer(),
  /** The terminal's time of the shot (its 0x0801 location), in the caller's zone. */
  Time: Type.String(),
  Lat: Nullable(Type.Number()),
  Lng: Nullable(Type.Number()),
  /** Bytes of the JPEG. */
  Size: Type.Integer(),
  /** 0x0800 event code: 0 platform command, 1 timed, 2 robbery alarm, 3 collision or rollover, … */
  Event: Type.Integer(),
});
export type PhotoRow = Static<typeof PhotoRowSchema>;
/** Newest first, at most 300; More: there were older ones in the range (the console shows the spec's message). */
export const PhotoListReply = ReplyOf(Type.Object({ Rows: Type.Array(PhotoRowSchema), More: Type.Boolean() }));
export type PhotoList = Static<typeof PhotoListReply>['data'];

/** Photo/GetPhoto (GET, query PhotoID and the token as GetFile takes it): the JPEG itself. */
export const PhotoQuery = Type.Object({ PhotoID: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) });
export type PhotoQueryInput = Static<typeof PhotoQuery>;
