import { type Static, Type } from 'typebox';
import { Id, Paging, ReplyOf } from './common.ts';

export const NoticeListBody = Type.Object({
  ...Paging,
  Read: Type.Union([Type.Literal(-1), Type.Literal(0), Type.Literal(1)], {
    default: -1,
    description: '-1 all, 0 unread, 1 read',
  }),
});
export type NoticeListInput = Static<typeof NoticeListBody>;

export const NoticeRow = Type.Object({
  NoticeID: Type.Integer(),
  Kind: Type.String({ description: 'NoticeKind (packages/domain): simExpiring, vipExpired, invoiceIssued…' }),
  Title: Type.String({ description: "in the caller's language" }),
  Content: Type.String(),
  Link: Type.String({ description: 'a console path' }),
  Read: Type.Boolean(),
  CreateTime: Type.String(),
});
export type NoticeRow = Static<typeof NoticeRow>;
export const NoticeList = Type.Object({
  rows: Type.Array(NoticeRow),
  total: Type.Integer(),
  Unread: Type.Integer({ description: "the caller's unread notices (all of them, whatever the filter)" }),
});
export type NoticeList = Static<typeof NoticeList>;
export const NoticeListReply = ReplyOf(NoticeList);

export const UnreadCountReply = ReplyOf(Type.Integer({ description: "the caller's unread notices" }));

export const MarkReadBody = Type.Object({
  NoticeIDs: Type.Optional(Type.Array(Id, { maxItems: 1000 })),
  All: Type.Optional(Type.Boolean()),
});
export type MarkReadInput = Static<typeof MarkReadBody>;
export const MarkReadReply = ReplyOf(Type.Object({ Count: Type.Integer({ description: 'notices marked read' }) }));
export type MarkReadResult = Static<typeof MarkReadReply>['data'];
