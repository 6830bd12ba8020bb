import { COMMAND_TYPES } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { DeviceID, Literals, Nullable, ReplyOf } from './common.ts';

export const SendCommandBody = Type.Object({
  DeviceID,
  Type: Literals(COMMAND_TYPES),
  Text: Type.Optional(Type.String({ maxLength: 500, description: 'for text and custom commands' })),
  Params: Type.Optional(
    Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), { description: 'for setParameters' }),
  ),
});
export type SendCommandInput = Static<typeof SendCommandBody>;
/** SendCommand, and Command/Arm, Disarm, Lock and Unlock (body: DeviceIdBody). */
export const CommandIdReply = ReplyOf(Type.Object({ CommandID: Type.Integer() }));
export type CommandId = Static<typeof CommandIdReply>['data'];

export const CommandListBody = Type.Object({ DeviceID });
export const CommandRowSchema = Type.Object({
  CommandID: Type.Integer(),
  Type: Type.String(),
  Status: Type.String({ description: 'pending, sent, acknowledged, failed, timedOut' }),
  Result: Nullable(Type.String()),
  CreateTime: Type.String(),
  SentTime: Nullable(Type.String()),
  DoneTime: Nullable(Type.String()),
});
export type CommandRow = Static<typeof CommandRowSchema>;
export const CommandListReply = ReplyOf(Type.Array(CommandRowSchema));
