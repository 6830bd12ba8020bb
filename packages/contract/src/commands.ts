/**
 * Commands down to devices (issue #18): the catalogue's typed commands (packages/domain command-catalogue.ts),
 * one device at a time or in batches of up to 1,000, each with an expiry, cancellable while queued, its status and
 * the device's answer recorded. Function 53 (send command); batches 78 (batch command); engineStop / engineResume
 * also 83 (lock/unlock) and the sender's password; photo also 49 (target image) and the device's VIP.
 */
import { BATCH_DEVICES_MAX, COMMAND_EXPIRY, COMMAND_STATUSES, COMMAND_TYPES, MESSAGE_TEXT_MAX } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { DeviceID, Id, Literals, Nullable, ReplyOf } from './common.ts';

/** Params' values: numbers, texts or booleans; the catalogue checks them per type (a 400 names `Params.<key>`). */
/**
 * One JSON type list, not a union: the server's validator coerces to a union's first member (a number became a
 * text), while a list of types keeps whichever the value already has.
 */
const ParamValue = Type.Unsafe<string | number | boolean>({ type: ['string', 'number', 'boolean'] });
export const CommandParams = Type.Record(Type.String(), ParamValue, {
  description: 'the type’s parameters, keys as Command/GetCommandTypes lists them',
});
export const ExpireMinutes = Type.Integer({
  minimum: COMMAND_EXPIRY.minMinutes,
  maximum: COMMAND_EXPIRY.maxMinutes,
  description: `minutes the command may wait for its device; ${COMMAND_EXPIRY.defaultMinutes} when absent`,
});
/** The sender's own password, asked again for engineStop / engineResume. */
const Password = Type.String({ minLength: 1, maxLength: 64 });

export const SendCommandBody = Type.Object({
  DeviceID,
  Type: Literals(COMMAND_TYPES),
  /** The older way to give a text / custom command's text (Params.text is the same). */
  Text: Type.Optional(Type.String({ maxLength: 500, description: 'for text and custom commands' })),
  Params: Type.Optional(CommandParams),
  ExpireMinutes: Type.Optional(ExpireMinutes),
  Password: Type.Optional(Password),
});
export type SendCommandInput = Static<typeof SendCommandBody>;
/** Command/Lock and Command/Unlock: the immobiliser from the monitor, with the sender's password again. */
export const ImmobiliserBody = Type.Object({ DeviceID, Password: Type.Optional(Password) });
export type ImmobiliserInput = Static<typeof ImmobiliserBody>;
/** SendCommand, Photo/TakePhoto, Command/Lock and Unlock, and Command/Arm and Disarm (body: DeviceIdBody). */
export const CommandIdReply = ReplyOf(Type.Object({ CommandID: Type.Integer() }));
export type CommandId = Static<typeof CommandIdReply>['data'];

export const CommandStatusSchema = Literals(COMMAND_STATUSES, {
  description: 'queued, sent, acknowledged, failed, expired, cancelled',
});

export const CommandListBody = Type.Object({ DeviceID });
export const CommandRowSchema = Type.Object({
  CommandID: Type.Integer(),
  Type: Type.String(),
  Status: CommandStatusSchema,
  /** The device's answer text, or why it failed ('unsupported protocol', 'timeout', 'terminal result 2' …). */
  Result: Nullable(Type.String()),
  /** The parameters it was sent with (text commands: { text }). */
  Params: CommandParams,
  BatchID: Nullable(Type.Integer()),
  UserName: Nullable(Type.String()),
  CreateTime: Type.String(),
  ExpireTime: Type.String(),
  SentTime: Nullable(Type.String()),
  DoneTime: Nullable(Type.String()),
});
export type CommandRow = Static<typeof CommandRowSchema>;
export const CommandListReply = ReplyOf(Type.Array(CommandRowSchema));

/** Command/GetCommandTypes: what the chosen devices (≤ 1000) or a unit's devices can be sent. */
export const CommandTypesBody = Type.Object({
  DeviceIDs: Type.Optional(Type.Array(DeviceID, { maxItems: BATCH_DEVICES_MAX })),
  HoldID: Type.Optional(Id),
});
export type CommandTypesInput = Static<typeof CommandTypesBody>;
export const CommandParamSchema = Type.Object({
  Key: Type.String(),
  Kind: Literals(['int', 'decimal', 'text', 'enum', 'bool'] as const),
  Required: Type.Boolean(),
  Min: Type.Optional(Type.Number()),
  Max: Type.Optional(Type.Number()),
  Scale: Type.Optional(Type.Integer()),
  MaxLength: Type.Optional(Type.Integer()),
  Options: Type.Optional(Type.Array(Type.Union([Type.String(), Type.Number()]))),
  Recommended: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Boolean()])),
});
export type CommandParamRow = Static<typeof CommandParamSchema>;
export const CommandTypeRowSchema = Type.Object({
  Type: Literals(COMMAND_TYPES),
  Params: Type.Array(CommandParamSchema),
  /** How many of the chosen devices can take it; the rest would fail as "unsupported protocol". */
  Supported: Type.Integer(),
  /** The chosen devices whose protocol cannot take it (at most 50 listed). */
  Unsupported: Type.Array(Type.String()),
  Immobiliser: Type.Boolean({ description: 'asks for the password again' }),
  VipOnly: Type.Boolean(),
  AdminOnly: Type.Boolean(),
});
export type CommandTypeRow = Static<typeof CommandTypeRowSchema>;
/** Every non-internal type the caller may send (its functions and account type), in catalogue order. */
export const CommandTypesReply = ReplyOf(
  Type.Object({ Devices: Type.Integer(), Types: Type.Array(CommandTypeRowSchema) }),
);
export type CommandTypes = Static<typeof CommandTypesReply>['data'];

/** Command/SendBatch: DeviceIDs (≤ 1000, "too many selected" beyond) or every device of HoldID's subtree. */
export const SendBatchBody = Type.Object({
  DeviceIDs: Type.Optional(Type.Array(DeviceID, { maxItems: BATCH_DEVICES_MAX })),
  HoldID: Type.Optional(Id),
  Type: Literals(COMMAND_TYPES),
  Params: Type.Optional(CommandParams),
  ExpireMinutes: Type.Optional(ExpireMinutes),
  Password: Type.Optional(Password),
});
export type SendBatchInput = Static<typeof SendBatchBody>;
/** Devices that cannot take the type get a row failed with 'unsupported protocol' (or 'device VIP expired'). */
export const BatchIdReply = ReplyOf(Type.Object({ BatchID: Type.Integer(), Count: Type.Integer() }));
export type BatchId = Static<typeof BatchIdReply>['data'];

export const BatchBody = Type.Object({ BatchID: Id });
export const BatchRowSchema = Type.Object({
  CommandID: Type.Integer(),
  DeviceID: Type.String(),
  DeviceName: Type.String(),
  Plate: Nullable(Type.String()),
  Status: CommandStatusSchema,
  Result: Nullable(Type.String()),
  SentTime: Nullable(Type.String()),
  DoneTime: Nullable(Type.String()),
});
export type BatchRow = Static<typeof BatchRowSchema>;
export const BatchCountsSchema = Type.Object({
  queued: Type.Integer(),
  sent: Type.Integer(),
  acknowledged: Type.Integer(),
  failed: Type.Integer(),
  expired: Type.Integer(),
  cancelled: Type.Integer(),
});
export type BatchCounts = Static<typeof BatchCountsSchema>;
/** Command/GetBatch: the batch and every device's row (≤ 1000), in the order the devices were named. */
export const BatchReply = ReplyOf(
  Type.Object({
    BatchID: Type.Integer(),
    Kind: Literals(['command', 'message'] as const),
    Type: Type.String(),
    Params: CommandParams,
    UserName: Nullable(Type.String()),
    CreateTime: Type.String(),
    ExpireTime: Type.String(),
    Counts: BatchCountsSchema,
    Rows: Type.Array(BatchRowSchema),
  }),
);
export type Batch = Static<typeof BatchReply>['data'];

/** Command/CancelCommand: one queued command (CommandID) or every queued command of a batch (BatchID). */
export const CancelCommandBody = Type.Object({ CommandID: Type.Optional(Id), BatchID: Type.Optional(Id) });
export type CancelCommandInput = Static<typeof CancelCommandBody>;
export const CancelledReply = ReplyOf(Type.Object({ Cancelled: Type.Integer() }));

/** Command/RetryBatch: the batch's failed and expired commands queued again (same rows, a fresh expiry). */
export const RetryBatchBody = Type.Object({
  BatchID: Id,
  ExpireMinutes: Type.Optional(ExpireMinutes),
  Password: Type.Optional(Password),
});
export type RetryBatchInput = Static<typeof RetryBatchBody>;
export const RetriedReply = ReplyOf(Type.Object({ Retried: Type.Integer() }));

/** Command/ExportBatch answers FileIdReply: the batch's rows as .xlsx in the download centre. */
export const ExportBatchBody = BatchBody;

export { MESSAGE_TEXT_MAX };
