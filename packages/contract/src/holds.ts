import type { HoldTypeCode } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { type DataOf, HoldTypeSchema, Id, ReplyOf } from './common.ts';

const HoldName = Type.String({ minLength: 1, maxLength: 64 });

export const HoldQuery = Type.Object({ HoldName: Type.Optional(Type.String({ maxLength: 64 })) });
export const AddHoldBody = Type.Object({ HoldName, parentHoldId: Id, HoldType: HoldTypeSchema });
export const ModifyHoldBody = Type.Object({
  HoldID: Id,
  HoldName: Type.Optional(HoldName),
  HoldType: Type.Optional(HoldTypeSchema),
});
export const RemoveHoldBody = Type.Object({ HoldID: Id });
export const MoveHoldBody = Type.Object({ HoldID: Id, parentHoldId: Id });

/** A node of Hold/GetLeftHold's tree, as the server builds it and the console walks it. */
export interface HoldNode {
  HoldID: number;
  HoldName: string;
  parentHoldId: number | null;
  HoldType: HoldTypeCode;
  isLeaf: boolean;
  type: 'hold';
  /** How many holds sit below this one. */
  count: number;
  Children: HoldNode[];
}

/** Recursive, so described rather than serialised by schema: HoldNode above is its type. */
export const TreeReply = ReplyOf(
  Type.Array(Type.Any(), {
    description: 'HoldNode[]: { HoldID, HoldName, Children: HoldNode[], parentHoldId, HoldType, isLeaf, type, count }',
  }),
);
export const SelectReply = ReplyOf(
  Type.Array(
    Type.Object({
      HoldID: Type.Integer(),
      HoldName: Type.String(),
      parentHoldId: Type.Union([Type.Integer(), Type.Null()]),
      HoldType: HoldTypeSchema,
    }),
  ),
);
export const AddHoldReply = ReplyOf(Type.Object({ HoldID: Type.Integer() }));

export type AddHoldInput = Static<typeof AddHoldBody>;
export type ModifyHoldInput = Static<typeof ModifyHoldBody>;
export type MoveHoldInput = Static<typeof MoveHoldBody>;
export type AddHoldData = DataOf<typeof AddHoldReply>;
/** A row of hold/getholdselect. */
export type HoldOption = Static<typeof SelectReply>['data'][number];
