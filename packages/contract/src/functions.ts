import { FUNCTION_GROUPS } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { Literals, Nullable, ReplyOf } from './common.ts';

/** Function/GetFunctionList: the functions the caller may grant, exactly those it holds (spec section 6). */
export const FunctionRowSchema = Type.Object({
  id: Type.Integer(),
  key: Type.String(),
  group: Literals(FUNCTION_GROUPS),
  parent: Nullable(Type.Integer()),
  name: Type.Object({ zh: Type.String(), en: Type.String(), fr: Type.String() }),
});
export type FunctionRow = Static<typeof FunctionRowSchema>;
export const FunctionListReply = ReplyOf(Type.Array(FunctionRowSchema));
