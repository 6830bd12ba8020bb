/**
 * Notices administrators write for their subtree (issue #21, spec section 3 "Notice"), the hold branding (custom
 * title and logo, spec section 5) and the platform setting (spec section 6). Notice/GetNoticeList, GetUnreadCount
 * and MarkRead are the bell's user notices (notices.ts); these are the bulletin calls beside them.
 */
import {
  BRANDING_LOGO_MAX_BASE64,
  BULLETIN_LEVELS,
  BULLETIN_LIMITS,
  BULLETIN_STATES,
  PLATFORMS,
} from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { DateTimeText, Empty, Id, Literals, Nullable, PageOf, Paging, ReplyOf, SortOf } from './common.ts';

const Title = Type.String({ minLength: 1, maxLength: BULLETIN_LIMITS.titleMax });
const Body = Type.String({
  minLength: 1,
  maxLength: BULLETIN_LIMITS.bodyMax,
  description: 'HTML; the server keeps only an allow-list of tags and attributes (no script, event or javascript:)',
});
const ShowLevel = Literals(BULLETIN_LEVELS, {
  description: 'banner: top of the console until dismissed; popup: once after log-in; list: the list only',
});
const State = Literals(BULLETIN_STATES);
const BeginTime = Type.Optional(DateTimeText);

/** Notice/AddNotice (74): HoldID's subtree reads it (absent: the caller's hold); BeginTime absent: now. */
export const AddNoticeBody = Type.Object({ HoldID: Type.Optional(Id), Title, Body, BeginTime, ShowLevel });
export type AddNoticeInput = Static<typeof AddNoticeBody>;
export const AddNoticeReply = ReplyOf(Type.Object({ BulletinID: Type.Integer(), VersionID: Type.Integer() }));

/** Notice/ModifyNotice (74): a new version; the one it replaces becomes old. */
export const ModifyNoticeBody = Type.Object({ BulletinID: Id, Title, Body, BeginTime, ShowLevel });
export type ModifyNoticeInput = Static<typeof ModifyNoticeBody>;
export const ModifyNoticeReply = ReplyOf(Type.Object({ VersionID: Type.Integer(), Version: Type.Integer() }));

/** Notice/RemoveNotice (74): the notices' newest versions become deleted. */
export const RemoveNoticeBody = Type.Object({
  BulletinIDs: Type.Array(Id, { minItems: 1, maxItems: BULLETIN_LIMITS.removeMax }),
});
export const RemoveNoticeReply = Empty;

export const BULLETIN_SORT_COLUMNS = ['BeginTime', 'UpdateTime', 'Title'] as const;
/** Notice/GetBulletinList (74): every version of the subtree's notices, newest edit first unless sorted. */
export const BulletinListBody = Type.Object({
  ...Paging,
  ...SortOf(BULLETIN_SORT_COLUMNS),
  HoldID: Type.Optional(Id),
  Keyword: Type.Optional(Type.String({ maxLength: BULLETIN_LIMITS.titleMax, description: 'part of the title' })),
  States: Type.Optional(Type.Array(State, { maxItems: BULLETIN_STATES.length })),
});
export type BulletinListInput = Static<typeof BulletinListBody>;

export const BulletinRowSchema = Type.Object({
  VersionID: Type.Integer(),
  BulletinID: Type.Integer(),
  Version: Type.Integer(),
  HoldID: Type.Integer(),
  HoldName: Type.String(),
  Title: Type.String(),
  Body: Type.String({ description: 'sanitised HTML' }),
  BeginTime: Type.String(),
  ShowLevel,
  State,
  Creator: Type.String({ description: "the notice's author" }),
  Editor: Type.String({ description: "this version's author" }),
  CreateTime: Type.String({ description: 'the notice written' }),
  UpdateTime: Type.String({ description: 'this version written' }),
});
export type BulletinRow = Static<typeof BulletinRowSchema>;
export const BulletinListReply = PageOf(BulletinRowSchema);

export const CurrentBulletinSchema = Type.Object({
  VersionID: Type.Integer(),
  BulletinID: Type.Integer(),
  Title: Type.String(),
  Body: Type.String({ description: 'sanitised HTML' }),
  BeginTime: Type.String(),
  ShowLevel,
  HoldName: Type.String(),
  Read: Type.Boolean({ description: 'the caller saw the pop-up or dismissed the banner of this version' }),
});
export type CurrentBulletin = Static<typeof CurrentBulletinSchema>;
/** Notice/GetCurrent (every user): the current notices of the caller's hold and its ancestors, newest first. */
export const CurrentBulletinsReply = ReplyOf(Type.Array(CurrentBulletinSchema));

/** Notice/MarkCurrentRead (every user): versions the caller may read now. */
export const MarkCurrentReadBody = Type.Object({
  VersionIDs: Type.Array(Id, { minItems: 1, maxItems: BULLETIN_LIMITS.removeMax }),
});
export type MarkCurrentReadInput = Static<typeof MarkCurrentReadBody>;

/**
 * Notice/GetMyBulletins (every user): the notices of the caller's hold and its ancestors it can see in its own list,
 * one row a version: the current ones and the old versions that were current for a while (an edit replaced them
 * after their begin time); never a deleted notice's, a scheduled one or another unit's. Newest begin time first.
 */
export const MyBulletinListBody = Type.Object({
  ...Paging,
  UnreadOnly: Type.Optional(Type.Boolean({ description: 'only the current versions the caller has not read' })),
});
export type MyBulletinListInput = Static<typeof MyBulletinListBody>;
export const MyBulletinRowSchema = Type.Object({
  ...CurrentBulletinSchema.properties,
  State: Literals(['current', 'old'] as const),
});
export type MyBulletinRow = Static<typeof MyBulletinRowSchema>;
export const MyBulletinListReply = PageOf(MyBulletinRowSchema);

const BrandingTitle = Type.String({
  minLength: 1,
  maxLength: 30,
  pattern: '^[\\p{L}\\p{N}]{1,30}$',
  description: '1 to 30 letters or digits (any script)',
});
const Logo = Type.String({
  maxLength: BRANDING_LOGO_MAX_BASE64,
  description: 'base64 of a PNG of exactly 40 by 40 pixels',
});
const Platform = Literals(PLATFORMS, { description: '1 or 2: layout and external system link (spec section 6)' });
const ExternalLink = Type.String({ maxLength: 300, pattern: '^https?://\\S+$', description: 'http(s) URL' });

/**
 * User/SetBranding (68 or 69): the hold's own title, logo, platform and external link; null clears a field (the
 * hold then inherits its ancestors'), absent leaves it. ApplyToSubordinates clears the subordinate units' own
 * title and logo so they show these; it needs ConfirmWord (domain BRANDING_CONFIRM_WORD).
 */
export const SetBrandingBody = Type.Object({
  HoldID: Type.Optional(Id),
  Title: Type.Optional(Nullable(BrandingTitle)),
  Logo: Type.Optional(Nullable(Logo)),
  Platform: Type.Optional(Nullable(Platform)),
  ExternalLink: Type.Optional(Nullable(ExternalLink)),
  ApplyToSubordinates: Type.Optional(Type.Boolean()),
  ConfirmWord: Type.Optional(Type.String({ maxLength: 30 })),
});
export type SetBrandingInput = Static<typeof SetBrandingBody>;

/** User/GetBranding (every user; HoldID in the caller's subtree, default its own hold). */
export const GetBrandingBody = Type.Object({ HoldID: Type.Optional(Id) });
export type GetBrandingInput = Static<typeof GetBrandingBody>;
const BrandingFields = {
  Title: Nullable(Type.String()),
  Logo: Nullable(Type.String({ description: 'base64 PNG' })),
  Platform: Nullable(Platform),
  ExternalLink: Nullable(Type.String()),
};
export const BrandingSchema = Type.Object({
  HoldID: Type.Integer(),
  /** What the header shows: the hold's own, else the nearest ancestor's; the deployment's PLATFORM when none is set. */
  Effective: Type.Object({ ...BrandingFields, Platform }),
  /** The hold's own settings (null: inherited). */
  Own: Type.Object(BrandingFields),
});
export type Branding = Static<typeof BrandingSchema>;
export const BrandingReply = ReplyOf(BrandingSchema);
