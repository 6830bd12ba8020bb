/**
 * Send message (issue #18, /monitor/message, function 52): a text to one or many devices' screens or speech
 * (JT/T 808 0x8300 with its flags, GT06 0x80 text; H02 and Teltonika have no driver-text downlink, their texts are
 * executed as commands, so they answer "unsupported protocol" and SMS is their way), queued as commands of type `message` in one
 * batch, or an SMS to the device's SIM (SIM administration's SMS provider) when the device is offline and the
 * sender chooses it. The list shows their delivery as commands show theirs.
 */
import { BATCH_DEVICES_MAX, COMMAND_STATUSES, MESSAGE_TEXT_MAX } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { CommandStatusSchema, ExpireMinutes } from './commands.ts';
import { DateTimeText, DeviceID, Id, Literals, Nullable, PageOf, Paging, ReplyOf, SortOf } from './common.ts';

export const MessageFlagsSchema = Type.Object({
  Urgent: Type.Optional(Type.Boolean()),
  Display: Type.Optional(Type.Boolean()),
  Tts: Type.Optional(Type.Boolean()),
  Advert: Type.Optional(Type.Boolean()),
});
export type MessageFlags = Static<typeof MessageFlagsSchema>;

export const SendMessageBody = Type.Object({
  DeviceIDs: Type.Array(DeviceID, { minItems: 1, maxItems: BATCH_DEVICES_MAX }),
  Text: Type.String({ minLength: 1, maxLength: MESSAGE_TEXT_MAX }),
  Flags: Type.Optional(MessageFlagsSchema),
  /** Devices offline now get the text as an SMS to their SIM instead (those without a SIM number fail). */
  ViaSms: Type.Optional(Type.Boolean()),
  ExpireMinutes: Type.Optional(ExpireMinutes),
});
export type SendMessageInput = Static<typeof SendMessageBody>;
/** BatchID for Command/GetBatch's live progress. */
export const SendMessageReply = ReplyOf(Type.Object({ BatchID: Type.Integer(), Count: Type.Integer() }));

export const MESSAGE_SORT_COLUMNS = ['CreateTime', 'DeviceID', 'Status'] as const;
export const MessageListBody = Type.Object({
  HoldID: Type.Optional(Id),
  DeviceID: Type.Optional(DeviceID),
  Status: Type.Optional(Literals(COMMAND_STATUSES)),
  StartTime: DateTimeText,
  EndTime: DateTimeText,
  ...Paging,
  ...SortOf(MESSAGE_SORT_COLUMNS),
});
export type MessageListInput = Static<typeof MessageListBody>;
export const MessageRowSchema = Type.Object({
  MessageID: Type.Integer({ description: 'the CommandID of the message' }),
  BatchID: Nullable(Type.Integer()),
  DeviceID: Type.String(),
  DeviceName: Type.String(),
  Plate: Nullable(Type.String()),
  Text: Type.String(),
  Flags: MessageFlagsSchema,
  Via: Literals(['device', 'sms'] as const),
  Status: CommandStatusSchema,
  Result: Nullable(Type.String()),
  UserName: Nullable(Type.String()),
  CreateTime: Type.String(),
  SentTime: Nullable(Type.String()),
  DoneTime: Nullable(Type.String()),
});
export type MessageRow = Static<typeof MessageRowSchema>;
export const MessageListReply = PageOf(MessageRowSchema);
